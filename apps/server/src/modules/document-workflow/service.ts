import {
  HistoryOperation,
  RouteStatus,
  decideWorkflowMove,
  stepOfText,
  formatUsd,
  statusAfterPayments,
  statusAfterRelease,
  workflowMessages,
  type BulkApproveResult,
  type BulkHoldResult,
  type DocumentDto,
  type Payment,
  type PaymentList,
  type WorkflowAction,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { appendHistory } from '../document-history/repository';
import { loadDocument, type LoadedDocument } from '../documents/policy';
import * as documents from '../documents/repository';
import { presentForCaller } from '../documents/service';
import { formatMailDate } from '../../platform/mail/templates/index';
import { announceToCompanies } from '../../platform/realtime/hub';
import {
  documentLabel,
  mailStatus,
  notifyStatus,
  type StatusNews,
  type WorkflowDeps,
} from './notify';
import * as repo from './repository';
import { invoiceTerms } from '../payment-runs/terms';
import { documentRoutes } from '../../db/schema/index';
import { and, eq, ne } from 'drizzle-orm';
import { approveStep } from '../approvals/chain';
import { userDisplayName } from '../approvals/repository';
import {
  findWaitingApproval,
  mailWaitingApproval,
  notifyWaitingApproval,
  type WaitingApproval,
} from '../approvals/waiting-mail';

/** The shared transition table decides: 403 for who is asking, 409 for the document's state. */
export function assertMove(ctx: TenantContext, loaded: LoadedDocument, action: WorkflowAction) {
  const decision = decideWorkflowMove({
    action,
    templateId: loaded.type.templateId,
    documentTypeId: loaded.type.id,
    routeStatusId: loaded.route.routeStatusId,
    side: loaded.route.side === 'received' ? 'received' : 'sent',
    userType: ctx.userType,
    roles: ctx.roles,
  });
  if (decision.allowed) return decision.to;
  if (decision.refusal === 'role') throw forbidden(decision.message);
  throw new AppError(409, 'action_not_allowed', decision.message);
}

async function companyName(db: Db, id: number) {
  return (await documents.findCompanyNames(db, [id])).get(id) ?? '';
}

interface Moved {
  news: StatusNews;
  memberIds: number[];
}

/** What a move leaves for after its commit: the sender's status mail, or the next step's mail. */
type MoveOutcome =
  { moved: Moved; waiting?: never } | { moved?: never; waiting: WaitingApproval | null };

/**
 * One receiver move in one transaction: lock, check the table, set both sides' status, write
 * history (Workflow), notify the sender's members; mails go out after the commit. An approval
 * walks the invoice's approval chain (docs/approvals.md): before its last step the status stays,
 * the step is recorded for the receiver only, and the sender hears nothing.
 */
async function receiverMove(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  id: number,
  action: 'approve' | 'reject',
  text: string | null,
): Promise<void> {
  const outcome: MoveOutcome = await db.transaction(async (tx): Promise<MoveOutcome> => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertMove(ctx, loaded, action);
    if (action === 'approve') {
      const step = await approveStep(tx, ctx, loaded, text, await userDisplayName(tx, ctx.userId));
      // Each person's step (and any comment) stays in the receiver's own history.
      if (step.stored || text) {
        await appendHistory(tx, [
          {
            documentId: id,
            companyId: ctx.companyId,
            userId: ctx.userId,
            objectType: 'document',
            operationId: HistoryOperation.ApproveStep,
            objectName:
              stepOfText(step.stepIndex, step.chain.steps.length) +
              (step.onBehalfOf ? ` (on behalf of ${step.onBehalfOf})` : ''),
            newValue: text,
          },
        ]);
      }
      if (!step.completes) {
        if (loaded.route.routeStatusId === RouteStatus.Disputed) {
          // Approving a disputed invoice resolves the dispute: the chain goes on from Viewed.
          await documents.setStatusOfAllRoutes(tx, id, RouteStatus.Viewed);
          await appendHistory(tx, [
            {
              documentId: id,
              companyId: ctx.companyId,
              userId: ctx.userId,
              objectType: 'document',
              operationId: HistoryOperation.StatusChanged,
              oldValue: 'Disputed',
              newValue: 'Viewed',
            },
          ]);
        }
        await announceToCompanies(tx, {
          type: 'document',
          companyIds:
            loaded.route.routeStatusId === RouteStatus.Disputed
              ? [ctx.companyId, loaded.document.ownerCompanyId]
              : [ctx.companyId],
          documentId: id,
          change: 'approved',
        });
        // The next step starts waiting: its approvers are told (mailed after the commit).
        const waiting = step.stored ? await findWaitingApproval(tx, ctx.companyId, id) : null;
        await notifyWaitingApproval(tx, waiting);
        return { waiting };
      }
    }
    const status = action === 'approve' ? RouteStatus.Approved : RouteStatus.Rejected;
    await documents.setStatusOfAllRoutes(tx, id, status);
    await appendHistory(tx, [
      {
        documentId: id,
        companyId: ctx.companyId,
        userId: ctx.userId,
        objectType: 'document',
        operationId: action === 'approve' ? HistoryOperation.Approve : HistoryOperation.Reject,
        // The rejection reason is read back from here ('Rejection Reason' on both sides).
        newValue: action === 'reject' ? text : null,
      },
    ]);
    const [label, receiver] = await Promise.all([
      documentLabel(tx, loaded),
      companyName(tx, ctx.companyId),
    ]);
    const verb = action === 'approve' ? 'approved' : 'rejected';
    const news: StatusNews = {
      documentId: id,
      toCompanyId: loaded.document.ownerCompanyId,
      fromCompanyId: ctx.companyId,
      title: `${label} ${verb}`,
      message: `${receiver} ${verb} ${label}.`,
      details: action === 'reject' && text ? [['Rejection Reason', text]] : [],
    };
    await announceToCompanies(tx, {
      type: 'document',
      companyIds: [loaded.document.ownerCompanyId, ctx.companyId],
      documentId: id,
      change: action === 'approve' ? 'approved' : 'rejected',
    });
    return { moved: { news, memberIds: await notifyStatus(tx, news) } };
  });
  if (outcome.moved) await mailStatus(db, deps, outcome.moved.news, outcome.moved.memberIds);
  else await mailWaitingApproval(db, deps, outcome.waiting);
}

