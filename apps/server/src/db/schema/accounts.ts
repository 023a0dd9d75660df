import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Flowline users. `externalId` is the identity provider's subject; users are matched by it, then e-mail. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id'),
    emailAddress: text('email_address').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    title: varchar('title', { length: 25 }),
    phoneNumber: varchar('phone_number', { length: 50 }),
    userTypeId: integer('user_type_id').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_external_id_key').on(t.externalId),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.emailAddress})`),
  ],
);

/** Local accounts of the embedded OpenID Connect issuer. External issuers do not use this table. */
export const identityAccounts = pgTable(
  'identity_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordIsTemporary: boolean('password_is_temporary').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_accounts_email_lower_key').on(sql`lower(${t.email})`)],
);

/** Storage for the embedded issuer's sessions, grants, codes and tokens (oidc-provider adapter). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    payload: text('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oidc_payloads_pkey_idx').on(t.type, t.id),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The embedded issuer's signing keys and cookie secrets, generated once and shared by every
 * instance through the database (never committed, never logged).
 */
export const issuerKeys = pgTable('issuer_keys', {
  id: varchar('id', { length: 40 }).primaryKey(),
  keys: text('keys').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
