import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { companies } from './companies';
import { documents } from './documents';
import { parties } from './parties';

/**
 * A payment of several approved invoices of one vendor at once, with one remittance advice
 * (migration 0064, docs/payment-runs.md). Its invoices' payments rows name it.
 */
export const paymentRuns = pgTable(
  'payment_runs',
  {
    id: serial('id').primaryKey(),
    /** The payer: the company that received the invoices. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    payeeCompanyId: integer('payee_company_id')
      .notNull()
      .references(() => companies.id),
    partyId: integer('party_id').references(() => parties.id, { onDelete: 'set null' }),
    paymentDate: date('payment_date').notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    reference: varchar('reference', { length: 100 }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Early-pay discounts taken (migration 0065). */
    discountTotalCents: bigint('discount_total_cents', { mode: 'number' }).notNull().default(0),
    invoiceCount: integer('invoice_count').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_runs_company_idx').on(t.companyId, t.id.desc()),
    index('payment_runs_payee_idx').on(t.payeeCompanyId, t.id.desc()),
  ],
);

/** Payments of an invoice recorded by the receiving company; cancellations subtract. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    transactionDate: date('transaction_date'),
    paymentReference: varchar('payment_reference', { length: 100 }),
    checkNumber: varchar('check_number', { length: 50 }),
    description: varchar('description', { length: 500 }),
    isCancellation: boolean('is_cancellation').notNull().default(false),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paymentRunId: integer('payment_run_id').references(() => paymentRuns.id),
    /** An early-pay discount settled with this payment (migration 0065). */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('payments_document_idx').on(t.documentId, t.id)],
);

/** A vendor's early-pay discount to one customer (migration 0065, docs/payment-runs.md). */
export const earlyPayOffers = pgTable(
  'early_pay_offers',
  {
    id: serial('id').primaryKey(),
    /** The vendor offering it. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerCompanyId: integer('customer_company_id')
      .notNull()
      .references(() => companies.id),
    partyId: integer('party_id').references(() => parties.id, { onDelete: 'set null' }),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull(),
    days: integer('days').notNull(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The agreement covers invoices sent (published) from then on (migration 0071). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('early_pay_offers_company_customer_key').on(t.companyId, t.customerCompanyId),
    index('early_pay_offers_customer_idx').on(t.customerCompanyId),
  ],
);