export async function approveDocument(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  id: number,
  comment: string | null = null,
): Promise<DocumentDto> {
  await receiverMove(db, deps, ctx, id, 'approve', comment);
  return presentForCaller(db, ctx, await loadDocument(db, ctx, id));
}

export async function rejectDocument(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  id: number,
  reason: string,
): Promise<DocumentDto> {
  await receiverMove(db, deps, ctx, id, 'reject', reason);
  return presentForCaller(db, ctx, await loadDocument(db, ctx, id));
}

/** The receiver's own route (a hold touches only it). */
async function setReceiverStatus(db: Db, ctx: TenantContext, id: number, status: number) {
  await db
    .update(documentRoutes)
    .set({ routeStatusId: status, updatedAt: new Date() })
    .where(and(eq(documentRoutes.documentId, id), eq(documentRoutes.companyId, ctx.companyId)));
}

/** The status the sender's route kept (Received or Viewed) while the receiver held the invoice. */
async function senderStatus(db: Db, ctx: TenantContext, id: number) {
  const [row] = await db
    .select({ status: documentRoutes.routeStatusId })
    .from(documentRoutes)
    .where(and(eq(documentRoutes.documentId, id), ne(documentRoutes.companyId, ctx.companyId)))
    .limit(1);
  return row?.status ?? null;
}

/**
 * Put on hold (issue 29 item 2): the receiver's route only, an internal history entry with the
 * optional comment; the sender's route, history and notifications are untouched, so the vendor
 * still sees Received/Viewed. One transaction under the document's lock.
 */
async function holdInTransaction(db: Db, ctx: TenantContext, id: number, comment: string | null) {
  await db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertMove(ctx, loaded, 'hold');
    await setReceiverStatus(tx, ctx, id, RouteStatus.OnHold);
    await appendHistory(tx, [
      {
        documentId: id,
        companyId: ctx.companyId,
        userId: ctx.userId,
        objectType: 'document',
        operationId: HistoryOperation.PutOnHold,
        newValue: comment,
      },
    ]);
    await announceToCompanies(tx, {
      type: 'document',
      companyIds: [ctx.companyId],
      documentId: id,
      change: 'approved',
    });
  });
}

export async function holdDocument(
  db: Db,
  ctx: TenantContext,
  id: number,
  comment: string | null,
): Promise<DocumentDto> {
  await holdInTransaction(db, ctx, id, comment);
  return presentForCaller(db, ctx, await loadDocument(db, ctx, id));
}

