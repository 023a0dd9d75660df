import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { companies } from './companies';

/** In-app notifications of one user in one company. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company whose action caused it (e.g. the sender of a document). */
    sourceCompanyId: integer('source_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    notificationTypeId: integer('notification_type_id').notNull().default(1),
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message').notNull(),
    /** What a click opens: 'openDocument' | 'openInvitation' (actionData holds the id). */
    actionId: varchar('action_id', { length: 40 }),
    actionData: varchar('action_data', { length: 100 }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_company_user_idx').on(t.companyId, t.userId, t.isRead, t.id)],
);
