import {
  char,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';
import { companies } from './companies';
import { documents } from './documents';

/**
 * Issue 32 item 2 (docs/field-tickets.md, migration 0074): a field ticket's row beside its
 * document — the phone's client id (unique per vendor: an offline retry creates nothing twice)
 * and the header the lists page through — and the wellsite sign-off's evidence.
 */
export const fieldTickets = pgTable(
  'field_tickets',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The vendor that wrote it and the operator it is for. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    counterpartyCompanyId: integer('counterparty_company_id').references(() => companies.id),
    clientId: uuid('client_id').notNull(),
    ticketNumber: varchar('ticket_number', { length: 50 }).notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    wellName: varchar('well_name', { length: 200 }).notNull(),
    afe: varchar('afe', { length: 50 }),
    total: varchar('total', { length: 40 }).notNull(),
    lineCount: integer('line_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('field_tickets_company_client_key').on(t.companyId, t.clientId),
    index('field_tickets_company_date_idx').on(
      t.companyId,
      sql`${t.serviceDate} DESC`,
      sql`${t.documentId} DESC`,
    ),
    index('field_tickets_counterparty_date_idx').on(
      t.counterpartyCompanyId,
      sql`${t.serviceDate} DESC`,
      sql`${t.documentId} DESC`,
    ),
  ],
);

/** The operator's representative's sign-off on the vendor's phone, with its evidence. */
export const fieldTicketSignoffs = pgTable('field_ticket_signoffs', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  counterpartyCompanyId: integer('counterparty_company_id').references(() => companies.id),
  clientId: uuid('client_id').notNull(),
  signerName: varchar('signer_name', { length: 255 }).notNull(),
  signerTitle: varchar('signer_title', { length: 255 }),
  /** The phone's clock, and the server's when the sign-off arrived. */
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  accuracyMeters: doublePrecision('accuracy_meters'),
  signatureSha256: char('signature_sha256', { length: 64 }).notNull(),
  signaturePngBase64: text('signature_png_base64').notNull(),
  /** The vendor's user who held the phone. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: varchar('user_name', { length: 255 }),
  ip: varchar('ip', { length: 100 }),
  userAgent: text('user_agent'),
  pdfSha256Before: char('pdf_sha256_before', { length: 64 }).notNull(),
  pdfSha256After: char('pdf_sha256_after', { length: 64 }).notNull(),
  /** SHA-256 over the canonical JSON of every field above (docs/field-tickets.md). */
  evidenceSha256: char('evidence_sha256', { length: 64 }).notNull(),
});
