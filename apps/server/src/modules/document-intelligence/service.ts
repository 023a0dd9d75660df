import { readBlobWithin } from '../../platform/blob-store/read-limited';
import type { ExtractionStatus } from '@flowline/shared';
import type { Db } from '../../db/client';
import { BlobNotFoundError } from '../../platform/blob-store/blob-store';
import type { BlobStore } from '../../platform/blob-store/index';
import { announceToCompanies } from '../../platform/realtime/hub';
import { refreshDocumentIndex } from '../documents/search-index';
import { applyAutoExtraction } from './auto-extraction-hook';
import { isReadableContentType, readDocumentPages, UnreadableDocumentError } from './reading/index';
import * as repo from './repository';

/** Files above this size are not read (pdf.js holds the whole file in memory). */
export const MAX_READ_BYTES = 100 * 1024 * 1024;
/**
 * Pages read per document: 200 scanned pages take ~7 minutes, inside the queue's 15-minute
 * expiry. Later pages are not read (their words are not searchable or clickable).
 */
export const MAX_READ_PAGES = 200;

export interface ExtractionDeps {
  db: Db;
  blobStore: BlobStore;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * The reading job for one document (docs/document-intelligence.md): reads its pages, stores them
 * (replacing earlier ones), adds their words to the document's search, runs auto-extraction and
 * announces each state to the companies that see the document. A transient failure is rethrown
 * so the job engine retries it (the row goes back to 'pending'); a file that cannot be read, or
 * the last attempt, ends 'failed'. Running it twice gives the same result.
 */
export async function extractDocument(
  deps: ExtractionDeps,
  documentId: number,
  opts: { finalAttempt: boolean } = { finalAttempt: true },
): Promise<ExtractionStatus> {
  const { db } = deps;
  const doc = await repo.unsafeFindDocumentFile(db, documentId);
  if (!doc || doc.deletedAt) return 'skipped';
  await repo.startExtraction(db, documentId);
  await announce(db, documentId, 'running');

  if (!isReadableContentType(doc.contentType) || doc.fileSize > MAX_READ_BYTES) {
    const error =
      doc.fileSize > MAX_READ_BYTES
        ? 'The file is too large to read.'
        : 'This kind of file is not read.';
    await repo.finishExtraction(db, documentId, 'skipped', { error });
    await announce(db, documentId, 'skipped');
    return 'skipped';
  }

  try {
    const pageCount = await readOrCopyPages(deps, documentId, doc);
    try {
      await applyAutoExtraction(db, documentId);
    } catch (error) {
      // Proposals are a convenience: the words are read and searchable all the same.
      deps.log?.warn({ err: error, documentId }, 'auto-extraction failed');
    }
    await repo.finishExtraction(db, documentId, 'done', { pageCount });
    await announce(db, documentId, 'done');
    return 'done';
  } catch (error) {
    const message = errorMessage(error);
    if (opts.finalAttempt || isPermanent(error)) {
      await repo.finishExtraction(db, documentId, 'failed', { error: message });
      await announce(db, documentId, 'failed');
      return 'failed';
    }
    await repo.markExtractionPending(db, documentId);
    throw error;
  }
}

/**
 * Stores the document's pages: copied from a document with the same file that was read already,
 * else read from the file. Pages and search columns change in one transaction.
 */
async function readOrCopyPages(
  deps: ExtractionDeps,
  documentId: number,
  doc: { fileKey: string; contentType: string },
): Promise<number> {
  const { db } = deps;
  const twin = await repo.unsafeFindReadTwin(db, documentId);
  if (twin !== null) {
    return db.transaction(async (tx) => {
      const count = await repo.copyPages(tx, twin, documentId);
      await refreshDocumentIndex(tx, documentId);
      return count;
    });
  }
  const bytes = await readBlobWithin(
    deps.blobStore,
    doc.fileKey,
    MAX_READ_BYTES,
    () => new UnreadableDocumentError('The file is too large to read.'),
  );
  const pages = await readDocumentPages({ buffer: bytes }, doc.contentType, {
    maxPages: MAX_READ_PAGES,
    onPage: (n, total) => void repo.recordProgress(db, documentId, n, total).catch(() => undefined),
  });
  await db.transaction(async (tx) => {
    await repo.replacePages(tx, documentId, pages);
    await refreshDocumentIndex(tx, documentId);
  });
  return pages.length;
}

async function announce(db: Db, documentId: number, status: ExtractionStatus) {
  const companyIds = await repo.unsafeCompaniesOfDocument(db, documentId);
  await announceToCompanies(db, { type: 'documentExtraction', companyIds, documentId, status });
}

/** The blob's bytes, refusing more than `limit` (the stored size could be stale). */

/** Failures that another attempt would repeat: a broken, encrypted or missing file. */
function isPermanent(error: unknown): boolean {
  if (error instanceof UnreadableDocumentError || error instanceof BlobNotFoundError) return true;
  const name = error instanceof Error ? error.name : '';
  if (
    ['InvalidPDFException', 'PasswordException', 'MissingPDFException', 'FormatError'].includes(
      name,
    )
  )
    return true;
  const message = errorMessage(error);
  return /unsupported image format|corrupt|bad seek|premature end|invalid tiff/i.test(message);
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500) || 'Reading the document failed.';
}
