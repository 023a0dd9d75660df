import {
  awaitingApprovalText,
  buildApprovalChain,
  codingKinds,
  decideChainApproval,
  decideWorkflowMove,
  matchApprovalPolicy,
  singleApprovalChain,
  withApproval,
  workflowMessages,
  type ApprovalChain,
  type DocumentApprovals,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { withTenantScope } from '../../db/tenant-scope';
import { AppError, forbidden } from '../../errors';
import { documentTotalCents } from '../document-workflow/repository';
import type { LoadedDocument } from '../documents/policy';
import { findCoding, findLines } from '../line-items/repository';
import { delegatorsOf } from './delegations';
import { toPolicyDefinition } from './policies';
import * as repo from './repository';

/**
 * An invoice's approval chain (docs/approvals.md): given on arrival from the matching policy,
 * then walked one step per approval inside the caller's transaction.
 */

/**
 * On delivery (inside the publish transaction, acting for the receiver): the first matching
 * policy's chain is stored on the invoice. Without any policy nothing is stored and the invoice
 * keeps the single approval by any user.
 */
export async function assignApprovalChain(
  tx: Db,
  receiverCompanyId: number,
  documentId: number,
  partyId: number | null,
): Promise<void> {
  // Acts for the receiver inside the sender's publish: its policies, coding and members are read
  // under the receiver's row-level-security scope.
  await withTenantScope(receiverCompanyId, () =>
    assignInScope(tx, receiverCompanyId, documentId, partyId),
  );
}

async function assignInScope(
  tx: Db,
  receiverCompanyId: number,
  documentId: number,
  partyId: number | null,
) {
  const policies = await repo.listPolicies(tx, receiverCompanyId);
  if (policies.length === 0) return;
  const [totalCents, lines, coding] = await Promise.all([
    documentTotalCents(tx, documentId),
    findLines(tx, documentId),
    findCoding(tx, receiverCompanyId, documentId),
  ]);
  const policy = matchApprovalPolicy(
    policies.map((p) => toPolicyDefinition(p.policy)),
    {
      partyId,
      totalCents,
      lines: lines.map((l) => {
        const c = coding.get(l.id);
        return {
          coding: Object.fromEntries(codingKinds.map(({ key }) => [key, c?.[key] ?? null])),
        };
      }),
    },
  );
  if (!policy) return;
  const names = await repo.memberNames(
    tx,
    receiverCompanyId,
    policy.steps.flatMap((s) => s.approverUserIds),
  );
  const chain = buildApprovalChain(policy, totalCents, (id) => names.get(id) ?? `User ${id}`);
  await repo.insertChain(tx, {
    documentId,
    companyId: receiverCompanyId,
    policyId: policy.id,
    chain,
  });
}

/** The document's chain: the stored snapshot, else the single approval by any user. */
export async function chainOf(db: Db, documentId: number) {
  const stored = await repo.findChain(db, documentId);
  return { chain: stored?.chain ?? singleApprovalChain(), stored: stored !== null };
}

async function decide(db: Db, ctx: TenantContext, loaded: LoadedDocument, chain: ApprovalChain) {
  const [totalCents, limitCents, delegators] = await Promise.all([
    documentTotalCents(db, loaded.document.id),
    repo.findApprovalLimit(db, ctx.companyId, ctx.userId),
    delegatorsOf(db, ctx.companyId, ctx.userId, new Date()),
  ]);
  return decideChainApproval({
    chain,
    totalCents,
    submittedByUserId: loaded.document.createdByUserId,
    actor: { userId: ctx.userId, roles: ctx.roles, limitCents: limitCents ?? null },
    delegators,
  });
}

export interface ApprovedStep {
  chain: ApprovalChain;
  stepIndex: number;
  completes: boolean;
  stored: boolean;
  /** The delegator the caller approved for ('Out of office'); null: in their own name. */
  onBehalfOf: string | null;
}

/**
 * The caller approves the waiting step (the status was checked by the transition table): 403
 * out of turn, above the limit, a second step by the same person or one's own submission.
 */
export async function approveStep(
  tx: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  comment: string | null,
  userName: string,
): Promise<ApprovedStep> {
  const { chain, stored } = await chainOf(tx, loaded.document.id);
  const decision = await decide(tx, ctx, loaded, chain);
  if (!decision.allowed) {
    if (decision.refusal === 'role') throw forbidden(decision.message, 'approval_refused');
    throw new AppError(409, 'action_not_allowed', decision.message);
  }
  const next = withApproval(chain, {
    userId: ctx.userId,
    userName,
    at: new Date().toISOString(),
    comment,
    byRule: null,
    onBehalfOfUserId: decision.onBehalfOf?.userId ?? null,
    onBehalfOf: decision.onBehalfOf?.name ?? null,
  });
  if (stored) await repo.updateChain(tx, loaded.document.id, next);
  return {
    chain: next,
    stepIndex: decision.stepIndex,
    completes: decision.completes,
    stored,
    onBehalfOf: decision.onBehalfOf?.name ?? null,
  };
}

/** GET /documents/{id}/approvals: the chain panel and whether (or why not) the caller approves. */
export async function presentApprovals(
  db: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
): Promise<DocumentApprovals> {
  if (loaded.route.side !== 'received') throw forbidden(workflowMessages.notYourSide);
  const { chain, stored } = await chainOf(db, loaded.document.id);
  const move = decideWorkflowMove({
    action: 'approve',
    templateId: loaded.type.templateId,
    documentTypeId: loaded.type.id,
    routeStatusId: loaded.route.routeStatusId,
    side: 'received',
    userType: ctx.userType,
    roles: ctx.roles,
  });
  const statusAllows = move.allowed || move.refusal === 'role';
  const decision = statusAllows ? await decide(db, ctx, loaded, chain) : null;
  const refusal = !move.allowed ? move.message : decision?.allowed ? null : decision?.message;
  return {
    policyName: chain.policyName,
    hasPolicy: stored,
    steps: chain.steps.map((s, i) => ({
      number: i + 1,
      approverLabel: s.approverLabel,
      approval: s.approval && {
        userName: s.approval.userName,
        at: s.approval.at,
        comment: s.approval.comment,
        byRule: s.approval.byRule,
        onBehalfOf: s.approval.onBehalfOf ?? null,
      },
      assigned: s.assigned
        ? {
            userName: s.assigned.userName,
            byName: s.assigned.byName,
            at: s.assigned.at,
            comment: s.assigned.comment,
          }
        : null,
    })),
    awaiting: statusAllows ? awaitingApprovalText(chain) : null,
    canApprove: move.allowed && decision?.allowed === true,
    approveRefusal: statusAllows ? (refusal ?? null) : null,
  };
}
