import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  documentMessages,
  documentScreenMessages as msg,
  FieldType,
  HistoryOperation,
  MetadataKey,
  READ_HISTORY_THROTTLE_MS,
  type DocumentDto,
  type DocumentVersion,
  type LookupValue,
  type SaveDocumentRequest,
  type zDocumentQuery,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertCanChangeData } from '../../auth/policy';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import { appendHistory, hasEntrySince } from '../document-history/repository';
import { releaseBlobIfUnreferenced } from '../document-upload/blob-cleanup';
import { findLatestVisibleVersion, findVisibleDocument, findVisibleDocuments } from './access';
import { saveMetadataValues, isPartyField, partyTypeOf } from './metadata-save';
import { loadMetadataView } from './metadata-view';
import {
  actionsFor,
  assertDocumentAction,
  documentStateOf,
  loadDocument,
  workflowActionsFor,
  type LoadedDocument,
} from './policy';
import { presentDocument } from './presenter';
import { markViewedOnOpen } from '../document-workflow/viewed';
import { mailStatus, type WorkflowDeps } from '../document-workflow/notify';
import { documentViewed, type DocumentNews } from '../notifications/events';
import { findPossibleDuplicates } from './duplicates';
import { loadLineItemRows } from '../line-items/service';
import { findDocumentSignatures } from '../signing/repository';
import { findExtractionDto } from '../document-intelligence/repository';
import * as repo from './repository';
import * as versions from './version-repository';

/**
 * The document screen's use cases (spec 1; docs/document-screen.md). Send is in publish.ts,
 * resubmit in resubmit.ts, the metadata save in metadata-save.ts.
 */

export type DocumentQueryParsed = z.output<typeof zDocumentQuery>;

const defaultQuery: DocumentQueryParsed = {
  includeMetadata: true,
  includeRelatedDocuments: false,
  trackHistory: false,
  includeThirdPartyMetadata: true,
  setDocAsViewed: false,
};

/** A Read entry per user and document at most every READ_HISTORY_THROTTLE_MS. */
async function recordRead(tx: Db, ctx: TenantContext, documentId: number, now = new Date()) {
  const since = new Date(now.getTime() - READ_HISTORY_THROTTLE_MS);
  if (await hasEntrySince(tx, documentId, ctx.userId, HistoryOperation.Read, since)) return;
  await appendHistory(tx, [
    {
      documentId,
      companyId: ctx.companyId,
      userId: ctx.userId,
      operationId: HistoryOperation.Read,
      objectType: 'document',
    },
  ]);
}

/** The document as the caller's company sees it, with what the caller may do with it. */
export async function presentForCaller(
  db: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  q: DocumentQueryParsed = defaultQuery,
): Promise<DocumentDto> {
  const { document: doc, route } = loaded;
  const sent = route.side !== 'received';
  const companyId =
    route.counterpartyCompanyId ?? (sent ? doc.receivingCompanyId : doc.ownerCompanyId);
  const partyId = route.partyId ?? (sent ? doc.receivingPartyId : null);
  const [view, names, party, lineItems] = await Promise.all([
    q.includeMetadata ? loadMetadataView(db, loaded) : Promise.resolve(null),
    repo.findCompanyNames(db, companyId === null ? [] : [companyId]),
    partyId === null ? Promise.resolve(null) : repo.findCompanyParty(db, ctx.companyId, partyId),
    loadLineItemRows(db, ctx.companyId, loaded),
  ]);
  const hasCounterparty = companyId !== null || partyId !== null;
  const actions = actionsFor(ctx, loaded);
  // The receiver resolves the owner's party choices from its own point of view (issue 11 item 5).
  const ownerPartyIds = [...(view?.stored.values() ?? [])]
    .map((v) => v.partyId)
    .filter((id): id is number => id !== null);
  const ownParties =
    sent || !view ? null : await repo.unsafeResolveOwnerParties(db, ctx.companyId, ownerPartyIds);
  return presentDocument({
    loaded,
    view,
    lineItems,
    includeThirdParty: q.includeThirdPartyMetadata,
    ownParties,
    counterparty: hasCounterparty
      ? {
          companyId,
          companyName: companyId === null ? null : (names.get(companyId) ?? null),
          partyId: party?.id ?? null,
          partyName: party?.name ?? null,
        }
      : null,
    ...documentStateOf(loaded),
    actions,
    workflowActions: workflowActionsFor(ctx, loaded),
    possibleDuplicates: await findPossibleDuplicates(
      db,
      loaded,
      route.listValues[MetadataKey.number] ?? null,
    ),
    extraction: await findExtractionDto(db, doc.id, { includeProposals: actions.edit }),
    documentSignatures: (await findDocumentSignatures(db, doc.id)).map((s) => ({
      imageAsBase64: s.imageBase64,
      userId: s.userId ?? 0,
      area: s.area,
      page: s.page,
    })),
  });
}

