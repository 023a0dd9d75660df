import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../errors';
import { checkImage, checkPdf } from '../../http/content-check';
import { cleanUploadFileName, inspectStream, type Inspection } from '../../http/upload-stream';
import type { BlobStore } from '../../platform/blob-store/index';
import { checkOfficeFile } from '../document-upload/office-check';
import { sniffUpload, UPLOAD_SNIFF_BYTES, type SniffedUploadType } from '../document-upload/sniff';

/** A chat file: what document attachments accept (PDF, images, office files, csv), 25 MB. */
export const CHAT_FILE_MAX_BYTES = 25 * 1024 * 1024;

export const chatFileMessages = {
  tooLarge: 'The file is too large: 25 MB at most.',
  wrongType:
    'This file type is not accepted: send a PDF, PNG, JPEG, TIFF, Word, Excel or CSV file.',
  fileRequired: 'Choose a file to send.',
} as const;

export interface StoredChatFile {
  key: string;
  fileName: string;
  size: number;
  contentType: string;
}

const multipartLimits = {
  fileSize: CHAT_FILE_MAX_BYTES + 1,
  files: 1,
  fields: 2,
  fieldSize: 64 * 1024,
  parts: 3,
};

const tooLarge = () => new AppError(413, 'file_too_large', chatFileMessages.tooLarge);
const wrongType = () => new AppError(415, 'unsupported_file_type', chatFileMessages.wrongType);

/**
 * Reads POST /chat/threads/{channelUrl}/files: the `file` part and an optional `message` field,
 * in either order. The file streams into the blob store while counted and sniffed; any failure
 * removes the blob again (and so does the caller when the row is not written).
 */
export async function receiveChatUpload(
  req: FastifyRequest,
  blobStore: BlobStore,
  companyId: number,
): Promise<{ message: string | undefined; file: StoredChatFile }> {
  if (!req.isMultipart()) {
    throw new AppError(415, 'multipart_expected', 'Send the file as multipart/form-data');
  }
  const parts = req.parts({ limits: multipartLimits });
  let message: string | undefined;
  let file: StoredChatFile | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'message') message = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        throw badRequest('Send exactly one file in the "file" field', 'one_file_expected');
      }
      file = await storeFile(part, blobStore, companyId);
    }
    if (!file) throw badRequest(chatFileMessages.fileRequired, 'file_required');
    return { message, file };
  } catch (error) {
    if (file) await blobStore.delete(file.key);
    throw translateMultipartError(error);
  }
}

async function storeFile(
  part: Extract<Multipart, { type: 'file' }>,
  blobStore: BlobStore,
  companyId: number,
): Promise<StoredChatFile> {
  const fileName = cleanUploadFileName(part.filename);
  const key = `companies/${companyId}/chat/${crypto.randomUUID()}`;
  const seen: Inspection<SniffedUploadType> = { size: 0 };
  const inspected = inspectStream(
    part.file,
    {
      maxBytes: CHAT_FILE_MAX_BYTES,
      sniffBytes: UPLOAD_SNIFF_BYTES,
      sniff: (head) => sniffUpload(head, fileName),
      tooLarge,
      wrongType,
      keepUpTo: CHAT_FILE_MAX_BYTES,
    },
    seen,
  );
  const { size } = await blobStore.put(key, Readable.from(inspected));
  if (!seen.type) throw wrongType();
  try {
    const sample = {
      whole: seen.kept ?? null,
      head: seen.head ?? Buffer.alloc(0),
      tail: seen.tail ?? Buffer.alloc(0),
      activeContent: seen.activeContent,
      uncheckedObjectStream: seen.uncheckedObjectStream,
    };
    const contentType = seen.type.contentType;
    if (contentType === 'application/pdf') await checkPdf(sample);
    else if (contentType.startsWith('image/')) await checkImage(sample);
    else checkOfficeFile(contentType, sample);
  } catch (error) {
    await blobStore.delete(key);
    throw error;
  }
  return { key, fileName, size, contentType: seen.type.contentType };
}

function translateMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('Send one file and an optional message only', 'too_many_parts');
  }
  return error;
}
