import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  legalDocumentMessages,
  LegalDocumentType,
  PrivacySetting,
  type LegalDocument,
  type LegalDocumentPage,
  type ShareablePartyPage,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { BlobNotFoundError, type BlobStore } from '../../platform/blob-store/index';
import { assertLegalDocumentReadable } from '../document-intelligence/legal-reading';
import { presentLegalDocument } from './presenter';
import { diffFields, recordAdminChange } from '../admin-audit/record';
import * as repo from './repository';
import type { StoredUpload, UploadDetails } from './upload-reader';

/**
 * Legal documents (spec 3 §3, §4): W9s and insurance certificates of the selected company.
 * Every use case is for Administrators (deny by default); another company's id is a 404.
 */

const documentNotFound = () => notFound('Legal document not found', 'legal_document_not_found');
const unique = (ids: number[]) => [...new Set(ids)];

export async function getLegalDocument(db: Db, ctx: TenantContext, id: number) {
  assertAdministrator(ctx);
  const row = await repo.findLegalDocument(db, ctx.companyId, id);
  if (!row) throw documentNotFound();
  const shared = await repo.findSharedParties(db, ctx.companyId, [id]);
  return presentLegalDocument(row, shared.get(id) ?? []);
}

export async function searchLegalDocuments(
  db: Db,
  ctx: TenantContext,
  q: Parameters<typeof repo.findLegalDocumentPage>[2],
): Promise<LegalDocumentPage> {
  assertAdministrator(ctx);
  const page = await repo.findLegalDocumentPage(db, ctx.companyId, q);
  const shared = await repo.findSharedParties(
    db,
    ctx.companyId,
    page.items.map((r) => r.id),
  );
  return {
    items: page.items.map((r) => presentLegalDocument(r, shared.get(r.id) ?? [])),
    totalRecords: page.totalRecords,
  };
}

export async function listShareableParties(
  db: Db,
  ctx: TenantContext,
  q: Parameters<typeof repo.findShareableParties>[2],
): Promise<ShareablePartyPage> {
  assertAdministrator(ctx);
  return repo.findShareableParties(db, ctx.companyId, q);
}

/**
 * POST /legaldocuments/upload: the caller's role is checked before a byte of the file is read;
 * `receive` streams the file into the blob store and returns it with the parsed details.
 */
export async function uploadLegalDocument(
  db: Db,
  blobStore: BlobStore,
  ctx: TenantContext,
  receive: () => Promise<{ details: UploadDetails; file: StoredUpload }>,
): Promise<LegalDocument> {
  assertAdministrator(ctx);
  const { details, file } = await receive();
  const created = await createLegalDocument(db, blobStore, ctx, details, file);
  // Read after the row is written: a failed reading keeps the upload and answers 501 (spec 3 §8).
  await assertLegalDocumentReadable(blobStore, file);
  return created;
}

/**
 * Writes the row of a file already in the blob store. A new active document makes the active one
 * of its type inactive in the same transaction (the UI asked for confirmation); so does the
 * document it replaces. When the row cannot be written the blob is removed again.
 */
async function createLegalDocument(
  db: Db,
  blobStore: BlobStore,
  ctx: TenantContext,
  details: UploadDetails,
  file: StoredUpload,
): Promise<LegalDocument> {
  try {
    const typeId = details.legalDocumentTypeId;
    const shared = details.privacySettingId === PrivacySetting.SharedWithPartners;
    const id = await db.transaction(async (tx) => {
      const partyIds = shared ? unique(details.selectedParties) : [];
      await assertShareable(tx, ctx, partyIds);
      await repo.lockActiveDocumentOfType(tx, ctx.companyId, typeId);
      if (details.replacesLegalDocumentId !== undefined) {
        const old = await repo.findLegalDocument(
          tx,
          ctx.companyId,
          details.replacesLegalDocumentId,
        );
        if (!old || old.legalDocumentTypeId !== typeId) throw documentNotFound();
        await repo.updateLegalDocument(tx, ctx.companyId, old.id, {
          privacySettingId: old.privacySettingId,
          isActive: false,
        });
      }
      if (details.isActive) await repo.deactivateOthersOfType(tx, ctx.companyId, typeId, null);
      const row = await repo.insertLegalDocument(tx, ctx.companyId, {
        legalDocumentTypeId: typeId,
        privacySettingId: details.privacySettingId,
        isActive: details.isActive,
        fileKey: file.key,
        fileName: file.fileName,
        contentType: file.contentType,
        fileSize: file.size,
        uploadedByUserId: ctx.userId,
        expiresOn: details.expiresOn ?? null,
      });
      await repo.addSharedParties(tx, ctx.companyId, row.id, partyIds);
      await recordAdminChange(tx, ctx, {
        action: 'legaldocument.uploaded',
        entityType: 'legal_document',
        entityId: row.id,
        summary: `Uploaded the legal document ${file.fileName}`,
        changes: [
          { field: 'fileName', old: null, new: file.fileName },
          { field: 'legalDocumentTypeId', old: null, new: typeId },
          { field: 'privacySettingId', old: null, new: details.privacySettingId },
          { field: 'isActive', old: null, new: details.isActive },
          { field: 'sharedWithParties', old: null, new: partyIds },
          ...(details.expiresOn ? [{ field: 'expiresOn', old: null, new: details.expiresOn }] : []),
          ...(details.replacesLegalDocumentId === undefined
            ? []
            : [{ field: 'replaces', old: null, new: details.replacesLegalDocumentId }]),
        ],
      });
      return row.id;
    });
    return await getLegalDocument(db, ctx, id);
  } catch (error) {
    await blobStore.delete(file.key);
    throw error;
  }
}