/**
 * GET /documents/{id}. setDocAsViewed marks it read for the company (any role: reading is not a
 * change of the document) and, like trackHistory, writes a throttled Read entry.
 */
export async function getDocument(
  db: Db,
  ctx: TenantContext,
  id: number,
  q: DocumentQueryParsed = defaultQuery,
  /** To mail the sender's members when this open makes the document Viewed. */
  deps?: WorkflowDeps,
): Promise<DocumentDto> {
  let loaded = await loadDocument(db, ctx, id, { readOnly: true });
  if (q.documentTypeId !== undefined && q.documentTypeId !== loaded.document.documentTypeId) {
    throw badRequest(msg.wrongDocumentType, 'validation_failed', {
      documentTypeId: msg.wrongDocumentType,
    });
  }
  if (q.setDocAsViewed || q.trackHistory) {
    const read = await db.transaction(async (tx) => {
      let news: DocumentNews | null = null;
      if (q.setDocAsViewed) {
        await repo.markRouteRead(tx, ctx.companyId, id);
        if (await markViewedOnOpen(tx, ctx, loaded)) news = await documentViewed(tx, ctx, loaded);
      }
      await recordRead(tx, ctx, id);
      return { loaded: await loadDocument(tx, ctx, id, { readOnly: true }), news };
    });
    loaded = read.loaded;
    if (read.news && deps) await mailStatus(db, deps, read.news.news, read.news.memberIds);
  }
  return presentForCaller(db, ctx, loaded, q);
}

/** GET /documents/{id}/available: never a 404 (the notification click asks before opening). */
export async function isDocumentAvailable(db: Db, ctx: TenantContext, rawId: string) {
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
    return { available: false, latestVersionId: null };
  }
  if (await findVisibleDocument(db, ctx.companyId, id))
    return { available: true, latestVersionId: id };
  return {
    available: false,
    latestVersionId: await findLatestVisibleVersion(db, ctx.companyId, id),
  };
}

/** PUT /documents/{id}/markread. */
export async function markDocumentRead(db: Db, ctx: TenantContext, id: number): Promise<void> {
  await loadDocument(db, ctx, id);
  await repo.markRouteRead(db, ctx.companyId, id);
}

/** PUT /documents/{id}/metadata. */
export async function saveDocumentMetadata(
  db: Db,
  ctx: TenantContext,
  id: number,
  body: SaveDocumentRequest,
): Promise<DocumentDto> {
  const loaded = await db.transaction(async (tx) => {
    const doc = await loadDocument(tx, ctx, id, { lock: true });
    assertDocumentAction(ctx, doc, 'edit');
    await saveMetadataValues(tx, ctx, doc, body.metadata);
    return loadDocument(tx, ctx, id);
  });
  return presentForCaller(db, ctx, loaded);
}

