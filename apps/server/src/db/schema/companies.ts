import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { normalizedNameSql, taxDigitsSql } from './normalized';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 250 }).notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    serviceId: uuid('service_id').notNull().defaultRandom(),
    /** Served by another deployment at `url` (spec 2 §2.3, NOTES.md). */
    isCloud: boolean('is_cloud').notNull().default(false),
    url: text('url'),
    onboardingProcessPending: boolean('onboarding_process_pending').notNull().default(false),
    // Registration details (spec 3 §3).
    knownAs: varchar('known_as', { length: 250 }),
    timezone: varchar('timezone', { length: 64 }),
    addressLineOne: varchar('address_line_one', { length: 250 }),
    addressLineTwo: varchar('address_line_two', { length: 250 }),
    addressLineThree: varchar('address_line_three', { length: 250 }),
    country: varchar('country', { length: 2 }),
    state: varchar('state', { length: 10 }),
    city: varchar('city', { length: 250 }),
    zipCode: varchar('zip_code', { length: 10 }),
    taxIdType: varchar('tax_id_type', { length: 20 }),
    taxNumber: varchar('tax_number', { length: 50 }),
    /** The invitation or onboarding token the company registered with, for the network to act on. */
    registrationInvitationToken: varchar('registration_invitation_token', { length: 200 }),
    registrationIsBoarding: boolean('registration_is_boarding').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Matching keys (generated): see normalized.ts. */
    normalizedName: varchar('normalized_name', { length: 250 }).generatedAlwaysAs(
      normalizedNameSql('name'),
    ),
    taxDigits: varchar('tax_digits', { length: 50 }).generatedAlwaysAs(taxDigitsSql('tax_number')),
  },
  (t) => [
    uniqueIndex('companies_code_key').on(t.code),
    uniqueIndex('companies_service_id_key').on(t.serviceId),
    index('companies_tax_digits_idx').on(t.taxDigits),
    index('companies_normalized_name_idx').on(t.normalizedName),
  ],
);

/** The party types a company acts as (vendor, owner, operator…): drives the dashboard and Send. */
export const companyPartyTypes = pgTable(
  'company_party_types',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partyTypeId: integer('party_type_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.partyTypeId] })],
);

/** A user's membership of a company. */
export const memberships = pgTable(
  'memberships',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    blocked: boolean('blocked').notNull().default(false),
    /** Set when the user ticked 'Do not show this message again' on the welcome dialog. */
    welcomeMessageHidden: boolean('welcome_message_hidden').notNull().default(false),
    /** What the member may approve, in cents (issue 29; docs/approvals.md); null: no limit. */
    approvalLimitCents: bigint('approval_limit_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
  ],
);

/** Roles of a membership: exactly one main role plus any additional roles. */
export const membershipRoles = pgTable(
  'membership_roles',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    roleId: integer('role_id').notNull(),
    isMain: boolean('is_main').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.roleId] }),
    index('membership_roles_user_idx').on(t.userId),
    foreignKey({
      columns: [t.companyId, t.userId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
  ],
);

/** Feature flags switched on per company (companyId null: for every company). */
export const featureFlags = pgTable(
  'feature_flags',
  {
    id: serial('id').primaryKey(),
    flag: varchar('flag', { length: 80 }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [unique('feature_flags_flag_company_key').on(t.flag, t.companyId).nullsNotDistinct()],
);

/** Every change of a feature flag by a Global user: who, when, old → new (null: not set). */
export const featureFlagChanges = pgTable(
  'feature_flag_changes',
  {
    id: serial('id').primaryKey(),
    flag: varchar('flag', { length: 80 }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    oldEnabled: boolean('old_enabled'),
    newEnabled: boolean('new_enabled'),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feature_flag_changes_company_idx').on(t.companyId, t.changedAt)],
);
