import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  LEGAL_DOCUMENT_MAX_BYTES,
  LEGAL_DOCUMENT_MAX_FILE_NAME_LENGTH,
  legalDocumentMessages,
  zLegalDocumentUploadDetails,
  type LegalDocumentUploadDetails,
} from '@flowline/shared';
import type { z } from 'zod';
import { AppError, badRequest } from '../../errors';
import { checkImage, checkPdf, type ContentSample } from '../../http/content-check';
import { cleanUploadFileName, inspectStream, type Inspection } from '../../http/upload-stream';
import type { BlobStore } from '../../platform/blob-store/index';
import { sniffLegalDocument, SNIFF_BYTES, type SniffedType } from './sniff';

export type UploadDetails = z.output<typeof zLegalDocumentUploadDetails>;
export type { LegalDocumentUploadDetails };

/** A file already in the blob store, waiting for its row; removed again if the row is not written. */
export interface StoredUpload {
  key: string;
  fileName: string;
  size: number;
  contentType: string;
}

/** The busboy file limit is one byte past the maximum, so "too large" is detectable. */
const multipartLimits = {
  fileSize: LEGAL_DOCUMENT_MAX_BYTES + 1,
  files: 1,
  fields: 5,
  fieldSize: 64 * 1024,
  parts: 6,
};

const tooLarge = () => new AppError(413, 'file_too_large', legalDocumentMessages.tooLarge);
const wrongType = () => new AppError(415, 'unsupported_file_type', legalDocumentMessages.wrongType);

/**
 * Reads POST /legaldocuments/upload: the `detailsDto` JSON field and the `file` part, in either
 * order. The file is streamed into the blob store (never held whole in memory) while its bytes are
 * counted and its first bytes sniffed; any failure after that removes the blob again.
 */
export async function receiveUpload(
  req: FastifyRequest,
  blobStore: BlobStore,
  companyId: number,
): Promise<{ details: UploadDetails; file: StoredUpload }> {
  if (!req.isMultipart()) {
    throw new AppError(415, 'multipart_expected', 'Send the file as multipart/form-data');
  }
  // The plugin is registered with throwFileSizeLimit: false — the size limit is ours to report
  // (413 with our wording); busboy only truncates one byte past it.
  const parts = req.parts({ limits: multipartLimits });
  let details: UploadDetails | undefined;
  let file: StoredUpload | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'detailsDto') details = parseDetails(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume(); // drain what we do not use
        throw badRequest('Send exactly one file in the "file" field', 'one_file_expected');
      }
      file = await storeFile(part, blobStore, companyId);
    }
    if (!file) throw badRequest(legalDocumentMessages.fileRequired, 'file_required');
    if (!details) throw badRequest(legalDocumentMessages.detailsInvalid, 'validation_failed');
    return { details, file };
  } catch (error) {
    if (file) await blobStore.delete(file.key);
    throw translateMultipartError(error);
  }
}

function parseDetails(value: unknown): UploadDetails {
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw badRequest(legalDocumentMessages.detailsInvalid, 'validation_failed');
  }
  const parsed = zLegalDocumentUploadDetails.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  const first = parsed.error.issues[0];
  const own: string[] = [
    legalDocumentMessages.partiesRequired,
    legalDocumentMessages.expiryInvalid,
    legalDocumentMessages.expiryOnlyForCertificates,
  ];
  const message =
    first && own.includes(first.message) ? first.message : legalDocumentMessages.detailsInvalid;
  throw badRequest(message, 'validation_failed', fields);
}

async function storeFile(
  part: Extract<Multipart, { type: 'file' }>,
  blobStore: BlobStore,
  companyId: number,
): Promise<StoredUpload> {
  const fileName = cleanUploadFileName(part.filename, Infinity);
  if (fileName.length > LEGAL_DOCUMENT_MAX_FILE_NAME_LENGTH) {
    part.file.resume();
    throw badRequest(legalDocumentMessages.fileNameTooLong, 'file_name_too_long');
  }
  const key = `companies/${companyId}/legal/${crypto.randomUUID()}`;
  const seen: Inspection<SniffedType> = { size: 0 };
  const inspected = inspectStream(
    part.file,
    {
      maxBytes: LEGAL_DOCUMENT_MAX_BYTES,
      sniffBytes: SNIFF_BYTES,
      sniff: sniffLegalDocument,
      tooLarge,
      wrongType,
      // The limit is 25 MB: the whole file is kept so a PDF can be parsed, not just sniffed.
      keepUpTo: LEGAL_DOCUMENT_MAX_BYTES,
    },
    seen,
  );
  const { size } = await blobStore.put(key, Readable.from(inspected));
  // inspectStream() fails the stream unless the type was recognised; this only satisfies the compiler.
  if (!seen.type) throw wrongType();
  try {
    await checkLegalDocumentContent(seen.type, {
      whole: seen.kept ?? null,
      head: seen.head ?? Buffer.alloc(0),
      tail: seen.tail ?? Buffer.alloc(0),
      activeContent: seen.activeContent,
      uncheckedObjectStream: seen.uncheckedObjectStream,
    });
  } catch (error) {
    await blobStore.delete(key);
    throw error;
  }
  return { key, fileName, size, contentType: seen.type.contentType };
}

/** @fastify/multipart's own limit errors become the API's messages. */
function translateMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('Send one file and the document details only', 'too_many_parts');
  }
  return error;
}

/**
 * Opens what the first bytes claimed (issue 10 item 7): a PDF must parse and not be encrypted, a
 * PNG must decode, a .docx must be a complete zip (its end-of-central-directory record is there).
 */
async function checkLegalDocumentContent(type: SniffedType, sample: ContentSample) {
  if (type.extension === 'pdf') return checkPdf(sample);
  if (type.extension === 'png') return checkImage(sample);
  if (type.extension === 'docx' && !sample.tail.includes(ZIP_END_OF_CENTRAL_DIRECTORY)) {
    throw new AppError(415, 'document_unreadable', legalDocumentUnreadable);
  }
}

const ZIP_END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const legalDocumentUnreadable =
  'This document could not be read; it may be damaged. Save it again and upload it again.';
