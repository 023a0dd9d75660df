import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { BlobNotFoundError, type BlobRange, type BlobStore } from '../../platform/blob-store/index';
import { findVisibleDocument, requireReadableDocument } from '../documents/access';
import { contentDisposition, pdfFileName } from './content-disposition';
import {
  imageToPdf,
  PDF_RENDITION_MAX_BYTES,
  PDF_RENDITION_TYPES,
  RenditionTooLargeError,
} from './pdf-rendition';
import {
  IMAGE_HEADER_BYTES,
  INLINE_IMAGE_MAX_PIXELS,
  inlineRendition,
  pixelsOf,
} from './inline-image';
import * as repo from './repository';
import type { FileResponse, SendFileHooks } from './send-file';

/**
 * File downloads (spec 1 §7: /documents/{id}/file/1, /download/{id}, /download/attachment/{id}
 * and the /pdf variant); see docs/document-upload-and-files.md "Blob store and downloads".
 * Every use case passes the documents tenant check first: another company's, a deleted or a
 * missing document is a 404. Explicit downloads (/download/*) write a Download history entry;
 * the viewer's /file/1 does not (the document screen records views).
 */

export interface PreparedFile {
  response: FileResponse;
  hooks: SendFileHooks;
}

/** Types a browser may render inline; anything else is always sent as an attachment. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/tiff']);

const attachmentNotFound = () => notFound('Attachment not found', 'attachment_not_found');

/** GET /documents/{id}/file/1: the document's file for the viewer, inline, with byte ranges. */
export async function prepareDocumentFile(
  db: Db,
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  ctx: TenantContext,
  documentId: number,
): Promise<PreparedFile> {
  const { document } = await requireReadableDocument(db, ctx.companyId, documentId);
  const inline = INLINE_TYPES.has(document.contentType);
  if (inline && (await isHugeImage(blobStore, log, document, 'document')))
    return huge(blobStore, log, document, 'document');
  return {
    response: {
      contentType: document.contentType,
      size: document.fileSize,
      etag: `"${document.fileSha256}"`,
      disposition: contentDisposition(inline ? 'inline' : 'attachment', document.fileName),
      ranges: true,
    },
    hooks: { open: (range) => openBlob(blobStore, log, document.fileKey, 'document', range) },
  };
}

/** GET /download/{id}: the document's file as a download. */
export async function prepareDocumentDownload(
  db: Db,
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  ctx: TenantContext,
  documentId: number,
): Promise<PreparedFile> {
  const { document } = await requireReadableDocument(db, ctx.companyId, documentId);
  return downloadOf(db, blobStore, log, ctx, document.id, 'document', document);
}

/**
 * GET /download/attachment/{id}: an attachment of a document the caller can see. `inline` is the
 * preview: a PDF or image is sent inline and the history says 'Viewed', not 'Downloaded'.
 */
