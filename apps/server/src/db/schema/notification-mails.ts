import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './accounts';

/**
 * A notification mail waiting for its user's digest job (docs/notifications.md): the rendered
 * single mail, and the line that stands for it in a digest. Deleted once mailed.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    to: jsonb('to').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    /** The event in a sentence and its detail rows, listed under its line in a digest (0038). */
    message: text('message'),
    details: jsonb('details').$type<[string, string][]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_mails_user_idx').on(t.userId, t.id)],
);
