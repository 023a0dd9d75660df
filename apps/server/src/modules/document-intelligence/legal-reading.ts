import type { Readable } from 'node:stream';
import { LEGAL_EXTRACTION_FAILED_MESSAGE } from '@flowline/shared';
import { AppError } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import { isReadableContentType, readDocumentPages } from './reading/index';

/** A W9 or an insurance certificate says what it is on its first pages. */
const LEGAL_MAX_PAGES = 2;
/** The upload waits for the reading at most this long; longer counts as a failed reading. */
const LEGAL_READ_TIMEOUT_MS = 30_000;

/**
 * Spec 3 §8: a legal document's upload reads the file before it answers. When the reading fails
 * — an error, the time limit, or not one word on its first pages — the upload is kept and the
 * answer is 501 'The file was uploaded but extract data failed.' Word files are not read (there
 * is no page to read; their upload answers as before).
 */
export async function assertLegalDocumentReadable(
  blobStore: BlobStore,
  file: { key: string; contentType: string },
): Promise<void> {
  if (!isReadableContentType(file.contentType)) return;
  let words: number;
  try {
    const bytes = await streamToBuffer(await blobStore.get(file.key));
    const pages = await withTimeout(
      readDocumentPages({ buffer: bytes }, file.contentType, {
        maxPages: LEGAL_MAX_PAGES,
        urgent: true,
      }),
      LEGAL_READ_TIMEOUT_MS,
    );
    words = pages.reduce((n, p) => n + p.words.length, 0);
  } catch {
    words = 0;
  }
  if (words === 0) throw new AppError(501, 'extraction_failed', LEGAL_EXTRACTION_FAILED_MESSAGE);
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('reading timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
