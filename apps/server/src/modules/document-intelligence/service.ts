import { readBlobWithin } from '../../platform/blob-store/read-limited';
import { readingLimitMessages, type ExtractionStatus } from '@flowline/shared';
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
 * Pages read per document by default (READING_MAX_PAGES): 200 scanned pages take ~7 minutes,
 * inside the queue's 15-minute expiry. Later pages are not read (their words are not searchable
 * or clickable); the document's reading status says so.
 */
export const MAX_READ_PAGES = 200;

export interface ExtractionDeps {
  db: Db;
  blobStore: BlobStore;
  log?: { warn(obj: object, msg: string): void };
  /** READING_MAX_PAGES (MAX_READ_PAGES by default). */
  maxPages?: number;
  /** READING_PAGES_PER_HOUR: pages read per company in any hour; 0 or unset = no quota. */
  pagesPerHour?: number;
  /**
   * READING_PAGE_BATCH: pages read in one turn when `requeue` is given (the rest is queued again
   * from the next page); unset: the whole document at once.
   */
  pageBatch?: number;
  /**
   * Queues the document's reading again (the job engine): after a while, or its next page batch
   * at once. Unset: at next start.
   */
  requeue?(
    documentId: number,
    companyId: number,
    afterSeconds: number,
    fromPage?: number,
  ): Promise<void>;
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
  opts: { finalAttempt: boolean; fromPage?: number } = { finalAttempt: true },
): Promise<ExtractionStatus> {
  const { db } = deps;
  const doc = await repo.unsafeFindDocumentFile(db, documentId);
  if (!doc || doc.deletedAt) return 'skipped';
  const fromPage = Math.max(1, opts.fromPage ?? 1);
  if (fromPage > 1) return continueReading(deps, documentId, doc, fromPage, opts);
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

  const twin = await repo.unsafeFindReadTwin(db, documentId);
  // A copy of pages already read costs nothing: only a real reading counts against the quota.
  if (twin === null && deps.pagesPerHour) {
    const wait = await hourlyQuotaWait(db, doc.ownerCompanyId, documentId, deps.pagesPerHour);
    if (wait) {
      await repo.deferExtraction(db, documentId, wait.notice);
      await announce(db, documentId, 'pending');
      await deps.requeue?.(documentId, doc.ownerCompanyId, wait.seconds);
      return 'pending';
    }
  }

  return readTurn(deps, documentId, doc, twin, 1, opts);
}

type DocumentFile = NonNullable<Awaited<ReturnType<typeof repo.unsafeFindDocumentFile>>>;

/** A later page batch of a reading that is under way; a reading no longer running is left be. */
async function continueReading(
  deps: ExtractionDeps,
  documentId: number,
  doc: DocumentFile,
  fromPage: number,
  opts: { finalAttempt: boolean },
): Promise<ExtractionStatus> {
  const status = await repo.findExtractionStatus(deps.db, documentId);
  if (status !== 'running') return status ?? 'skipped';
  return readTurn(deps, documentId, doc, null, fromPage, opts);
}

/**
 * Reads (or copies) the pages of this turn; queues the next batch, or finishes the reading with
 * auto-extraction when the last page is stored.
 */
async function readTurn(
  deps: ExtractionDeps,
  documentId: number,
  doc: DocumentFile,
  twin: number | null,
  fromPage: number,
  opts: { finalAttempt: boolean },
): Promise<ExtractionStatus> {
  const { db } = deps;
  try {
    const { pageCount, notice, nextPage } = await readOrCopyPages(
      deps,
      documentId,
      doc,
      twin,
      fromPage,
    );
    if (nextPage !== null) {
      await deps.requeue!(documentId, doc.ownerCompanyId, 0, nextPage);
      return 'running';
    }
    try {
      await applyAutoExtraction(db, documentId);
    } catch (error) {
      // Proposals are a convenience: the words are read and searchable all the same.
      deps.log?.warn({ err: error, documentId }, 'auto-extraction failed');
    }
    await repo.finishExtraction(db, documentId, 'done', { pageCount, notice });
    await announce(db, documentId, 'done');
    return 'done';
  } catch (error) {
    const message = errorMessage(error);
    if (opts.finalAttempt || isPermanent(error)) {
      await repo.finishExtraction(db, documentId, 'failed', { error: message });
      await announce(db, documentId, 'failed');
      return 'failed';
    }
    // A later batch's retry goes on from its page; a first batch's starts the reading again.
    if (fromPage === 1) await repo.markExtractionPending(db, documentId);
    throw error;
  }
}

/**
 * Stores the document's pages: copied from a document with the same file that was read already,
 * else read from the file — one page batch from `fromPage` when batches are on. Pages and search
 * columns change in one transaction. `nextPage`: where the next batch starts, null when done.
 */
async function readOrCopyPages(
  deps: ExtractionDeps,
  documentId: number,
  doc: { fileKey: string; contentType: string },
  twin: number | null,
  fromPage: number,
): Promise<{ pageCount: number; notice: string | null; nextPage: number | null }> {
  const { db } = deps;
  if (twin !== null) {
    const notice = await repo.findNotice(db, twin);
    const pageCount = await db.transaction(async (tx) => {
      const count = await repo.copyPages(tx, twin, documentId);
      await refreshDocumentIndex(tx, documentId);
      return count;
    });
    return { pageCount, notice, nextPage: null };
  }
  const bytes = await readBlobWithin(
    deps.blobStore,
    doc.fileKey,
    MAX_READ_BYTES,
    () => new UnreadableDocumentError('The file is too large to read.'),
  );
  const maxPages = deps.maxPages ?? MAX_READ_PAGES;
  const batched = Boolean(deps.requeue && deps.pageBatch);
  const lastPage = batched ? Math.min(maxPages, fromPage + deps.pageBatch! - 1) : maxPages;
  let total = 0;
  const pages = await readDocumentPages({ buffer: bytes }, doc.contentType, {
    fromPage,
    maxPages: lastPage,
    onPageCount: (n) => {
      total = n;
    },
    // Progress counts against the pages the whole reading will cover, not this batch's.
    onPage: (n) =>
      void repo
        .recordProgress(db, documentId, n, Math.min(total || n, maxPages))
        .catch(() => undefined),
  });
  await db.transaction(async (tx) => {
    // A retried batch replaces what it stored before.
    if (fromPage === 1) await repo.replacePages(tx, documentId, pages);
    else await repo.replacePagesFrom(tx, documentId, fromPage, pages);
    await refreshDocumentIndex(tx, documentId);
  });
  const readUpTo = Math.min(total, lastPage);
  return {
    pageCount: readUpTo,
    notice: total > maxPages ? readingLimitMessages.pageCapRead(maxPages, total) : null,
    nextPage: readUpTo < Math.min(total, maxPages) ? readUpTo + 1 : null,
  };
}

/**
 * When the company's documents had `limit` pages or more read in the past hour: how long this
 * one waits (until the oldest reading of the hour leaves the window, at least a minute) and what
 * its screen says meanwhile. Null when it may be read now.
 */
async function hourlyQuotaWait(
  db: Db,
  companyId: number,
  documentId: number,
  limit: number,
): Promise<{ seconds: number; notice: string } | null> {
  const usage = await repo.unsafePagesReadInPastHour(db, companyId, documentId);
  if (usage.pages < limit || usage.oldestStartedAt === null) return null;
  const leavesWindowMs = usage.oldestStartedAt.getTime() + 3_600_000 - Date.now();
  const seconds = Math.max(60, Math.ceil(leavesWindowMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return { seconds, notice: readingLimitMessages.hourlyQuota(usage.pages, limit, minutes) };
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
