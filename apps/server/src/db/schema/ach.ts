import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { orgUnits } from './org-units';
import { parties } from './parties';

/** Bank accounts (ACH forms) of a company (spec 2 §2.14, §3). */
export const achs = pgTable(
  'achs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    bankName: varchar('bank_name', { length: 255 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    /**
     * The numbers as envelopes (docs/secrets-at-rest.md, AAD = table, column and row id) and their
     * last four digits for masked lists; only the form's read and the writes touch the envelopes.
     */
    routingNumberEncrypted: text('routing_number_encrypted'),
    accountNumberEncrypted: text('account_number_encrypted'),
    routingLast4: varchar('routing_last4', { length: 4 }),
    accountLast4: varchar('account_last4', { length: 4 }),
    /** Plaintext of rows stored before 0032: encrypted and set to NULL at start, never read. */
    legacyRoutingNumber: varchar('routing_number', { length: 255 }),
    legacyAccountNumber: varchar('account_number', { length: 255 }),
    accountTypeId: integer('account_type_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('achs_company_idx').on(t.companyId, t.bankName)],
);

/** The profiles an ACH applies to. */
export const achOrgUnits = pgTable(
  'ach_org_units',
  {
    achId: integer('ach_id')
      .notNull()
      .references(() => achs.id, { onDelete: 'cascade' }),
    orgUnitId: integer('org_unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.achId, t.orgUnitId] })],
);

/** The connections an ACH is given to, per profile (partiesByOrgUnitId). */
export const achParties = pgTable(
  'ach_parties',
  {
    achId: integer('ach_id')
      .notNull()
      .references(() => achs.id, { onDelete: 'cascade' }),
    orgUnitId: integer('org_unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.achId, t.orgUnitId, t.partyId] }),
    index('ach_parties_party_idx').on(t.partyId),
  ],
);