export async function prepareAttachmentDownload(
  db: Db,
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  ctx: TenantContext,
  attachmentId: number,
  inline = false,
): Promise<PreparedFile> {
  const attachment = await repo.unsafeFindAttachment(db, attachmentId);
  // The tenant check is the attachment's document; a foreign one looks exactly like a missing one.
  if (!attachment || !(await findVisibleDocument(db, ctx.companyId, attachment.documentId))) {
    throw attachmentNotFound();
  }
  if (inline && (await isHugeImage(blobStore, log, attachment, 'attachment'))) {
    return huge(blobStore, log, attachment, 'attachment', () =>
      repo.insertDownloadHistory(db, ctx, attachment.documentId, {
        objectType: 'attachment',
        objectName: attachment.fileName,
        viewed: true,
      }),
    );
  }
  return downloadOf(db, blobStore, log, ctx, attachment.documentId, 'attachment', attachment, {
    viewed: inline,
  });
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/tiff']);

/** An image with more pixels than inline viewing allows (its header read from the store). */
async function isHugeImage(
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  file: StoredFile,
  what: 'document' | 'attachment',
): Promise<boolean> {
  if (!IMAGE_TYPES.has(file.contentType)) return false;
  const end = Math.min(file.fileSize, IMAGE_HEADER_BYTES) - 1;
  if (end < 0) return false;
  const header = await readAll(
    await openBlob(blobStore, log, file.fileKey, what, { start: 0, end }),
    IMAGE_HEADER_BYTES,
  );
  return ((await pixelsOf(header)) ?? 0) > INLINE_IMAGE_MAX_PIXELS;
}

/** The downscaled JPEG shown instead of a huge image; the original stays for the download. */
function huge(
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  file: StoredFile,
  what: 'document' | 'attachment',
  beforeFullBody?: () => Promise<void>,
): PreparedFile {
  return {
    response: {
      contentType: 'image/jpeg',
      size: null,
      etag: `W/"${file.fileSha256}-inline"`,
      disposition: contentDisposition('inline', `${file.fileName.replace(/\.[^.]*$/, '')}.jpg`),
      ranges: false,
    },
    hooks: {
      open: async () => inlineRendition(await openBlob(blobStore, log, file.fileKey, what)),
      ...(beforeFullBody ? { beforeFullBody } : {}),
    },
  };
}

/** The stored-file columns a document row and an attachment row share. */
interface StoredFile {
  contentType: string;
  fileSize: number;
  fileSha256: string;
  fileName: string;
  fileKey: string;
}

/**
 * An explicit download of a document's or an attachment's file: the bytes as uploaded, as an
 * attachment, no byte ranges, and a Download history entry on the document before the full body.
 */
function downloadOf(
  db: Db,
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  ctx: TenantContext,
  documentId: number,
  what: 'document' | 'attachment',
  file: StoredFile,
  opts: { viewed?: boolean } = {},
): PreparedFile {
  const viewed = opts.viewed ?? false;
  const inline = viewed && INLINE_TYPES.has(file.contentType);
  return {
    response: {
      contentType: file.contentType,
      size: file.fileSize,
      etag: `"${file.fileSha256}"`,
      disposition: contentDisposition(inline ? 'inline' : 'attachment', file.fileName),
      ranges: false,
    },
    hooks: {
      open: () => openBlob(blobStore, log, file.fileKey, what),
      beforeFullBody: () =>
        repo.insertDownloadHistory(db, ctx, documentId, {
          objectType: what,
          objectName: file.fileName,
          viewed,
        }),
    },
  };
}

/**
 * GET /download/{id}/pdf: a PDF as it is (streamed); a PNG, JPEG or TIFF converted in memory
 * (up to PDF_RENDITION_MAX_BYTES). `inline` is for showing it (no Download history).
 */
export async function prepareDocumentPdf(
  db: Db,
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  ctx: TenantContext,
  documentId: number,
  inline: boolean,
): Promise<PreparedFile> {
  const { document } = await requireReadableDocument(db, ctx.companyId, documentId);
  const name = pdfFileName(document.fileName);
  const disposition = contentDisposition(inline ? 'inline' : 'attachment', name);
  const beforeFullBody = inline
    ? undefined
    : () =>
        repo.insertDownloadHistory(db, ctx, document.id, {
          objectType: 'document',
          objectName: name,
          format: 'pdf',
        });

  if (document.contentType === 'application/pdf') {
    return {
      response: {
        contentType: 'application/pdf',
        size: document.fileSize,
        etag: `"${document.fileSha256}"`,
        disposition,
        ranges: false,
      },
      hooks: { open: () => openBlob(blobStore, log, document.fileKey, 'document'), beforeFullBody },
    };
  }
  if (!(PDF_RENDITION_TYPES as readonly string[]).includes(document.contentType)) {
    throw new AppError(415, 'pdf_unavailable', 'This file cannot be shown as a PDF.');
  }
  if (document.fileSize > PDF_RENDITION_MAX_BYTES) throw renditionTooLarge();
  return {
    response: {
      contentType: 'application/pdf',
      size: null, // known once converted
      // Weak: the same image always gives an equivalent PDF, not necessarily the same bytes.
      etag: `W/"${document.fileSha256}-pdf"`,
      disposition,
      ranges: false,
    },
    hooks: {
      // Converted only when a body is due (not for a 304).
      open: async () => {
        const stream = await openBlob(blobStore, log, document.fileKey, 'document');
        const image = await readAll(stream, PDF_RENDITION_MAX_BYTES);
        return convert(log, document.id, image, document.contentType);
      },
      beforeFullBody,
    },
  };
}

async function convert(log: FastifyBaseLogger, id: number, image: Buffer, contentType: string) {
  try {
    return Buffer.from(await imageToPdf(image, contentType));
  } catch (error) {
    if (error instanceof RenditionTooLargeError) throw renditionTooLarge();
    log.warn({ err: error, documentId: id }, 'PDF rendition failed');
    throw new AppError(422, 'pdf_conversion_failed', 'The file could not be converted to PDF.');
  }
}

const renditionTooLarge = () =>
  new AppError(
    413,
    'pdf_conversion_too_large',
    'The image is too large to convert to PDF; download the original file instead.',
  );

/**
 * Opens the stored bytes. A row whose blob is gone is a data problem worth a warning, and a clear
 * 404 for the caller (never a 500).
 */
async function openBlob(
  blobStore: BlobStore,
  log: FastifyBaseLogger,
  key: string,
  what: 'document' | 'attachment',
  range?: BlobRange,
): Promise<Readable> {
  try {
    return await blobStore.get(key, range);
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    log.warn({ key }, `the stored file of a ${what} is missing`);
    throw notFound(
      what === 'document'
        ? 'The file of this document is missing.'
        : 'The file of this attachment is missing.',
      `${what}_file_missing`,
    );
  }
}

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw renditionTooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
