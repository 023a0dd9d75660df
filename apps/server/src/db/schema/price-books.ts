import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { companies } from './companies';
import { parties } from './parties';

/**
 * Price books (issue 32 item 1; docs/price-books.md). A book is published by one company
 * (`company_id`) through its connection (`party_id`) to the connected company
 * (`counterparty_company_id`), which reads it; every import is a new version. Versions and items
 * repeat both company ids so row-level security needs no join.
 */
export const priceBooks = pgTable(
  'price_books',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    counterpartyCompanyId: integer('counterparty_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('price_books_company_party_key').on(t.companyId, t.partyId),
    index('price_books_counterparty_idx').on(t.counterpartyCompanyId),
  ],
);

export const priceBookVersions = pgTable(
  'price_book_versions',
  {
    id: serial('id').primaryKey(),
    priceBookId: integer('price_book_id')
      .notNull()
      .references(() => priceBooks.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    counterpartyCompanyId: integer('counterparty_company_id').notNull(),
    versionNumber: integer('version_number').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
    itemCount: integer('item_count').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('price_book_versions_book_number_key').on(t.priceBookId, t.versionNumber)],
);

export interface PriceTierValue {
  minQuantity: string;
  unitPrice: string;
}

export const priceBookItems = pgTable(
  'price_book_items',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => priceBookVersions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    counterpartyCompanyId: integer('counterparty_company_id').notNull(),
    lineNumber: integer('line_number').notNull(),
    itemCode: varchar('item_code', { length: 50 }).notNull(),
    description: varchar('description', { length: 250 }).notNull(),
    uom: varchar('uom', { length: 20 }).notNull(),
    /** Canonical decimal text as imported ('95.00', '1.2500'). */
    unitPrice: varchar('unit_price', { length: 20 }).notNull(),
    tiers: jsonb('tiers').$type<PriceTierValue[]>().notNull().default([]),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    effectiveTo: date('effective_to', { mode: 'string' }),
    contractNumber: varchar('contract_number', { length: 50 }),
  },
  (t) => [
    uniqueIndex('price_book_items_version_code_key').on(t.versionId, t.itemCode),
    index('price_book_items_version_line_idx').on(t.versionId, t.lineNumber),
  ],
);

/** A company's three-way match tolerances (issue 32 item 4), set by an Administrator. */
export const matchTolerances = pgTable('match_tolerances', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  quantityPercent: numeric('quantity_percent', { precision: 6, scale: 2 }).notNull(),
  priceAmount: numeric('price_amount', { precision: 12, scale: 4 }).notNull(),
  totalPercent: numeric('total_percent', { precision: 6, scale: 2 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
