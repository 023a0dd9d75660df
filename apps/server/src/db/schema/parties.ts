import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { normalizedNameSql, taxDigitsSql } from './normalized';
import { orgUnits } from './org-units';

/**
 * Connections (parties) of a company: its vendors, owners, operators, banks and purchasers, and —
 * once connected — the company on the network they stand for (spec 2 §3, §4.2).
 */
export const parties = pgTable(
  'parties',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partyTypeId: integer('party_type_id').notNull(),
    name: varchar('name', { length: 250 }).notNull(),
    nameTwo: varchar('name_two', { length: 250 }),
    number: varchar('number', { length: 100 }).notNull(),
    externalSystem: varchar('external_system', { length: 128 }),
    externalSystemId: varchar('external_system_id', { length: 32 }),
    achRoutingTransitNumber: varchar('ach_routing_transit_number', { length: 9 }),
    wireRoutingTransitNumber: varchar('wire_routing_transit_number', { length: 9 }),
    effectiveFromDate: date('effective_from_date'),
    effectiveThruDate: date('effective_thru_date'),
    emails: jsonb('emails')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    phone: varchar('phone', { length: 16 }),
    ext: varchar('ext', { length: 8 }),
    cell: varchar('cell', { length: 16 }),
    addressLineOne: varchar('address_line_one', { length: 250 }),
    addressLineTwo: varchar('address_line_two', { length: 250 }),
    addressLineThree: varchar('address_line_three', { length: 250 }),
    country: varchar('country', { length: 2 }),
    state: varchar('state', { length: 10 }),
    city: varchar('city', { length: 250 }),
    zipCode: varchar('zip_code', { length: 10 }),
    altAddressLineOne: varchar('alt_address_line_one', { length: 250 }),
    altAddressLineTwo: varchar('alt_address_line_two', { length: 250 }),
    altAddressLineThree: varchar('alt_address_line_three', { length: 250 }),
    altCountry: varchar('alt_country', { length: 2 }),
    altState: varchar('alt_state', { length: 10 }),
    altCity: varchar('alt_city', { length: 250 }),
    altZipCode: varchar('alt_zip_code', { length: 10 }),
    isActive: boolean('is_active').notNull().default(true),
    taxTypeId: varchar('tax_type_id', { length: 20 }),
    taxIdentifier: varchar('tax_identifier', { length: 50 }),
    isTaxValid: boolean('is_tax_valid').notNull().default(false),
    /** PIDX PartnerIdentifier values naming this connection (migration 0047, docs/pidx.md). */
    dunsNumber: varchar('duns_number', { length: 13 }),
    buyerAssignedId: varchar('buyer_assigned_id', { length: 50 }),
    sellerAssignedId: varchar('seller_assigned_id', { length: 50 }),
    /** The network company this connection is linked to, once both sides agreed. */
    connectedCompanyId: integer('connected_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    /** A network company that matches this connection (same tax id…), not yet connected. */
    suggestedCompanyId: integer('suggested_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    isInviteSent: boolean('is_invite_sent').notNull().default(false),
    inviteSentAt: timestamp('invite_sent_at', { withTimezone: true }),
    inviteEmailAddress: varchar('invite_email_address', { length: 320 }),
    connectionRequestedAt: timestamp('connection_requested_at', { withTimezone: true }),
    isDisconnected: boolean('is_disconnected').notNull().default(false),
    /** The invited company rejected the invite or request now sent, with its optional reason. */
    inviteRejectedAt: timestamp('invite_rejected_at', { withTimezone: true }),
    inviteRejectionReason: varchar('invite_rejection_reason', { length: 500 }),
    /** The company that deleted the relationship from its side (it stays on the network). */
    disconnectedByCompanyId: integer('disconnected_by_company_id').references(() => companies.id, {
      onDelete: 'set null',
    }),
    /** Matching keys (generated): see normalized.ts. */
    normalizedName: varchar('normalized_name', { length: 250 }).generatedAlwaysAs(
      normalizedNameSql('name'),
    ),
    taxDigits: varchar('tax_digits', { length: 50 }).generatedAlwaysAs(
      taxDigitsSql('tax_identifier'),
    ),
    ...timestamps(),
  },
  (t) => [
    index('parties_company_name_idx').on(t.companyId, t.name),
    index('parties_company_type_idx').on(t.companyId, t.partyTypeId),
    index('parties_connected_company_idx').on(t.connectedCompanyId),
    index('parties_tax_identifier_idx').on(t.taxIdentifier),
    index('parties_tax_digits_idx').on(t.taxDigits),
    index('parties_normalized_name_idx').on(t.normalizedName),
    index('parties_suggested_company_idx').on(t.suggestedCompanyId),
  ],
);

/** The profiles a connection belongs to (companyOrgUnitIds). */
export const partyOrgUnits = pgTable(
  'party_org_units',
  {
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    orgUnitId: integer('org_unit_id')
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partyId, t.orgUnitId] }),
    index('party_org_units_org_unit_idx').on(t.orgUnitId),
  ],
);
