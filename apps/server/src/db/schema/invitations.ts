import {
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { companies } from './companies';
import { orgUnits } from './org-units';
import { parties } from './parties';

/**
 * An invitation to connect, from a company to another one (spec 2 §3, §4.1): by e-mail to a company
 * not on Flowline yet (`invite`), or a connection request to a company already on it
 * (`connectionRequest`). The token in the e-mailed link can be used once.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    token: varchar('token', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** pending | accepted | rejected | deleted; 'expired' is computed from expiresAt. */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    senderCompanyId: integer('sender_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's connection record for the receiver. */
    senderPartyId: integer('sender_party_id').references(() => parties.id, {
      onDelete: 'set null',
    }),
    /** What the receiver is to the sender (party type id, e.g. Purchaser 5). */
    senderPartyTypeOfReceiverCompany: integer('sender_party_type_of_receiver_company').notNull(),
    /** The sender's profile the connection belongs to. */
    senderOrgUnitId: integer('sender_org_unit_id').references(() => orgUnits.id, {
      onDelete: 'set null',
    }),
    receiverEmail: varchar('receiver_email', { length: 320 }),
    /** Known for connection requests, and once the invitation is registered by a company. */
    receiverCompanyId: integer('receiver_company_id').references(() => companies.id, {
      onDelete: 'cascade',
    }),
    /** The receiver's connection record for the sender, created on accept. */
    receiverPartyId: integer('receiver_party_id').references(() => parties.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    actionedAt: timestamp('actioned_at', { withTimezone: true }),
    actionedByUserId: integer('actioned_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The receiver's optional reason for rejecting, shown to the sender. */
    rejectReason: varchar('reject_reason', { length: 500 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.token),
    index('invitations_receiver_status_idx').on(t.receiverCompanyId, t.status),
    index('invitations_sender_idx').on(t.senderCompanyId, t.status),
    index('invitations_sender_party_idx').on(t.senderPartyId),
  ],
);
