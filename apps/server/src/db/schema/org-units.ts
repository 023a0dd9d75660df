import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies, memberships } from './companies';

/** Profiles (organisational units) of a company, with main, payment and tax addresses (spec 3 §3). */
export const orgUnits = pgTable(
  'org_units',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    code: varchar('code', { length: 255 }).notNull(),
    knownAs: varchar('known_as', { length: 250 }),
    phone: varchar('phone', { length: 50 }),
    addressLineOne: varchar('address_line_one', { length: 255 }),
    addressLineTwo: varchar('address_line_two', { length: 255 }),
    addressLineThree: varchar('address_line_three', { length: 250 }),
    country: varchar('country', { length: 2 }),
    state: varchar('state', { length: 10 }),
    city: varchar('city', { length: 255 }),
    zipCode: varchar('zip_code', { length: 10 }),
    paymentAddressLineOne: varchar('payment_address_line_one', { length: 255 }),
    paymentAddressLineTwo: varchar('payment_address_line_two', { length: 255 }),
    paymentAddressLineThree: varchar('payment_address_line_three', { length: 250 }),
    paymentAddressCountry: varchar('payment_address_country', { length: 2 }),
    paymentAddressState: varchar('payment_address_state', { length: 10 }),
    paymentAddressCity: varchar('payment_address_city', { length: 255 }),
    paymentAddressZipCode: varchar('payment_address_zip_code', { length: 10 }),
    taxAddressLineOne: varchar('tax_address_line_one', { length: 255 }),
    taxAddressLineTwo: varchar('tax_address_line_two', { length: 255 }),
    taxAddressLineThree: varchar('tax_address_line_three', { length: 250 }),
    taxAddressCountry: varchar('tax_address_country', { length: 2 }),
    taxAddressState: varchar('tax_address_state', { length: 10 }),
    taxAddressCity: varchar('tax_address_city', { length: 255 }),
    taxAddressZipCode: varchar('tax_address_zip_code', { length: 10 }),
    taxIdentificationType: varchar('tax_identification_type', { length: 20 }),
    taxIdentificationNumber: varchar('tax_identification_number', { length: 250 }),
    isTaxIdValid: boolean('is_tax_id_valid').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('org_units_company_code_key').on(t.companyId, sql`lower(${t.code})`),
    index('org_units_company_name_idx').on(t.companyId, t.name),
  ],
);

/** Which users of the company are assigned to which profiles. */
export const userOrgUnits = pgTable(
  'user_org_units',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    orgUnitId: integer('org_unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.orgUnitId, t.userId] }),
    index('user_org_units_company_user_idx').on(t.companyId, t.userId),
    foreignKey({
      columns: [t.companyId, t.userId],
      foreignColumns: [memberships.companyId, memberships.userId],
    }).onDelete('cascade'),
  ],
);
