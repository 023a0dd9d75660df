import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ApprovalChain } from '@flowline/shared';
import { timestamps } from './columns';
import { companies } from './companies';
import { documents } from './documents';
import { parties } from './parties';

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
    ...timestamps(),
  },
  (t) => [index('document_approval_chains_company_idx').on(t.companyId)],
);
