import {
  approvalMessages as msg,
  approverLabel,
  type ApprovalPolicy,
  type ApprovalPolicyDefinition,
  type ApprovalPolicyValues,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { diffFields, recordAdminChange } from '../admin-audit/record';
import { findCompanyParty } from '../documents/repository';
import * as repo from './repository';

/** Approval policies: an Administrator of the receiving company manages them (docs/approvals.md). */

export function toPolicyDefinition(row: repo.ApprovalPolicyRow): ApprovalPolicyDefinition {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    isDefault: row.isDefault,
    partyId: row.partyId,
    codingPrefix: row.codingPrefix,
    accountCodes: row.accountCodes,
    minTotalCents: row.minTotalCents,
    maxTotalCents: row.maxTotalCents,
    steps: row.steps,
  };
}

const amount = (cents: number | null) => (cents === null ? null : cents / 100);

function present(
  { policy, partyName }: { policy: repo.ApprovalPolicyRow; partyName: string | null },
  names: Map<number, string>,
): ApprovalPolicy {
  return {
    id: policy.id,
    name: policy.name,
    position: policy.position,
    isActive: policy.isActive,
    isDefault: policy.isDefault,
    partyId: policy.partyId,
    partyName,
    codingPrefix: policy.codingPrefix,
    accountCodes: policy.accountCodes,
    minTotal: amount(policy.minTotalCents),
    maxTotal: amount(policy.maxTotalCents),
    steps: policy.steps.map((s) => ({
      above: amount(s.aboveCents),
      approverUserIds: s.approverUserIds,
      approverRoleId: s.approverRoleId,
      approverLabel: approverLabel(s, (id) => names.get(id) ?? `User ${id}`),
    })),
  };
}

async function presentAll(db: Db, companyId: number, rows: repo.PolicyWithParty[]) {
  const names = await repo.memberNames(
    db,
    companyId,
    rows.flatMap((r) => r.policy.steps.flatMap((s) => s.approverUserIds)),
  );
  return rows.map((r) => present(r, names));
}

async function valuesOf(db: Db, ctx: TenantContext, input: ApprovalPolicyValues) {
  if (input.partyId !== null && !(await findCompanyParty(db, ctx.companyId, input.partyId))) {
    throw badRequest('Choose one of your connections', 'party_not_found', {
      partyId: 'Choose one of your connections',
    });
  }
  const approverIds = [...new Set(input.steps.flatMap((s) => s.approverUserIds))];
  const members = await repo.memberNames(db, ctx.companyId, approverIds);
  if (approverIds.some((id) => !members.has(id))) {
    throw badRequest(msg.userNotMember, 'approver_not_member', { steps: msg.userNotMember });
  }
  return {
    name: input.name,
    position: input.position,
    isActive: input.isActive,
    isDefault: input.isDefault,
    partyId: input.partyId,
    codingPrefix: input.codingPrefix,
    accountCodes: [...new Set(input.accountCodes)],
    minTotalCents: input.minTotal,
    maxTotalCents: input.maxTotal,
    steps: input.steps.map((s) => ({
      aboveCents: s.above,
      approverUserIds: [...new Set(s.approverUserIds)],
      approverRoleId: s.approverRoleId,
    })),
  };
}

const FIELDS = [
  'name',
  'position',
  'isActive',
  'isDefault',
  'partyId',
  'codingPrefix',
  'accountCodes',
  'minTotalCents',
  'maxTotalCents',
  'steps',
] as const;
type Values = Awaited<ReturnType<typeof valuesOf>>;
const auditable = (v: Values | repo.ApprovalPolicyRow): Record<(typeof FIELDS)[number], unknown> =>
  Object.fromEntries(FIELDS.map((f) => [f, v[f]])) as Record<(typeof FIELDS)[number], unknown>;

export async function listApprovalPolicies(db: Db, ctx: TenantContext) {
  assertAdministrator(ctx);
  return presentAll(db, ctx.companyId, await repo.listPolicies(db, ctx.companyId));
}

async function presentOne(db: Db, companyId: number, id: number) {
  const row = await repo.findPolicy(db, companyId, id);
  if (!row) throw notFound(msg.policyNotFound, 'policy_not_found');
  const [policy] = await presentAll(db, companyId, [row]);
  return policy!;
}

/** A new default policy replaces the old one (one default per company). */
export async function createApprovalPolicy(
  db: Db,
  ctx: TenantContext,
  input: ApprovalPolicyValues,
) {
  assertAdministrator(ctx);
  const values = await valuesOf(db, ctx, input);
  const created = await db.transaction(async (tx) => {
    if (values.isDefault) await repo.clearDefault(tx, ctx.companyId);
    const row = await repo.insertPolicy(tx, { companyId: ctx.companyId, ...values });
    await recordAdminChange(tx, ctx, {
      action: 'approvalpolicy.created',
      entityType: 'approval_policy',
      entityId: row.id,
      summary: `Created the approval policy ${values.name}`,
      changes: diffFields(null, auditable(values), FIELDS),
    });
    return row;
  });
  return presentOne(db, ctx.companyId, created.id);
}

/** Invoices already in flight keep the chain they were given (docs/approvals.md). */
export async function updateApprovalPolicy(
  db: Db,
  ctx: TenantContext,
  id: number,
  input: ApprovalPolicyValues,
) {
  assertAdministrator(ctx);
  const found = await repo.findPolicy(db, ctx.companyId, id);
  if (!found) throw notFound(msg.policyNotFound, 'policy_not_found');
  const values = await valuesOf(db, ctx, input);
  await db.transaction(async (tx) => {
    if (values.isDefault && !found.policy.isDefault) await repo.clearDefault(tx, ctx.companyId);
    await repo.updatePolicy(tx, ctx.companyId, id, values);
    const changes = diffFields(auditable(found.policy), auditable(values), FIELDS);
    if (changes.length === 0) return;
    await recordAdminChange(tx, ctx, {
      action: 'approvalpolicy.updated',
      entityType: 'approval_policy',
      entityId: id,
      summary: `Changed the approval policy ${values.name}`,
      changes,
    });
  });
  return presentOne(db, ctx.companyId, id);
}

export async function deleteApprovalPolicy(db: Db, ctx: TenantContext, id: number) {
  assertAdministrator(ctx);
  await db.transaction(async (tx) => {
    const found = await repo.findPolicy(tx, ctx.companyId, id);
    if (!found || !(await repo.deletePolicy(tx, ctx.companyId, id))) {
      throw notFound(msg.policyNotFound, 'policy_not_found');
    }
    await recordAdminChange(tx, ctx, {
      action: 'approvalpolicy.deleted',
      entityType: 'approval_policy',
      entityId: id,
      summary: `Deleted the approval policy ${found.policy.name}`,
      changes: diffFields(auditable(found.policy), null, FIELDS),
    });
  });
}
