import {
  HistoryOperation,
  RouteStatus,
  decideWorkflowMove,
  statusAfterPayments,
  workflowMessages,
  type BulkApproveResult,
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
import { announceToCompanies } from '../../platform/realtime/hub';
import {
  documentLabel,
  mailStatus,
  notifyStatus,
  type StatusNews,
  type WorkflowDeps,
} from './notify';
import * as repo from './repository';

/** The shared transition table decides: 403 for who is asking, 409 for the document's state. */
function assertMove(ctx: TenantContext, loaded: LoadedDocument, action: WorkflowAction) {
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

/**
 * One receiver move in one transaction: lock, check the table, set both sides' status, write
 * history (Workflow), notify the sender's members; mails go out after the commit.
 */
async function receiverMove(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  id: number,
  action: 'approve' | 'reject',
  reason?: string,
): Promise<void> {
  const moved: Moved = await db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertMove(ctx, loaded, action);
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
        newValue: reason ?? null,
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
      details: reason ? [['Rejection Reason', reason]] : [],
    };
    await announceToCompanies(tx, {
      type: 'document',
      companyIds: [loaded.document.ownerCompanyId, ctx.companyId],
      documentId: id,
      change: action === 'approve' ? 'approved' : 'rejected',
    });
    return { news, memberIds: await notifyStatus(tx, news) };
  });
  await mailStatus(db, deps, moved.news, moved.memberIds);
}

export async function approveDocument(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  id: number,
): Promise<DocumentDto> {
  await receiverMove(db, deps, ctx, id, 'approve');
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

/**
 * Bulk Approve from a list: each document in its own transaction, so one refusal does not undo
 * the others; refusals come back with their reason. Another company's ids are refused as 'not
 * found', exactly like missing ones.
 */
export async function approveDocuments(
  db: Db,
  deps: WorkflowDeps,
  ctx: TenantContext,
  ids: number[],
): Promise<BulkApproveResult> {
  const approved: number[] = [];
  const refused: BulkApproveResult['refused'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await receiverMove(db, deps, ctx, id, 'approve');
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
  await loadDocument(db, ctx, documentId);
  const [rows, paid, total] = await Promise.all([
    repo.listPayments(db, documentId),
    repo.paidCents(db, documentId),
    repo.documentTotalCents(db, documentId),
  ]);
  return {
    items: rows.map(presentPayment),
    paidAmount: centsToAmount(paid),
    total: total === null ? null : centsToAmount(total),
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
    const details: [string, string][] = [['Amount', amountText]];
    if (input.transactionDate) details.push(['Date', input.transactionDate]);
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
        ? `${receiver} cancelled a payment of ${amountText} on ${label}.`
        : `${receiver} recorded a payment of ${amountText} on ${label}.`,
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
