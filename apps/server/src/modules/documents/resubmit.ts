import {
  documentScreenMessages as msg,
  HistoryOperation,
  RouteStatus,
  type DocumentDto,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { appendHistory } from '../document-history/repository';
import { assertDocumentAction, loadDocument } from './policy';
import * as repo from './repository';
import * as versions from './version-repository';
import { markExtractionPending } from '../document-intelligence/repository';
import { refreshDocumentIndex } from './search-index';
import { presentForCaller } from './service';

import { mailStatus, type WorkflowDeps } from '../document-workflow/notify';
import { documentResubmitted } from '../notifications/events';
/**
 * POST /documents/{id}/resubmit[?newVersion] (spec 1 §4, spec 3 §4): the sender of a rejected
 * invoice creates its next version. With newVersion = the id of a temporary replacement (Replace
 * file) that file becomes the new version; otherwise the new version reuses the current file.
 * The new version gets the old one's values and an unsent route (New) for the sender to edit
 * and Send; the old one's routes (both companies) become Resubmitted. One transaction.
 */
export async function resubmitDocument(
  db: Db,
  ctx: TenantContext,
  id: number,
  replacementId: number | null,
  /** To mail the receiver's members (docs/notifications.md). */
  deps?: WorkflowDeps,
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
    // A replacement upload may already have a route of its own: it is reset to New.
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
    await repo.setStatusOfAllRoutes(tx, old.id, RouteStatus.Resubmitted);

    const entry = { companyId: ctx.companyId, userId: ctx.userId, objectType: 'document' } as const;
    await appendHistory(tx, [
      {
        ...entry,
        documentId: old.id,
        operationId: HistoryOperation.Resubmit,
        newValue: String(version.id),
      },
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
    await refreshDocumentIndex(tx, old.id);
    await refreshDocumentIndex(tx, version.id);
    await markExtractionPending(tx, version.id);
    return { newId: version.id, told: await documentResubmitted(tx, ctx, loaded) };
  });
  if (done.told && deps) await mailStatus(db, deps, done.told.news, done.told.memberIds);
  return presentForCaller(db, ctx, await loadDocument(db, ctx, done.newId));
}
