import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ApprovalChain } from '@flowline/shared';
import { timestamps } from './columns';
import { companies } from './companies';
import { documents } from './documents';
import { parties } from './parties';
import { users } from './accounts';

/** A step of a policy as stored (packages/shared rules/approval-chains.ts). */
export interface StoredApprovalStep {
  aboveCents: number | null;
  approverUserIds: number[];
  approverRoleId: number | null;
}

/** A receiving company's approval policy (issue 29 item 1; docs/approvals.md). */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    partyId: integer('party_id').references(() => parties.id, { onDelete: 'cascade' }),
    codingPrefix: varchar('coding_prefix', { length: 50 }),
    accountCodes: jsonb('account_codes').$type<string[]>().notNull().default([]),
    minTotalCents: bigint('min_total_cents', { mode: 'number' }),
    maxTotalCents: bigint('max_total_cents', { mode: 'number' }),
    steps: jsonb('steps').$type<StoredApprovalStep[]>().notNull(),
    ...timestamps(),
  },
  (t) => [index('approval_policies_company_idx').on(t.companyId, t.position, t.id)],
);

/** The chain an invoice received on arrival, with each step's approval (one per document). */
export const documentApprovalChains = pgTable(
  'document_approval_chains',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    policyId: integer('policy_id').references(() => approvalPolicies.id, { onDelete: 'set null' }),
    chain: jsonb('chain').$type<ApprovalChain>().notNull(),
    /** The waiting step (null: complete) and who it waits for — kept by repository.ts. */
    waitingStep: integer('waiting_step'),
    waitingUserIds: integer('waiting_user_ids').array().notNull().default([]),
    waitingRoleId: integer('waiting_role_id'),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('document_approval_chains_company_idx').on(t.companyId)],
);

/** 'Out of office': a member's approvals go to another member from one day to another. */
export const approvalDelegations = pgTable('approval_delegations', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  fromUserId: integer('from_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  toUserId: integer('to_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id, {
    onDelete: 'set null',
  }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company's reminders and escalation of waiting approvals (business days; null: off). */
export const approvalSettings = pgTable('approval_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  remindAfterDays: integer('remind_after_days'),
  escalateAfterDays: integer('escalate_after_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
