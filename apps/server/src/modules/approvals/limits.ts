import type { ApprovalLimit } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { recordAdminChange } from '../admin-audit/record';
import * as repo from './repository';

/** Per-member approval limits, set by Administrators on the user form (docs/approvals.md). */

const userNotFound = () => notFound('User not found', 'user_not_found');
const amount = (cents: number | null) => (cents === null ? null : cents / 100);

export async function getApprovalLimit(
  db: Db,
  ctx: TenantContext,
  userId: number,
): Promise<ApprovalLimit> {
  assertAdministrator(ctx);
  const limit = await repo.findApprovalLimit(db, ctx.companyId, userId);
  if (limit === undefined) throw userNotFound();
  return { approvalLimit: amount(limit) };
}

export async function setApprovalLimit(
  db: Db,
  ctx: TenantContext,
  userId: number,
  limitCents: number | null,
): Promise<ApprovalLimit> {
  assertAdministrator(ctx);
  await db.transaction(async (tx) => {
    const before = await repo.findApprovalLimit(tx, ctx.companyId, userId);
    if (before === undefined) throw userNotFound();
    if (before === limitCents) return;
    await repo.setApprovalLimit(tx, ctx.companyId, userId, limitCents);
    await recordAdminChange(tx, ctx, {
      action: 'user.approval_limit_changed',
      entityType: 'user',
      entityId: userId,
      summary: 'Changed the approval limit',
      changes: [{ field: 'approvalLimit', old: amount(before), new: amount(limitCents) }],
    });
  });
  return { approvalLimit: amount(limitCents) };
}
