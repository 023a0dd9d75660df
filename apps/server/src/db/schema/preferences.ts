import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { companies } from './companies';

/** A user's preferences as key/value strings (dateFormat, receiveEmails, itemsPerPage…). */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 50 }).notNull(),
    value: varchar('value', { length: 500 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** A company's customised names for product terms (Profile, Vendor…); absent rows use the default. */
export const terminology = pgTable(
  'terminology',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    terminologyId: integer('terminology_id').notNull(),
    customizedName: varchar('customized_name', { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.terminologyId] })],
);
