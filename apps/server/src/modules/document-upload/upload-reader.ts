import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  documentMessages,
  documentUploadMessages,
  zFileUploadData,
  type FileUploadData,
} from '@flowline/shared';
import { AppError, badRequest } from '../../errors';
import { checkImage, checkPdf } from '../../http/content-check';
import { loadPdfLib } from '../../platform/heavy-modules';
import { cleanUploadFileName, inspectStream, type Inspection } from '../../http/upload-stream';
import type { BlobStore } from '../../platform/blob-store/index';
import type { NewDocumentFile } from './create-document';
import { checkOfficeFile } from './office-check';
import { sniffUpload, UPLOAD_SNIFF_BYTES, type SniffedUploadType } from './sniff';

/**
 * Pages are counted only for PDFs up to this size: the file is kept in memory while streaming and
 * pdf-lib's parse costs a few times its size (bench:upload measured +68 MiB for a 19 MiB file), so
 * the limit keeps an upload's memory within the 64 MB budget. Larger PDFs get their count null.
 */
export const PAGE_COUNT_MAX_BYTES = 4 * 1024 * 1024;

export interface ReceiveOptions<P> {
  maxBytes: number;
  /**
   * Validates the upload details and resolves what the write needs. Runs as soon as the
   * fileUploadData part arrives — before a byte of the file is stored when the client sends it
   * first (as the SPA does); otherwise after the file was stored.
   */
  prepare: (data: FileUploadData) => Promise<P>;
  /** Removes a stored file again (content-addressed: only when nothing else references it). */
  release: (file: NewDocumentFile) => Promise<unknown>;
  /** Whether the plan takes a file of this (sniffed) type; default: any recognised type. */
  acceptsType?: (plan: P, contentType: string) => boolean;
  /** The 415 for a refused type, worded for the plan when it is known. */
  refuseType?: (plan: P | undefined) => Error;
}

export const tooLarge = () => new AppError(413, 'file_too_large', documentMessages.tooLarge);
const wrongType = () => new AppError(415, 'unsupported_file_type', documentMessages.wrongType);
const detailsMissing = (fields?: Record<string, string>) =>
  badRequest(documentUploadMessages.fileUploadDataRequired, 'validation_failed', fields);

/**
 * Reads POST /documents/upload: the `fileUploadData` JSON part and one `file` part, in either
 * order. The file is streamed into the blob store by its content hash (constant memory) while
 * its bytes are counted and its first bytes sniffed; any failure after that releases the blob.
 */
export async function receiveDocumentUpload<P>(
  req: FastifyRequest,
  blobStore: BlobStore,
  opts: ReceiveOptions<P>,
): Promise<{ plan: P; file: NewDocumentFile }> {
  if (!req.isMultipart()) {
    throw new AppError(415, 'multipart_expected', 'Send the file as multipart/form-data');
  }
  // busboy truncates one byte past the limit; the reader counts and reports 413 itself.
  const parts = req.parts({
    limits: { fileSize: opts.maxBytes + 1, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });
  let plan: { value: P } | undefined;
  let file: NewDocumentFile | undefined;
  const refuseType = () => opts.refuseType?.(plan?.value) ?? wrongType();
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'fileUploadData') {
          if (plan) throw detailsMissing();
          plan = { value: await opts.prepare(parseFileUploadData(part.value)) };
        }
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume(); // drain what we do not use
        throw badRequest(documentUploadMessages.oneFileExpected, 'one_file_expected');
      }
      const stored = await storeFile(part, blobStore, opts.maxBytes, refuseType);
      file = stored.file;
      await checkContent(stored.file, stored.seen);
    }
    if (!plan) throw detailsMissing();
    if (!file) throw badRequest(documentMessages.fileRequired, 'file_required');
    if (opts.acceptsType && !opts.acceptsType(plan.value, file.contentType)) throw refuseType();
    return { plan: plan.value, file };
  } catch (error) {
    // A failed clean-up leaves an orphaned blob (disk space only); the caller gets the real error.
    if (file) await opts.release(file).catch(() => undefined);
    throw translateMultipartError(error);
  }
}

/** The part arrives as a JSON string, or already parsed when sent with type application/json. */
function parseFileUploadData(value: unknown): FileUploadData {
  let json: unknown = value;
  if (typeof value === 'string') {
    try {
      json = JSON.parse(value);
    } catch {
      throw detailsMissing();
    }
  }
  const parsed = zFileUploadData.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw detailsMissing(fields);
}

async function storeFile(
  part: Extract<Multipart, { type: 'file' }>,
  blobStore: BlobStore,
  maxBytes: number,
  refuseType: () => Error,
): Promise<{ file: NewDocumentFile; seen: Inspection<SniffedUploadType> }> {
  const fileName = cleanUploadFileName(part.filename);
  const seen: Inspection<SniffedUploadType> = { size: 0 };
  const stream = Readable.from(
    inspectStream(
      part.file,
      {
        maxBytes,
        sniffBytes: UPLOAD_SNIFF_BYTES,
        sniff: (head) => sniffUpload(head, fileName),
        tooLarge,
        wrongType: refuseType,
        keepUpTo: PAGE_COUNT_MAX_BYTES,
      },
      seen,
    ),
  );
  const stored = await blobStore.putByContent('documents', stream);
  // inspectStream fails the stream unless the type was recognised; this satisfies the compiler.
  if (!seen.type) throw refuseType();
  const type = seen.type;
  const file = {
    key: stored.key,
    sha256: stored.sha256,
    size: stored.size,
    contentType: type.contentType,
    fileName,
    pageCount: type.extension === 'pdf' && seen.kept ? await countPdfPages(seen.kept) : null,
  };
  return { file, seen };
}

/** Opens what the first bytes claimed (415 when it cannot be read); the caller releases the blob. */
export async function checkContent(file: NewDocumentFile, seen: Inspection<SniffedUploadType>) {
  const sample = {
    whole: seen.kept ?? null,
    head: seen.head ?? Buffer.alloc(0),
    tail: seen.tail ?? Buffer.alloc(0),
    activeContent: seen.activeContent,
    uncheckedObjectStream: seen.uncheckedObjectStream,
  };
  if (file.contentType === 'application/pdf') await checkPdf(sample);
  else if (file.contentType.startsWith('image/')) await checkImage(sample);
  else checkOfficeFile(file.contentType, sample);
}

/** The page count of a PDF, or null when pdf-lib cannot read it (the file is still accepted). */
export async function countPdfPages(bytes: Uint8Array): Promise<number | null> {
  const { PDFDocument } = await loadPdfLib();
  try {
    const pdf = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
    return pdf.getPageCount();
  } catch {
    return null;
  }
}

/** @fastify/multipart's own errors become the API's messages. */
function translateMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return detailsMissing();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest(documentUploadMessages.oneFileExpected, 'too_many_parts');
  }
  return error;
}
