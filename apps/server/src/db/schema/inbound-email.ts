import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { parties } from './parties';

/**
 * Messages the inbound SMTP listener accepted or refused for a company (docs/inbound-email.md):
 * the Administration screen's recent deliveries and the per-sender hourly limit. Migration 0057.
 */
export const inboundEmailDeliveries = pgTable(
  'inbound_email_deliveries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sender: varchar('sender', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 250 }),
    status: varchar('status', { length: 10 }).$type<'accepted' | 'refused'>().notNull(),
    reason: varchar('reason', { length: 250 }),
    /** The receiver's connection the sender's address matched; null = 'Unknown sender'. */
    partyId: integer('party_id').references(() => parties.id, { onDelete: 'set null' }),
    documentIds: jsonb('document_ids').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbound_email_deliveries_company_idx').on(t.companyId, t.id.desc()),
    index('inbound_email_deliveries_sender_idx').on(t.sender, t.createdAt),
  ],
);
