import {
  DocumentTypeId,
  documentMessages,
  documentUploadMessages as msg,
  FieldType,
  formatBatchName,
  HistoryOperation,
  isDocumentReadOnly,
  isGlobalUser,
  MetadataKey,
  PartyType,
  readingLimitMessages,
  type FileUploadData,
  type UploadResult,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertCanChangeData } from '../../auth/policy';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import type { JobEngine } from '../../platform/jobs/types';
import { enqueueDocumentExtraction } from '../document-intelligence/jobs';
import { markExtractionPending } from '../document-intelligence/repository';
import { MAX_READ_PAGES } from '../document-intelligence/service';
import { findDocumentType } from '../document-types/repository';
import { requireVisibleDocument } from '../documents/access';
import { lockBlobForUse, releaseBlobIfUnreferenced } from './blob-cleanup';
import {
  createDocument,
  createTemporaryDocument,
  type NewDocumentFile,
  type NewMetadataValue,
} from './create-document';
import { assertDocumentAction, loadDocument } from '../documents/policy';
import { softDeleteDocuments } from '../documents/repository';
import { findTemporaryDocuments } from '../documents/version-repository';
import * as repo from './repository';
import { DOCUMENT_CONTENT_TYPES } from './sniff';

/**
 * POST /documents/upload (spec 1 §7, spec 3 §3–§4; docs/document-upload-and-files.md): a new
 * document of the caller's company, or an attachment to a document it can see.
 */

export type UploadPlan = NewDocumentPlan | AttachmentPlan | ReplacementPlan;

/** Replace file: a temporary document that may become the rejected document's next version. */
interface ReplacementPlan {
  kind: 'replacement';
  documentId: number;
}

interface NewDocumentPlan {
  kind: 'document';
  documentTypeId: number;
  batchName: string;
  party: { id: number; name: string; companyId: number } | null;
  billTo: { id: number; name: string } | null;
}

interface AttachmentPlan {
  kind: 'attachment';
  documentId: number;
}

export type ReceiveUpload = (
  prepare: (data: FileUploadData) => Promise<UploadPlan>,
  release: (file: NewDocumentFile) => Promise<unknown>,
) => Promise<{ plan: UploadPlan; file: NewDocumentFile }>;

/** A document is a PDF or an image; an attachment may also be an office file (sniff.ts). */
export function acceptsUploadType(plan: UploadPlan, contentType: string): boolean {
  return plan.kind === 'attachment' || DOCUMENT_CONTENT_TYPES.has(contentType);
}

/** The 415 of a refused file, worded for what is being uploaded. */
export function uploadTypeRefusal(plan: UploadPlan | undefined): AppError {
  const message =
    plan?.kind === 'attachment' ? documentMessages.attachmentWrongType : documentMessages.wrongType;
  return new AppError(415, 'unsupported_file_type', message);
}

/** ReadOnly members and Global users are refused before a byte of the file is read. */
export function assertCanUpload(ctx: TenantContext): void {
  assertCanChangeData(ctx);
  if (isGlobalUser(ctx.userType)) throw forbidden(msg.globalUser, 'global_user');
}

export async function uploadDocument(
  db: Db,
  blobStore: BlobStore,
  ctx: TenantContext,
  receive: ReceiveUpload,
  now = new Date(),
  jobs?: JobEngine,
  opts: { maxReadPages?: number } = {},
): Promise<UploadResult> {
  assertCanUpload(ctx);
  const release = (file: NewDocumentFile) => releaseBlobIfUnreferenced(db, blobStore, file);
  const { plan, file } = await receive((data) => prepareUpload(db, ctx, data, now), release);
  let result: UploadResult;
  try {
    result = await db.transaction(async (tx) => {
      await lockBlobForUse(tx, blobStore, file);
      if (plan.kind === 'attachment') return addAttachment(tx, ctx, plan, file);
      const added =
        plan.kind === 'replacement'
          ? await addReplacement(tx, ctx, plan, file, now)
          : await addDocument(tx, ctx, plan, file, now);
      // Every uploaded document is read (docs/document-intelligence.md); the upload never waits.
      for (const id of added.documentIds) await markExtractionPending(tx, id);
      return added;
    });
  } catch (error) {
    // A failed clean-up leaves an orphaned blob (disk space only); the caller gets the real error.
    await release(file).catch(() => undefined);
    throw error;
  }
  // The uploader learns at once that a long file is read only in part (issue 28 item 2).
  const maxReadPages = opts.maxReadPages ?? MAX_READ_PAGES;
  if (plan.kind !== 'attachment' && file.pageCount !== null && file.pageCount > maxReadPages) {
    result = {
      ...result,
      notice: readingLimitMessages.pageCapAtUpload(maxReadPages, file.pageCount),
    };
  }
  if (jobs && plan.kind !== 'attachment') {
    // After the commit: a lost enqueue leaves the row 'pending', queued again at the next start.
    for (const id of result.documentIds) {
      await enqueueDocumentExtraction(jobs, id, ctx.companyId).catch(() => undefined);
    }
  }
  return result;
}

