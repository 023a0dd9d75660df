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
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { companies } from './companies';

/**
 * A company's request that a person who already has a Flowline identity join it. Nothing of the
 * person is shown to the company until they accept: the row keeps only what the Administrator
 * typed. Ids are drawn from the users' sequence (see migration 0012).
 */
export const membershipInvitations = pgTable(
  'membership_invitations',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('users_id_seq')`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    emailAddress: text('email_address').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    title: varchar('title', { length: 25 }),
    phoneNumber: varchar('phone_number', { length: 50 }),
    isActive: boolean('is_active').notNull().default(true),
    blocked: boolean('blocked').notNull().default(false),
    mainRole: integer('main_role').notNull(),
    additionalRoles: integer('additional_roles').array().notNull().default([]),
    orgUnitIds: integer('org_unit_ids').array().notNull().default([]),
    /** pending | accepted | declined | revoked */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('membership_invitations_pending_key')
      .on(t.companyId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('membership_invitations_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A sign-in e-mail change waiting for the new address to confirm it (only the token's hash). */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmailAddress: text('new_email_address').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_change_requests_token_key').on(t.tokenHash),
    index('email_change_requests_user_idx').on(t.userId),
  ],
);