/** POST /documents/cancelPublish: all or nothing; a foreign or missing id is a 404 for all. */
export async function cancelPublish(db: Db, ctx: TenantContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    const found = async () => {
      const rows = await findVisibleDocuments(tx, ctx.companyId, unique);
      if (rows.length !== unique.length)
        throw notFound(documentMessages.notFound, 'document_not_found');
      return rows;
    };
    await found();
    // Lock only documents the caller can see (in id order), then judge them as the lock holder.
    for (const id of unique) await repo.lockDocument(tx, id);
    const types = new Map<number, repo.DocumentTypeRow>();
    for (const v of await found()) {
      const typeId = v.document.documentTypeId;
      if (!types.has(typeId)) types.set(typeId, await repo.findDocumentType(tx, typeId));
      assertDocumentAction(ctx, { ...v, type: types.get(typeId)! }, 'cancel');
    }
    await repo.softDeleteDocuments(tx, unique);
    await appendHistory(
      tx,
      unique.map((documentId) => ({
        documentId,
        companyId: ctx.companyId,
        userId: ctx.userId,
        operationId: HistoryOperation.Cancel,
        objectType: 'document',
      })),
    );
  });
}

/** DELETE /documents/{id}: Global users, when Cancel is not available (spec 1 §4, §6). */
export async function deleteDocument(db: Db, ctx: TenantContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertDocumentAction(ctx, loaded, 'delete');
    await repo.softDeleteDocuments(tx, [id]);
    await appendHistory(tx, [
      {
        documentId: id,
        companyId: ctx.companyId,
        userId: ctx.userId,
        operationId: HistoryOperation.Delete,
        objectType: 'document',
      },
    ]);
  });
}

/** GET /documents/{id}/versions: the chain's versions this company can see, newest first. */
export async function listVersions(
  db: Db,
  ctx: TenantContext,
  id: number,
): Promise<DocumentVersion[]> {
  const { document: doc } = await loadDocument(db, ctx, id, { readOnly: true });
  const rows = await versions.findVisibleVersions(db, ctx.companyId, doc.versionRootId ?? doc.id);
  const latest = rows[0]?.id ?? doc.id;
  return rows.map((r) => ({
    id: r.id,
    latestVersionDocId: latest,
    updateDate: r.createdAt.toISOString(),
    versionNumber: r.versionNumber,
    fileName: r.fileName,
  }));
}

/**
 * GET /metadata/{id}/lookupvalues: a List field's values; for party fields the company's
 * connected connections of the field's party type (isThirdParty=true: every active one, since
 * third parties need not be on the network); for OrgUnit fields the company's active profiles.
 */
export async function listLookupValues(
  db: Db,
  ctx: TenantContext,
  definitionId: number,
  isThirdParty: boolean,
): Promise<LookupValue[]> {
  const def = await repo.findDefinition(db, definitionId);
  if (!def) throw notFound(msg.metadataNotFound, 'metadata_not_found');
  if (def.fieldTypeId === FieldType.List) {
    const values = (await repo.findLookupValues(db, [def.id])).get(def.id) ?? [];
    return values.map((v) => ({ id: v.id, lookupValue: v.lookupValue }));
  }
  if (isPartyField(def.fieldTypeId)) {
    return repo.findPartyOptions(db, ctx.companyId, partyTypeOf(def.fieldTypeId), isThirdParty);
  }
  if (def.fieldTypeId === FieldType.OrgUnit) {
    const units = await repo.findActiveOrgUnits(db, ctx.companyId);
    return units.map((u) => ({ id: u.id, lookupValue: u.name }));
  }
  return [];
}

/**
 * DELETE /documents/{id}/deleteTempFile: `id` is the temporary replacement (Replace file) or the
 * document it was uploaded to replace. The row is soft-deleted (its history must stay) and the
 * blob is released through the upload module's reference-counted clean-up after the commit.
 */
export async function deleteTemporaryFile(
  db: Db,
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  ctx: TenantContext,
  id: number,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const rows = await versions.findTemporaryDocuments(tx, ctx.companyId, id);
    if (rows.length === 0) throw notFound(msg.tempFileNotFound, 'temp_file_not_found');
    assertCanChangeData(ctx);
    await repo.softDeleteDocuments(
      tx,
      rows.map((r) => r.id),
    );
    return rows;
  });
  for (const row of removed) {
    await releaseBlobIfUnreferenced(db, blobStore, {
      key: row.fileKey,
      sha256: row.fileSha256,
    }).catch((err: unknown) =>
      log.error({ err, fileKey: row.fileKey }, 'could not release a temporary file'),
    );
  }
}
