import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { documents } from './documents';

/** What a PIDX invoice said beyond metadata and lines (docs/pidx.md). Migration 0047. */
export interface PidxLineDetails {
  lineNumber: number;
  /** The PIDX LineItemNumber as sent. */
  pidxLineNumber: string;
  itemCode: string | null;
  unitOfMeasure: string | null;
  serviceDate: string | null;
  afe: string | null;
  costCenter: string | null;
  contractNumber: string | null;
  /** The field ticket the line bills, when the PIDX line referenced one (issue 32). */
  fieldTicketNumber?: string | null;
  /** A tax line: the line number it taxes (null for an invoice-level tax) and its type code. */
  taxOf?: number | null;
  taxType?: string | null;
}

export interface PidxInvoiceDetails {
  wellName: string | null;
  wellIdentifier: string | null;
  contractNumber: string | null;
  comment: string | null;
  lines: PidxLineDetails[];
}

export const pidxInvoices = pgTable(
  'pidx_invoices',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    senderCompanyId: integer('sender_company_id')
      .notNull()
      .references(() => companies.id),
    receiverCompanyId: integer('receiver_company_id')
      .notNull()
      .references(() => companies.id),
    invoiceNumber: varchar('invoice_number', { length: 100 }).notNull(),
    invoiceTypeCode: varchar('invoice_type_code', { length: 50 }),
    currency: varchar('currency', { length: 3 }).notNull(),
    details: jsonb('details').$type<PidxInvoiceDetails>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pidx_invoices_sender_idx').on(t.senderCompanyId)],
);

/** The export feed's per-company counter (see the migration for why not a sequence). */
export const erpExportCounters = pgTable('erp_export_counters', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
});

/** One row per approval on a receiving side, numbered in commit order (trigger, migration 0047). */
export const erpApprovals = pgTable(
  'erp_approvals',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    exportCount: integer('export_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'erp_approvals_pk', columns: [t.companyId, t.seq] }),
    index('erp_approvals_document_idx').on(t.companyId, t.documentId),
  ],
);
