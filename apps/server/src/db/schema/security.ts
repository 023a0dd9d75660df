import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempt counters shared by every instance on the database: `ip:<address>` counts
 * attempts in a one-minute window, `account:<e-mail>` counts consecutive failures and locks.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
