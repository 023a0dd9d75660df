import {
  documentScreenMessages as msg,
  HistoryOperation,
  historyOperations,
  type HistoryCategory,
  type HistoryDetails,
  type HistoryEntry,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { requireReadableDocument } from '../documents/access';
import {
  isAutomaticApproval,
  presentHistoryDetails,
  presentHistoryEntry,
  reasonOf,
} from './presenter';
import * as repo from './repository';
import { findDecline } from '../signing/repository';

/**
 * The audit history of a document (spec 1 §2 Audit History). Both companies that see the document
 * see all of its entries, newest first. Nothing here writes: the history is append-only.
 */

const operationIdsOf = (category: HistoryCategory) =>
  historyOperations.filter((o) => o.category === category).map((o) => o.id);

export async function listDocumentHistory(
  db: Db,
  ctx: TenantContext,
  documentId: number,
  category: HistoryCategory | undefined,
): Promise<HistoryEntry[]> {
  await requireReadableDocument(db, ctx.companyId, documentId);
  const rows = await repo.listHistory(
    db,
    documentId,
    category ? operationIdsOf(category) : null,
    ctx.companyId,
  );
  return rows.map(presentHistoryEntry);
}

/** The reason of the latest Reject (its newValue); null when the document was never rejected. */
export async function getRejectionReason(db: Db, ctx: TenantContext, documentId: number) {
  await requireReadableDocument(db, ctx.companyId, documentId);
  const entry = await repo.findLatestEntry(db, documentId, HistoryOperation.Reject);
  return { reason: entry?.newValue ?? null };
}

/** The comment of the latest Dispute (issue 29 item 2; shared); null when never disputed. */
export async function getDisputeComment(db: Db, ctx: TenantContext, documentId: number) {
  await requireReadableDocument(db, ctx.companyId, documentId);
  const entry = await repo.findLatestEntry(db, documentId, HistoryOperation.Dispute);
  return { reason: entry?.newValue ?? null };
}

/** The reason given with the latest Return unsigned (issue 27 item 12); null when none was. */
export async function getReturnReason(db: Db, ctx: TenantContext, documentId: number) {
  await requireReadableDocument(db, ctx.companyId, documentId);
  const entry = await repo.findLatestEntry(db, documentId, HistoryOperation.ReturnUnsigned);
  if (!entry) return { reason: null, declineReason: null };
  const decline = await findDecline(db, documentId);
  return { reason: reasonOf(entry), declineReason: decline?.declineReason ?? null };
}

export async function getHistoryDetails(
  db: Db,
  ctx: TenantContext,
  documentId: number,
  historyId: number,
): Promise<HistoryDetails> {
  await requireReadableDocument(db, ctx.companyId, documentId);
  const entry = await repo.findEntry(db, documentId, historyId);
  if (!entry || (entry.details === null && !isAutomaticApproval(entry))) {
    throw notFound(msg.historyDetailsNotFound, 'history_details_not_found');
  }
  return presentHistoryDetails(entry);
}
