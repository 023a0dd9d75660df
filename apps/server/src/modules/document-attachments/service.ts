import type { FastifyBaseLogger } from 'fastify';
import {
  documentScreenMessages as msg,
  HistoryOperation,
  type DocumentAttachment,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import { appendHistory } from '../document-history/repository';
import { releaseBlobIfUnreferenced } from '../document-upload/blob-cleanup';
import { findVisibleDocument } from '../documents/access';
import { actionsFor, assertDocumentAction, loadDocument } from '../documents/policy';
import * as repo from './repository';

/**
 * Attachments of a document (spec 1 §2 Attachments tab). Both companies see every attachment; a
 * company deletes only its own, never on a read-only document, never as ReadOnly. Uploads are
 * POST /documents/upload with isAttachment (modules/document-upload).
 */

const attachmentNotFound = () => notFound(msg.attachmentNotFound, 'attachment_not_found');

export async function listDocumentAttachments(
  db: Db,
  ctx: TenantContext,
  documentId: number,
): Promise<DocumentAttachment[]> {
  const loaded = await loadDocument(db, ctx, documentId, { readOnly: true });
  const mayDelete = actionsFor(ctx, loaded).deleteAttachment;
  const rows = await repo.listAttachments(db, documentId);
  return rows.map((a) => ({
    id: a.id,
    fileName: a.fileName,
    fileSize: a.fileSize,
    contentType: a.contentType,
    createdAt: a.createdAt.toISOString(),
    canDelete: mayDelete && a.companyId === ctx.companyId,
  }));
}

/**
 * DELETE /documentAttachments/{id}: the row and an AttachmentDeleted entry in one transaction,
 * then the blob once no row references it any more.
 */
export async function deleteDocumentAttachment(
  db: Db,
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  ctx: TenantContext,
  id: number,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const attachment = await repo.unsafeFindAttachment(tx, id);
    if (!attachment) throw attachmentNotFound();
    // The document is not the caller's to see: neither is the attachment.
    if (!(await findVisibleDocument(tx, ctx.companyId, attachment.documentId))) {
      throw attachmentNotFound();
    }
    const loaded = await loadDocument(tx, ctx, attachment.documentId, { lock: true });
    assertDocumentAction(ctx, loaded, 'deleteAttachment');
    if (attachment.companyId !== ctx.companyId)
      throw forbidden(msg.attachmentNotOwn, 'not_own_attachment');
    await repo.deleteAttachment(tx, id);
    await appendHistory(tx, [
      {
        documentId: attachment.documentId,
        companyId: ctx.companyId,
        userId: ctx.userId,
        operationId: HistoryOperation.AttachmentDeleted,
        objectType: 'attachment',
        objectName: attachment.fileName,
        oldValue: attachment.fileName,
        details: { attachmentId: attachment.id },
      },
    ]);
    return attachment;
  });
  await releaseBlobIfUnreferenced(db, blobStore, {
    key: removed.fileKey,
    sha256: removed.fileSha256,
  }).catch((err: unknown) =>
    log.error({ err, fileKey: removed.fileKey }, 'could not release the file of an attachment'),
  );
}
