import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { companies } from './companies';
import { documents } from './documents';

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
  },
  (t) => [index('payments_document_idx').on(t.documentId, t.id)],
);
