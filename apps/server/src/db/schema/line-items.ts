import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { companies } from './companies';
import { documents } from './documents';

/**
 * Detail line items (docs/line-items.md). Values are canonical text like metadata values
 * (numbers as plain decimals); the sender owns these rows.
 */
export const documentLineItems = pgTable(
  'document_line_items',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id').notNull(),
    /**
     * The document's owner (migration 0077): row-level security lets the sender's reads and
     * inserts through on this column instead of a function call per row. Part of the foreign key
     * to documents, so it cannot differ from the document's.
     */
    ownerCompanyId: integer('owner_company_id').notNull(),
    lineNumber: integer('line_number').notNull(),
    description: varchar('description', { length: 500 }),
    quantity: varchar('quantity', { length: 40 }),
    unitPrice: varchar('unit_price', { length: 40 }),
    amount: varchar('amount', { length: 40 }),
    /** Issue 32: the price-book item a line bills, its unit, and the day the work was done. */
    itemCode: varchar('item_code', { length: 50 }),
    uom: varchar('uom', { length: 20 }),
    serviceDate: date('service_date', { mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('document_line_items_document_line_key').on(t.documentId, t.lineNumber),
    foreignKey({
      name: 'document_line_items_document_owner_fk',
      columns: [t.ownerCompanyId, t.documentId],
      foreignColumns: [documents.ownerCompanyId, documents.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/** A receiving company's coding of one line, kept on its side. */
export const lineItemCoding = pgTable(
  'line_item_coding',
  {
    lineItemId: integer('line_item_id')
      .notNull()
      .references(() => documentLineItems.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    afe: varchar('afe', { length: 50 }),
    costCenter: varchar('cost_center', { length: 50 }),
    accountCode: varchar('account_code', { length: 50 }),
    well: varchar('well', { length: 50 }),
    property: varchar('property', { length: 50 }),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'line_item_coding_pk', columns: [t.lineItemId, t.companyId] }),
    index('line_item_coding_company_document_idx').on(t.companyId, t.documentId),
  ],
);

/** A company's known codes per account kind (lookups for coding, type-ahead). */
export const accountCodes = pgTable(
  'account_codes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountKind: smallint('account_kind').notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('account_codes_company_kind_code_key').on(t.companyId, t.accountKind, t.code),
  ],
);

/**
 * Issue 32 item 3 (docs/field-tickets.md): a field ticket billed by an AR invoice. The ticket is
 * the key, so a ticket can be billed once; deleting the draft invoice frees its tickets.
 */
export const fieldTicketBillings = pgTable(
  'field_ticket_billings',
  {
    ticketDocumentId: integer('ticket_document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    invoiceDocumentId: integer('invoice_document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The vendor that billed the ticket and the operator it billed. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    counterpartyCompanyId: integer('counterparty_company_id').references(() => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('field_ticket_billings_invoice_idx').on(t.invoiceDocumentId)],
);
