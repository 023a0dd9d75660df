import {
  documentScreenMessages as msg,
  HistoryOperation,
  RouteStatus,
  type DocumentDto,
  type ResubmitBody,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { appendHistory } from '../document-history/repository';
import { markExtractionPending } from '../document-intelligence/repository';
import { mailAutoApproval } from '../coding-rules/evaluate';
import { mailStatus, type WorkflowDeps } from '../document-workflow/notify';
import { replaceSenderLines } from '../line-items/service';
import { saveMetadataValues } from './metadata-save';
import { assertDocumentAction, loadDocument } from './policy';
import { sendDocumentInTransaction, type PublishDeps } from './publish';
import { mailWaitingApproval, withoutWaitingRecipients } from '../approvals/waiting-mail';
import * as repo from './repository';
import { refreshDocumentIndex } from './search-index';
import { presentForCaller } from './service';
import * as versions from './version-repository';

/** What the receiver is told: the corrected version is the one its notification and mail open. */
export const resubmitNotice = (typeName: string, number: string, sender: string) => ({
  title: `${typeName} ${number} resubmitted`,
  message: `${sender} resubmitted ${typeName} ${number} with corrections.`,
});

/**
 * POST /documents/{id}/resubmit[?newVersion] (spec 1 §4, spec 3 §4; issue 27 item 5): the sender
 * of a rejected invoice sends its corrected next version in one step. With newVersion = the id of
 * a temporary replacement (Replace file) that file becomes the new version; otherwise the new
 * version reuses the current file. The new version gets the old one's values and lines, then the
 * body's corrections, and is validated and sent like Send (sendDocumentInTransaction: Sent for
 * the sender, Received for the receiver, its notification); the old version's routes (both
 * companies) become Resubmitted. All in one transaction: a refusal (role 403, state 409,
 * missing fields 400, receiver 409) writes nothing. The receiver's mail links the new version.
 */
export async function resubmitDocument(
  db: Db,
  ctx: TenantContext,
  id: number,
  replacementId: number | null,
  deps: WorkflowDeps & PublishDeps,
  body: ResubmitBody = { metadata: [] },
): Promise<DocumentDto> {
  const done = await db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertDocumentAction(ctx, loaded, 'resubmit');
    const old = loaded.document;
    const rootId = old.versionRootId ?? old.id;

    let version: repo.DocumentRow;
    if (replacementId !== null) {
      const [temp] = (
        await versions.findTemporaryDocuments(tx, ctx.companyId, replacementId)
      ).filter((d) => d.id === replacementId);
      if (!temp) throw notFound(msg.replacementNotFound, 'replacement_not_found');
      await repo.touchDocument(tx, temp.id, {
        isTemporary: false,
        documentTypeId: old.documentTypeId,
        batchName: old.batchName,
        receivingPartyId: old.receivingPartyId,
        receivingCompanyId: old.receivingCompanyId,
        previousVersionId: old.id,
        versionRootId: rootId,
      });
      version = { ...temp, previousVersionId: old.id, versionRootId: rootId };
    } else {
      version = await versions.insertVersionOf(tx, old, ctx.userId);
    }
    await versions.copyMetadata(tx, old.id, version.id);
    await versions.copyLineItems(tx, old.id, version.id);
    // A replacement upload may already have a route of its own: it is reset to unsent, then sent.
    await repo.upsertRoute(tx, {
      documentId: version.id,
      companyId: ctx.companyId,
      side: 'sent',
      documentTypeId: old.documentTypeId,
      routeStatusId: null,
      isRead: true,
      partyId: loaded.route.partyId,
      counterpartyCompanyId: loaded.route.counterpartyCompanyId,
    });

    const entry = { companyId: ctx.companyId, userId: ctx.userId, objectType: 'document' } as const;
    await appendHistory(tx, [
      { ...entry, documentId: version.id, operationId: HistoryOperation.Create },
      ...(replacementId !== null
        ? [
            {
              ...entry,
              documentId: version.id,
              operationId: HistoryOperation.ReplaceFile,
              oldValue: old.fileName,
              newValue: version.fileName,
            },
          ]
        : []),
    ]);

    // The corrections typed on the rejected version go to the new one (Edit entries there).
    let next = await loadDocument(tx, ctx, version.id);
    if (body.metadata.length) await saveMetadataValues(tx, ctx, next, body.metadata);
    if (body.lines) await replaceSenderLines(tx, ctx, next, body.lines);
    next = await loadDocument(tx, ctx, version.id);

    const sent = await sendDocumentInTransaction(tx, ctx, next, {
      confirmDuplicate: body.confirmDuplicate,
      notice: (number, sender) => resubmitNotice(next.type.name, number, sender),
    });
    await repo.setStatusOfAllRoutes(tx, old.id, RouteStatus.Resubmitted);
    await appendHistory(tx, [
      {
        ...entry,
        documentId: old.id,
        operationId: HistoryOperation.Resubmit,
        newValue: String(version.id),
      },
    ]);
    await refreshDocumentIndex(tx, old.id);
    await refreshDocumentIndex(tx, version.id);
    await markExtractionPending(tx, version.id);
    const dto = await presentForCaller(tx, ctx, await loadDocument(tx, ctx, version.id));
    return { sent, dto };
  });
  const { sent } = done;
  await mailAutoApproval(db, deps, sent.approval);
  await mailWaitingApproval(db, deps, sent.waiting);
  await mailStatus(
    db,
    deps,
    {
      documentId: sent.documentId,
      toCompanyId: sent.receiverId,
      fromCompanyId: ctx.companyId,
      ...resubmitNotice(sent.typeName, sent.number, sent.sender),
      details: [],
    },
    withoutWaitingRecipients(sent.memberIds, sent.waiting),
  );
  return done.dto;
}
