import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Answers to writes sent with an Idempotency-Key (issue 33 item 3, docs/idempotency.md): a
 * retry with the same key and request gets the first answer again. Per company and user; kept
 * 24 hours. `status` is null while the first request is still being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    /** sha256 of method, route and body (multipart: its length and type) — same key, other request → 422. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    route: text('route').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.key] }),
    index('idempotency_keys_created_at').on(t.createdAt),
  ],
);
