import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';
import { companies } from './companies';
import { documents } from './documents';

/** One line's stored verdict (docs/three-way-match.md). */
export interface StoredLineMatch {
  lineNumber: number;
  verdict: 'matched' | 'priceDiffers' | 'noTicket' | 'quantityOverTicket';
  /** The exceptions list's words ('' when matched). */
  reason: string;
  itemCode: string | null;
  quantity: string | null;
  unitPrice: string | null;
  expectedUnitPrice: string | null;
  priceBookVersionId: number | null;
  priceBookVersionNumber: number | null;
  ticketNumbers: string[];
}

/**
 * The three-way match of an invoice as it arrived at the operator (issue 32 item 4; migration
 * 0075). The receiver owns the row.
 */
export const invoiceMatches = pgTable(
  'invoice_matches',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    counterpartyCompanyId: integer('counterparty_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    verdict: varchar('verdict', { length: 12 }).$type<'matched' | 'exceptions'>().notNull(),
    reasonKinds: varchar('reason_kinds', { length: 20 }).array().notNull().default([]),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    lines: jsonb('lines').$type<StoredLineMatch[]>().notNull().default([]),
    ticketDocumentIds: integer('ticket_document_ids').array().notNull().default([]),
    ticketNumbers: text('ticket_numbers').array().notNull().default([]),
    priceBookVersionIds: integer('price_book_version_ids').array().notNull().default([]),
    expectedTotal: numeric('expected_total', { precision: 14, scale: 2 }),
    touchless: boolean('touchless').notNull().default(false),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    acceptComment: varchar('accept_comment', { length: 2000 }),
  },
  (t) => [
    check('invoice_matches_verdict_check', sql`${t.verdict} IN ('matched', 'exceptions')`),
    index('invoice_matches_open_exceptions_idx')
      .on(t.companyId, t.documentId.desc())
      .where(sql`${t.verdict} = 'exceptions' AND ${t.acceptedAt} IS NULL`),
    index('invoice_matches_company_vendor_idx').on(
      t.companyId,
      t.counterpartyCompanyId,
      t.matchedAt,
    ),
    index('invoice_matches_tickets_idx').using('gin', t.ticketDocumentIds),
  ],
);