/** Release hold: back to what the sender's route kept; internal history entry. */
export async function releaseHold(db: Db, ctx: TenantContext, id: number): Promise<DocumentDto> {
  await db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertMove(ctx, loaded, 'releaseHold');
    await setReceiverStatus(tx, ctx, id, statusAfterRelease(await senderStatus(tx, ctx, id)));
    await appendHistory(tx, [
      {
        documentId: id,
        companyId: ctx.companyId,
        userId: ctx.userId,
        objectType: 'document',
        operationId: HistoryOperation.ReleaseHold,
      },
    ]);
    await announceToCompanies(tx, {
      type: 'document',
      companyIds: [ctx.companyId],
      documentId: id,
      change: 'approved',
    });
  });
  return presentForCaller(db, ctx, await loadDocument(db, ctx, id));
}

/**
 * Dispute (a comment is required): both routes become Disputed, a shared history entry carries
 * the comment (the sender's screen shows it), the sender's members are notified and mailed.
 */
export async function disputeDocument(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  id: number,
  comment: string,
): Promise<DocumentDto> {
  const moved: Moved = await db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertMove(ctx, loaded, 'dispute');
    await documents.setStatusOfAllRoutes(tx, id, RouteStatus.Disputed);
    await appendHistory(tx, [
      {
        documentId: id,
        companyId: ctx.companyId,
        userId: ctx.userId,
        objectType: 'document',
        operationId: HistoryOperation.Dispute,
        newValue: comment,
      },
    ]);
    const [label, receiver] = await Promise.all([
      documentLabel(tx, loaded),
      companyName(tx, ctx.companyId),
    ]);
    const news: StatusNews = {
      documentId: id,
      toCompanyId: loaded.document.ownerCompanyId,
      fromCompanyId: ctx.companyId,
      title: `${label} disputed`,
      message: `${receiver} disputed ${label}.`,
      details: [['Comment', comment]],
    };
    await announceToCompanies(tx, {
      type: 'document',
      companyIds: [loaded.document.ownerCompanyId, ctx.companyId],
      documentId: id,
      change: 'rejected',
    });
    return { news, memberIds: await notifyStatus(tx, news) };
  });
  await mailStatus(db, deps, moved.news, moved.memberIds);
  return presentForCaller(db, ctx, await loadDocument(db, ctx, id));
}

/** Bulk Put on hold: each document on its own, refusals with their reason (like bulk approve). */
export async function holdDocuments(
  db: Db,
  ctx: TenantContext,
  ids: number[],
  comment: string | null,
): Promise<BulkHoldResult> {
  const held: number[] = [];
  const refused: BulkHoldResult['refused'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await holdInTransaction(db, ctx, id, comment);
      held.push(id);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      refused.push({ documentId: id, message: error.message });
    }
  }
  const message =
    refused.length === 0
      ? workflowMessages.bulkHeld(held.length)
      : workflowMessages.bulkHeldPartly(held.length, refused.length);
  return { held, refused, message };
}

/**
 * Bulk Approve from a list: each document in its own transaction, so one refusal does not undo
 * the others; refusals come back with their reason (over the limit, not your turn, the status…).
 * The optional comment goes with each approval, as if given one by one. Another company's ids are refused as 'not
 * found', exactly like missing ones.
 */
export async function approveDocuments(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  ids: number[],
  comment: string | null = null,
): Promise<BulkApproveResult> {
  const approved: number[] = [];
  const refused: BulkApproveResult['refused'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await receiverMove(db, deps, ctx, id, 'approve', comment);
      approved.push(id);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      refused.push({ documentId: id, message: error.message });
    }
  }
  const message =
    refused.length === 0
      ? workflowMessages.bulkApproved(approved.length)
      : workflowMessages.bulkPartly(approved.length, refused.length);
  return { approved, refused, message };
}

const centsToAmount = (cents: number) => Math.round(cents) / 100;