/** Validates fileUploadData against the database; the checks of spec 3 §5 Send dialog and ours. */
export async function prepareUpload(
  db: Db,
  ctx: TenantContext,
  data: FileUploadData,
  now = new Date(),
): Promise<UploadPlan> {
  if (data.isAttachment) {
    if (data.documentId === undefined) {
      throw badRequest(msg.attachmentNeedsDocument, 'validation_failed', {
        documentId: msg.attachmentNeedsDocument,
      });
    }
    await requireAttachable(db, ctx, data.documentId);
    return { kind: 'attachment', documentId: data.documentId };
  }
  if (data.isTemporary) {
    if (data.documentId === undefined) {
      throw badRequest(msg.replacementNeedsDocument, 'validation_failed', {
        documentId: msg.replacementNeedsDocument,
      });
    }
    // Only the sender of a rejected invoice replaces its file (the shared rule's replaceFile).
    assertDocumentAction(ctx, await loadDocument(db, ctx, data.documentId), 'replaceFile');
    return { kind: 'replacement', documentId: data.documentId };
  }
  if (data.documentId !== undefined) {
    throw badRequest(msg.documentIdNeedsAttachment, 'validation_failed', {
      documentId: msg.documentIdNeedsAttachment,
    });
  }
  if (data.documentTypeId === undefined) {
    throw badRequest(msg.documentTypeRequired, 'validation_failed', {
      documentTypeId: msg.documentTypeRequired,
    });
  }
  if (!(await findDocumentType(db, data.documentTypeId))) {
    throw badRequest(msg.unknownDocumentType, 'unknown_document_type', {
      documentTypeId: msg.unknownDocumentType,
    });
  }
  // Vendor companies send AR invoices (spec 3 §1): the Send button's rule, enforced here too.
  if (
    data.documentTypeId === DocumentTypeId.ArInvoice &&
    !(await repo.companyHasPartyType(db, ctx.companyId, PartyType.Vendor))
  ) {
    throw forbidden(msg.vendorsOnly, 'vendor_required');
  }
  if (data.documentTypeId === DocumentTypeId.ArInvoice && data.receivingPartyId === undefined) {
    throw badRequest(msg.receiverRequired, 'validation_failed', {
      receivingPartyId: msg.receiverRequired,
    });
  }
  const party =
    data.receivingPartyId === undefined
      ? null
      : await requireConnectedParty(db, ctx, data.receivingPartyId);
  let billTo: NewDocumentPlan['billTo'] = null;
  if (data.billToOrgUnitId !== undefined) {
    if (!party) {
      throw badRequest(msg.billToNeedsReceiver, 'validation_failed', {
        billToOrgUnitId: msg.billToNeedsReceiver,
      });
    }
    const choices = await repo.findBillToOrgUnits(db, ctx.companyId, party.companyId);
    billTo = choices.find((o) => o.id === data.billToOrgUnitId) ?? null;
    if (!billTo) {
      throw badRequest(msg.billToInvalid, 'bill_to_invalid', {
        billToOrgUnitId: msg.billToInvalid,
      });
    }
  }
  return {
    kind: 'document',
    documentTypeId: data.documentTypeId,
    batchName: data.batchName || formatBatchName(now, { utc: true }),
    party,
    billTo,
  };
}

/** A connection of the caller's company that is linked to a network company right now. */
async function requireConnectedParty(db: Db, ctx: TenantContext, partyId: number) {
  const party = await repo.findOwnParty(db, ctx.companyId, partyId);
  if (!party) throw notFound(msg.partyNotFound, 'party_not_found');
  if (party.connectedCompanyId === null || party.isDisconnected || !party.isActive) {
    throw badRequest(documentMessages.partyNotConnected, 'party_not_connected', {
      receivingPartyId: documentMessages.partyNotConnected,
    });
  }
  return { id: party.id, name: party.name, companyId: party.connectedCompanyId };
}

/** Attachments go on documents the company sees and that are not read-only (spec 1 §2, §6). */
async function requireAttachable(db: Db, ctx: TenantContext, documentId: number) {
  const visible = await requireVisibleDocument(db, ctx.companyId, documentId);
  const type = await findDocumentType(db, visible.document.documentTypeId);
  const readOnly = isDocumentReadOnly({
    templateId: type?.documentTypeTemplateId ?? 0,
    routeStatusId: visible.route.routeStatusId,
  });
  if (readOnly) throw conflict(msg.readOnlyDocument, 'document_read_only');
  return visible;
}

