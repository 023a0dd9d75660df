import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Events pushed over the real-time socket (docs/realtime.md); the id is the sequence number a
 * reconnecting client resumes from. Inserting a row announces it (trigger, migration 0027).
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    /** Null: every member of the company receives it. */
    userId: integer('user_id'),
    type: varchar('type', { length: 60 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('realtime_events_company_id_idx').on(t.companyId, t.id),
    index('realtime_events_created_at_idx').on(t.createdAt),
  ],
);