function presentPayment(row: repo.PaymentRow): Payment {
  return {
    id: row.id,
    documentId: row.documentId,
    amount: centsToAmount(row.amountCents),
    checkNumber: row.checkNumber,
    description: row.description,
    isCancellation: row.isCancellation,
    ...(row.discountCents ? { discount: centsToAmount(row.discountCents) } : {}),
    transactionDate: row.transactionDate,
    paymentId: row.paymentReference,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /payment?documentId: both sides see the payments (the sender as remittance). */
export async function listDocumentPayments(
  db: Db,
  ctx: TenantContext,
  documentId: number,
): Promise<PaymentList> {
  const loaded = await loadDocument(db, ctx, documentId);
  const [rows, paid, total] = await Promise.all([
    repo.listPayments(db, documentId),
    repo.paidCents(db, documentId),
    repo.documentTotalCents(db, documentId),
  ]);
  const terms = await invoiceTerms(db, loaded, total);
  return {
    items: rows.map(presentPayment),
    paidAmount: centsToAmount(paid),
    total: total === null ? null : centsToAmount(total),
    ...(terms ? { terms } : {}),
  };
}

export interface NewPayment {
  documentId: number;
  amount: string;
  checkNumber: string | null;
  description: string | null;
  isCancellation: boolean;
  transactionDate: string | null;
  paymentId: string | null;
}

/**
 * POST /payment: the receiver records a payment (or a cancellation) of an approved invoice; once
 * the payments cover the total the document is Paid on both sides, and a cancellation that
 * uncovers it brings it back to Approved. The sender is told with the remittance details.
 */
export async function addPayment(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  input: NewPayment,
): Promise<PaymentList> {
  const amountCents = Math.round(Number(input.amount) * 100);
  const moved: Moved = await db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, input.documentId, { lock: true });
    assertMove(ctx, loaded, 'recordPayment');
    const before = await repo.paidCents(tx, input.documentId);
    if (input.isCancellation && amountCents > before) {
      throw new AppError(409, 'action_not_allowed', workflowMessages.cancellationTooLarge);
    }
    await repo.insertPayment(tx, {
      documentId: input.documentId,
      companyId: ctx.companyId,
      amountCents,
      transactionDate: input.transactionDate,
      paymentReference: input.paymentId,
      checkNumber: input.checkNumber,
      description: input.description,
      isCancellation: input.isCancellation,
      createdByUserId: ctx.userId,
    });
    const paid = before + (input.isCancellation ? -amountCents : amountCents);
    const total = await repo.documentTotalCents(tx, input.documentId);
    const status = statusAfterPayments(paid, total);
    if (status !== loaded.route.routeStatusId) {
      await documents.setStatusOfAllRoutes(tx, input.documentId, status);
    }
    const amountText = `$${(amountCents / 100).toFixed(2)}`;
    await appendHistory(tx, [
      {
        documentId: input.documentId,
        companyId: ctx.companyId,
        userId: ctx.userId,
        objectType: 'payment',
        operationId: input.isCancellation
          ? HistoryOperation.PaymentCancelled
          : HistoryOperation.Pay,
        newValue: amountText,
        details: {
          amount: amountText,
          checkNumber: input.checkNumber,
          paymentId: input.paymentId,
          transactionDate: input.transactionDate,
        },
      },
    ]);
    const [label, receiver] = await Promise.all([
      documentLabel(tx, loaded),
      companyName(tx, ctx.companyId),
    ]);
    // The mail's remittance (also each line of a digest): money and dates as people write them.
    const money = formatUsd(amountCents);
    const details: [string, string][] = [['Amount', money]];
    if (input.transactionDate) {
      details.push(['Date', formatMailDate(new Date(`${input.transactionDate}T00:00:00Z`))]);
    }
    if (input.paymentId) details.push(['Payment ID', input.paymentId]);
    if (input.checkNumber) details.push(['Check number', input.checkNumber]);
    if (input.description) details.push(['Description', input.description]);
    const news: StatusNews = {
      documentId: input.documentId,
      toCompanyId: loaded.document.ownerCompanyId,
      fromCompanyId: ctx.companyId,
      title: input.isCancellation
        ? `Payment cancelled on ${label}`
        : status === RouteStatus.Paid
          ? `${label} paid`
          : `Payment received on ${label}`,
      message: input.isCancellation
        ? `${receiver} cancelled a payment of ${money} on ${label}.`
        : `${receiver} recorded a payment of ${money} on ${label}.`,
      details,
    };
    // Open screens of both sides refresh (status, balance, payment list).
    await announceToCompanies(tx, {
      type: 'document',
      companyIds: [loaded.document.ownerCompanyId, ctx.companyId],
      documentId: input.documentId,
      change: 'paid',
    });
    return { news, memberIds: await notifyStatus(tx, news) };
  });
  await mailStatus(db, deps, moved.news, moved.memberIds);
  return listDocumentPayments(db, ctx, input.documentId);
}