/**
 * A temporary replacement: a document of the same type and owner, hidden from lists, pointing at
 * the rejected one. An earlier replacement of the same document is removed (spec 1 §4).
 */
async function addReplacement(
  tx: Db,
  ctx: TenantContext,
  plan: ReplacementPlan,
  file: NewDocumentFile,
  now: Date,
): Promise<UploadResult> {
  const loaded = await loadDocument(tx, ctx, plan.documentId, { lock: true });
  const earlier = (await findTemporaryDocuments(tx, ctx.companyId, plan.documentId)).filter(
    (d) => d.previousVersionId === plan.documentId,
  );
  if (earlier.length)
    await softDeleteDocuments(
      tx,
      earlier.map((d) => d.id),
    );
  const doc = await createTemporaryDocument(tx, {
    ownerCompanyId: ctx.companyId,
    userId: ctx.userId,
    documentTypeId: loaded.document.documentTypeId,
    file,
    previousVersionId: plan.documentId,
    at: now,
  });
  return { batchName: null, documentIds: [doc.id] };
}

async function addDocument(
  tx: Db,
  ctx: TenantContext,
  plan: NewDocumentPlan,
  file: NewDocumentFile,
  now: Date,
): Promise<UploadResult> {
  const doc = await createDocument(tx, {
    ownerCompanyId: ctx.companyId,
    userId: ctx.userId,
    documentTypeId: plan.documentTypeId,
    file,
    batchName: plan.batchName,
    receivingPartyId: plan.party?.id ?? null,
    receivingCompanyId: plan.party?.companyId ?? null,
    metadata: await prefill(tx, ctx, plan, now),
    at: now,
  });
  return { batchName: plan.batchName, documentIds: [doc.id] };
}

const senderFieldTypes: readonly number[] = [
  FieldType.Company,
  FieldType.Operator,
  FieldType.Vendor,
];

/**
 * Values known at upload, only for keys the type has: the scan date (today, UTC), the sender's
 * name in its document-property company/operator/vendor fields (docARCompany, docOperatorName,
 * docPayerName), the purchaser (the connection, with its id) and the Bill To profile name.
 */
async function prefill(tx: Db, ctx: TenantContext, plan: NewDocumentPlan, now: Date) {
  const definitions = await repo.findDefinitionsOfType(tx, plan.documentTypeId);
  const senderName = await repo.findCompanyName(tx, ctx.companyId);
  const values: Record<string, NewMetadataValue> = {};
  for (const d of definitions) {
    if (d.key === MetadataKey.scanDate) values[d.key] = now.toISOString().slice(0, 10);
    else if (d.key === MetadataKey.arPurchaserName && plan.party) {
      values[d.key] = { value: plan.party.name, partyId: plan.party.id };
    } else if (d.key === MetadataKey.orgUnitName && plan.billTo) values[d.key] = plan.billTo.name;
    else if (d.isDocumentProperty && senderFieldTypes.includes(d.fieldTypeId) && senderName) {
      values[d.key] = senderName;
    }
  }
  return values;
}

async function addAttachment(
  tx: Db,
  ctx: TenantContext,
  plan: AttachmentPlan,
  file: NewDocumentFile,
): Promise<UploadResult> {
  // Checked again inside the transaction: the status may have changed since the details came.
  await requireAttachable(tx, ctx, plan.documentId);
  const attachment = await repo.insertAttachment(tx, {
    documentId: plan.documentId,
    companyId: ctx.companyId,
    createdByUserId: ctx.userId,
    fileName: file.fileName,
    fileKey: file.key,
    fileSha256: file.sha256,
    fileSize: file.size,
    contentType: file.contentType,
  });
  await repo.insertHistory(tx, {
    documentId: plan.documentId,
    companyId: ctx.companyId,
    userId: ctx.userId,
    operationId: HistoryOperation.AttachmentAdded,
    objectType: 'attachment',
    objectName: file.fileName,
    newValue: file.fileName,
    details: { attachmentId: attachment.id },
  });
  return { batchName: null, documentIds: [plan.documentId], attachmentId: attachment.id };
}

/** GET /batch/getdocumentids: only one's own batches (another user's id is 403). */
export async function getBatchDocumentIds(
  db: Db,
  ctx: TenantContext,
  batchName: string,
  userId: number,
): Promise<number[]> {
  if (userId !== ctx.userId) throw forbidden(msg.ownBatchesOnly, 'batch_forbidden');
  return repo.findBatchDocumentIds(db, ctx.companyId, batchName, userId);
}
