import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { waitingApprovers, type ApprovalChain } from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  approvalPolicies,
  documentApprovalChains,
  memberships,
  parties,
  users,
} from '../../db/schema/index';

/** Approval policies, document chains and approval limits (docs/approvals.md). */

export type ApprovalPolicyRow = typeof approvalPolicies.$inferSelect;
export type NewApprovalPolicy = Omit<
  typeof approvalPolicies.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;

/** The company's policies in the order they are tried (position, then age). */
export async function listPolicies(db: Db, companyId: number) {
  return db
    .select({ policy: approvalPolicies, partyName: parties.name })
    .from(approvalPolicies)
    .leftJoin(parties, eq(parties.id, approvalPolicies.partyId))
    .where(eq(approvalPolicies.companyId, companyId))
    .orderBy(asc(approvalPolicies.position), asc(approvalPolicies.id));
}

export async function findPolicy(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ policy: approvalPolicies, partyName: parties.name })
    .from(approvalPolicies)
    .leftJoin(parties, eq(parties.id, approvalPolicies.partyId))
    .where(and(eq(approvalPolicies.companyId, companyId), eq(approvalPolicies.id, id)));
  return row ?? null;
}

export async function insertPolicy(db: Db, values: NewApprovalPolicy) {
  const [row] = await db.insert(approvalPolicies).values(values).returning();
  if (!row) throw new Error('approval policy not stored');
  return row;
}

export async function updatePolicy(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<NewApprovalPolicy>,
) {
  await db
    .update(approvalPolicies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(approvalPolicies.companyId, companyId), eq(approvalPolicies.id, id)));
}

/** Another policy leaves the default role (one default per company, a unique index). */
export async function clearDefault(db: Db, companyId: number) {
  await db
    .update(approvalPolicies)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(approvalPolicies.companyId, companyId), eq(approvalPolicies.isDefault, true)));
}

export async function deletePolicy(db: Db, companyId: number, id: number) {
  const rows = await db
    .delete(approvalPolicies)
    .where(and(eq(approvalPolicies.companyId, companyId), eq(approvalPolicies.id, id)))
    .returning({ id: approvalPolicies.id });
  return rows.length > 0;
}

export async function findChain(db: Db, documentId: number) {
  const [row] = await db
    .select()
    .from(documentApprovalChains)
    .where(eq(documentApprovalChains.documentId, documentId));
  return row ?? null;
}

/** The 'My approvals' columns of a chain: its waiting step and who that step waits for. */
function waitingColumns(chain: ApprovalChain) {
  const waiting = waitingApprovers(chain);
  return {
    waitingStep: waiting?.stepIndex ?? null,
    waitingUserIds: waiting?.userIds ?? [],
    waitingRoleId: waiting?.roleId ?? null,
  };
}

export async function insertChain(
  db: Db,
  values: { documentId: number; companyId: number; policyId: number | null; chain: ApprovalChain },
) {
  const waiting = waitingColumns(values.chain);
  await db.insert(documentApprovalChains).values({
    ...values,
    ...waiting,
    waitingSince: waiting.waitingStep === null ? null : new Date(),
  });
}

/**
 * The chain after a move. When another step starts waiting, its wait (and its reminder and
 * escalation) starts now; an escalation of the same step keeps them.
 */
export async function updateChain(db: Db, documentId: number, chain: ApprovalChain) {
  const waiting = waitingColumns(chain);
  const moved = sql`${documentApprovalChains.waitingStep} IS DISTINCT FROM ${waiting.waitingStep}::integer`;
  await db
    .update(documentApprovalChains)
    .set({
      chain,
      ...waiting,
      waitingSince:
        waiting.waitingStep === null
          ? null
          : sql`CASE WHEN ${moved} THEN now() ELSE ${documentApprovalChains.waitingSince} END`,
      remindedAt: sql`CASE WHEN ${moved} THEN NULL ELSE ${documentApprovalChains.remindedAt} END`,
      escalatedAt: sql`CASE WHEN ${moved} THEN NULL ELSE ${documentApprovalChains.escalatedAt} END`,
      updatedAt: new Date(),
    })
    .where(eq(documentApprovalChains.documentId, documentId));
}

/** 'First Last' of the company's members among these users. */
export async function memberNames(db: Db, companyId: number, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), inArray(memberships.userId, ids)));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** The member's approval limit (cents, null: none); undefined when not a member. */
export async function findApprovalLimit(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select({ limit: memberships.approvalLimitCents })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  return row ? row.limit : undefined;
}

export async function setApprovalLimit(
  db: Db,
  companyId: number,
  userId: number,
  limitCents: number | null,
) {
  await db
    .update(memberships)
    .set({ approvalLimitCents: limitCents })
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
}

export type PolicyWithParty = Awaited<ReturnType<typeof listPolicies>>[number];

/** The name an approval is signed with ('First Last'). */
export async function userDisplayName(db: Db, userId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : `User ${userId}`;
}
