import { boolean, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { parties } from './parties';

/** Settings of a coding rule by kind (packages/shared rules/coding-rules.ts). */
export interface CodingRuleParams {
  requiredKinds?: number[];
  limitCents?: number;
  poPattern?: string | null;
  poValues?: string[];
}

/** A receiving company's coding rule, for one connection or (party null) for all. */
export const codingRules = pgTable(
  'coding_rules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    partyId: integer('party_id').references(() => parties.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    autoApprove: boolean('auto_approve').notNull().default(false),
    /** The approval-chain steps its automatic approval counts as (null: every step). */
    replacesApprovalSteps: integer('replaces_approval_steps'),
    params: jsonb('params').$type<CodingRuleParams>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [index('coding_rules_company_idx').on(t.companyId, t.id)],
);
