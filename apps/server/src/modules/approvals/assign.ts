import {
  HistoryOperation,
  NotificationType,
  approvalMessages,
  awaitingApprovalText,
  decideAssignment,
  workflowMessages,
  withAssignment,
  type ApprovalAssignee,
  type BulkAssignResult,
} from '@flowline/shared';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { announceToCompanies } from '../../platform/realtime/hub';
import { appendHistory } from '../document-history/repository';
import { documentTotalCents } from '../document-workflow/repository';
import {
  documentLabel,
  mailStatus,
  type StatusNews,
  type WorkflowDeps,
} from '../document-workflow/notify';
import { assertMove } from '../document-workflow/service';
import { loadDocument } from '../documents/policy';
import * as documents from '../documents/repository';
import { chainOf } from './chain';
import { activeMembers, delegatorsOf, mayApprove } from './delegations';
import * as repo from './repository';

/**
 * 'Assign to' (issue 29 item 5; docs/approvals.md 'Bulk work'): the waiting approval step of each
 * selected invoice goes to one named member of the receiving company. The assignee must be a
 * person who may approve (active, not ReadOnly, not an API key) — else the whole request is
 * refused before anything is written — and, per invoice, one who could approve it (not its
 * submitter, no other step of the chain, a limit that covers the total). Whoever assigns must be
 * able to act on the step (an approver of it, a delegate of one) or be an Administrator. Each
 * invoice is one transaction under its lock: the chain (and the 'My approvals' index beside it),
 * an internal history entry, the assignee's notification; the mail goes after the commit.
 */

/** The assignee, checked once for the whole request: 404 for a stranger, 400 for a non-approver. */
async function requireAssignee(
  db: Db,
  ctx: TenantContext,
  userId: number,
): Promise<ApprovalAssignee> {
  if ((await repo.findApprovalLimit(db, ctx.companyId, userId)) === undefined) {
    throw notFound(approvalMessages.assigneeNotFound, 'user_not_found');
  }
  const [member] = await activeMembers(db, ctx.companyId, [userId], { peopleOnly: true });
  if (!member || !mayApprove(member.roles)) {
    throw badRequest(approvalMessages.assigneeCannotApprove, 'assignee_cannot_approve', {
      userId: approvalMessages.assigneeCannotApprove,
    });
  }
  return { userId: member.userId, name: member.name, limitCents: member.limitCents };
}

async function assignOne(
  db: Db,
  ctx: TenantContext,
  id: number,
  assignee: ApprovalAssignee,
  by: { name: string; delegators: readonly { userId: number; roles: readonly number[] }[] },
  comment: string | null,
): Promise<StatusNews | null> {
  return db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertMove(ctx, loaded, 'assign');
    const [{ chain, stored }, totalCents] = await Promise.all([
      chainOf(tx, id),
      documentTotalCents(tx, id),
    ]);
    const decision = decideAssignment({
      chain,
      actor: { userId: ctx.userId, roles: ctx.roles },
      actorDelegators: by.delegators,
      assignee,
      totalCents,
      submittedByUserId: loaded.document.createdByUserId,
    });
    if (!decision.allowed) {
      if (decision.refusal === 'role') throw forbidden(decision.message, 'assignment_refused');
      throw new AppError(409, 'assignment_refused', decision.message);
    }
    const of = chain.steps.length;
    const next = withAssignment(chain, {
      userId: assignee.userId,
      userName: assignee.name,
      byUserId: ctx.userId,
      byName: by.name,
      at: new Date().toISOString(),
      comment,
    });
    if (stored) {
      await repo.updateChain(tx, id, next);
      // A new assignee starts a new wait: reminders and escalation count from now.
      await tx.execute(sql`
        UPDATE document_approval_chains
        SET waiting_since = now(), reminded_at = NULL, escalated_at = NULL
        WHERE document_id = ${id}`);
    } else {
      // An invoice without a policy gets a stored one-step chain that waits for the assignee.
      await repo.insertChain(tx, {
        documentId: id,
        companyId: ctx.companyId,
        policyId: null,
        chain: next,
      });
    }
    await appendHistory(tx, [
      {
        documentId: id,
        companyId: ctx.companyId,
        userId: ctx.userId,
        objectType: 'document',
        operationId: HistoryOperation.ApprovalAssigned,
        objectName: `Step ${decision.stepIndex + 1} of ${of}`,
        oldValue: chain.steps[decision.stepIndex]!.approverLabel,
        newValue: assignee.name,
        details: comment ? { comment } : null,
      },
    ]);
    await announceToCompanies(tx, {
      type: 'document',
      companyIds: [ctx.companyId],
      documentId: id,
      change: 'approved',
    });
    if (assignee.userId === ctx.userId) return null;
    const label = await documentLabel(tx, loaded);
    const news: StatusNews = {
      documentId: id,
      toCompanyId: ctx.companyId,
      fromCompanyId: ctx.companyId,
      title: `Assigned to you: ${label} waits for your approval`,
      message: `${by.name} assigned ${label} to you for approval. ${awaitingApprovalText(next) ?? ''}.`,
      details: comment ? [['Comment', comment]] : [],
    };
    await documents.insertNotifications(tx, [
      {
        companyId: ctx.companyId,
        userId: assignee.userId,
        sourceCompanyId: ctx.companyId,
        notificationTypeId: NotificationType.Regular,
        title: news.title,
        message: news.message,
        actionId: 'openDocument',
        actionData: String(id),
      },
    ]);
    return news;
  });
}

/** POST /documents/assign: each invoice on its own; refusals come back with their reason. */
export async function assignDocuments(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  input: { documentIds: number[]; userId: number; comment: string | null },
  now = new Date(),
): Promise<BulkAssignResult> {
  const assignee = await requireAssignee(db, ctx, input.userId);
  const [name, delegators] = await Promise.all([
    repo.userDisplayName(db, ctx.userId),
    delegatorsOf(db, ctx.companyId, ctx.userId, now),
  ]);
  const assigned: number[] = [];
  const refused: BulkAssignResult['refused'] = [];
  for (const id of [...new Set(input.documentIds)]) {
    try {
      const news = await assignOne(db, ctx, id, assignee, { name, delegators }, input.comment);
      assigned.push(id);
      if (news) await mailStatus(db, deps, news, [assignee.userId]);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      refused.push({ documentId: id, message: error.message });
    }
  }
  const message =
    refused.length === 0
      ? workflowMessages.bulkAssigned(assigned.length, assignee.name)
      : workflowMessages.bulkAssignedPartly(assigned.length, refused.length, assignee.name);
  return { assigned, refused, message };
}