/**
 * Privacy, activity and parties. While shared, parties are only ever added (a connection that has
 * seen the document keeps it); making the document Private withdraws every share.
 */
export async function updateLegalDocumentDetails(
  db: Db,
  ctx: TenantContext,
  id: number,
  input: {
    privacySettingId: number;
    isActive: boolean;
    selectedParties: number[];
    expiresOn?: string | null;
  },
): Promise<LegalDocument> {
  assertAdministrator(ctx);
  await db.transaction(async (tx) => {
    const row = await repo.findLegalDocument(tx, ctx.companyId, id);
    if (!row) throw documentNotFound();
    const expiresOn = input.expiresOn === undefined ? row.expiresOn : input.expiresOn;
    if (expiresOn !== null && row.legalDocumentTypeId !== LegalDocumentType.InsuranceCertificate) {
      const message = legalDocumentMessages.expiryOnlyForCertificates;
      throw badRequest(message, 'validation_failed', { expiresOn: message });
    }
    const sharedBefore = [...(await repo.findSharedPartyIds(tx, ctx.companyId, id))].sort(
      (a, b) => a - b,
    );
    if (input.privacySettingId === PrivacySetting.SharedWithPartners) {
      const already = await repo.findSharedPartyIds(tx, ctx.companyId, id);
      const added = unique(input.selectedParties).filter((p) => !already.has(p));
      await assertShareable(tx, ctx, added);
      await repo.addSharedParties(tx, ctx.companyId, id, added);
    } else {
      await repo.removeSharedParties(tx, ctx.companyId, id);
    }
    if (input.isActive && !row.isActive) {
      await repo.lockActiveDocumentOfType(tx, ctx.companyId, row.legalDocumentTypeId);
      await repo.deactivateOthersOfType(tx, ctx.companyId, row.legalDocumentTypeId, id);
    }
    await repo.updateLegalDocument(tx, ctx.companyId, id, {
      privacySettingId: input.privacySettingId,
      isActive: input.isActive,
      ...(expiresOn === row.expiresOn ? {} : { expiresOn, expiryReminderSentAt: null }),
    });
    const sharedAfter = [...(await repo.findSharedPartyIds(tx, ctx.companyId, id))].sort(
      (a, b) => a - b,
    );
    const changes = diffFields(
      {
        privacySettingId: row.privacySettingId,
        isActive: row.isActive,
        sharedWithParties: sharedBefore,
        expiresOn: row.expiresOn,
      },
      {
        privacySettingId: input.privacySettingId,
        isActive: input.isActive,
        sharedWithParties: sharedAfter,
        expiresOn,
      },
      ['privacySettingId', 'isActive', 'sharedWithParties', 'expiresOn'],
    );
    if (changes.length === 0) return;
    await recordAdminChange(tx, ctx, {
      action: 'legaldocument.updated',
      entityType: 'legal_document',
      entityId: id,
      summary: `Changed the legal document ${row.fileName}`,
      changes,
    });
  });
  return getLegalDocument(db, ctx, id);
}

/** Deletes the row, then its file once the deletion is committed (a failed commit keeps both). */
export async function deleteLegalDocument(
  db: Db,
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  ctx: TenantContext,
  id: number,
): Promise<void> {
  assertAdministrator(ctx);
  const fileKey = await db.transaction(async (tx) => {
    const row = await repo.findLegalDocument(tx, ctx.companyId, id);
    const key = await repo.deleteLegalDocument(tx, ctx.companyId, id);
    if (key === null || !row) throw documentNotFound();
    await recordAdminChange(tx, ctx, {
      action: 'legaldocument.deleted',
      entityType: 'legal_document',
      entityId: id,
      summary: `Deleted the legal document ${row.fileName}`,
      changes: [{ field: 'fileName', old: row.fileName, new: null }],
    });
    return key;
  });
  // An orphaned blob costs disk space only; the user's delete already succeeded.
  await blobStore.delete(fileKey).catch((err: unknown) => {
    log.error({ err, fileKey }, 'could not delete the file of a deleted legal document');
  });
}

export async function openLegalDocumentFile(
  db: Db,
  blobStore: BlobStore,
  ctx: TenantContext,
  id: number,
): Promise<{ row: repo.LegalDocumentRow; stream: Readable }> {
  assertAdministrator(ctx);
  const row = await repo.findLegalDocument(db, ctx.companyId, id);
  if (!row) throw documentNotFound();
  try {
    return { row, stream: await blobStore.get(row.fileKey) };
  } catch (error) {
    if (error instanceof BlobNotFoundError) {
      throw notFound('The file of this document is missing', 'legal_document_file_missing');
    }
    throw error;
  }
}

async function assertShareable(db: Db, ctx: TenantContext, partyIds: number[]) {
  const found = await repo.findShareablePartyIds(db, ctx.companyId, partyIds);
  if (partyIds.some((p) => !found.has(p))) {
    throw badRequest(legalDocumentMessages.partyNotConnected, 'party_not_connected', {
      selectedParties: legalDocumentMessages.partyNotConnected,
    });
  }
}
