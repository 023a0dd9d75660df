import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  zProposedValue,
  type DocumentExtraction,
  type ExtractionStatus,
  type ProposedValue,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import {
  documentExtractions,
  documentPages,
  documentRoutes,
  documents,
} from '../../db/schema/index';
import type { ReadPage } from './reading/types';

/**
 * Reading state and pages. The job runs outside any request, so the lookups by document id here
 * are deliberately not tenant-scoped (`unsafe…`); the page endpoint checks access first.
 */

/** Marks a document to be read (in the upload's transaction); an existing row starts over. */
export async function markExtractionPending(tx: Db, documentId: number): Promise<void> {
  await tx
    .insert(documentExtractions)
    .values({ documentId, status: 'pending' })
    .onConflictDoUpdate({
      target: documentExtractions.documentId,
      set: { status: 'pending', error: null, notice: null, pagesRead: 0, updatedAt: sql`now()` },
    });
}

/** The file of a live document, for the job. */
export async function unsafeFindDocumentFile(db: Db, documentId: number) {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db
      .select({
        id: documents.id,
        fileKey: documents.fileKey,
        contentType: documents.contentType,
        fileSize: documents.fileSize,
        ownerCompanyId: documents.ownerCompanyId,
        deletedAt: documents.deletedAt,
      })
      .from(documents)
      .where(eq(documents.id, documentId))
      .limit(1);
    return row ?? null;
  });
}

/** The owner and every company with a route to the document (the receiver once it is sent). */
export async function unsafeCompaniesOfDocument(db: Db, documentId: number): Promise<number[]> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [owner] = await db
      .select({ id: documents.ownerCompanyId })
      .from(documents)
      .where(eq(documents.id, documentId));
    const routes = await db
      .selectDistinct({ id: documentRoutes.companyId })
      .from(documentRoutes)
      .where(eq(documentRoutes.documentId, documentId));
    return [...new Set([...(owner ? [owner.id] : []), ...routes.map((r) => r.id)])];
  });
}

/** Starts an attempt: running, attempts + 1; creates the row if the upload left none. */
export async function startExtraction(db: Db, documentId: number): Promise<void> {
  await db
    .insert(documentExtractions)
    .values({ documentId, status: 'running', attempts: 1, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: documentExtractions.documentId,
      set: {
        status: 'running',
        attempts: sql`${documentExtractions.attempts} + 1`,
        pagesRead: 0,
        error: null,
        notice: null,
        startedAt: sql`now()`,
        finishedAt: null,
        updatedAt: sql`now()`,
      },
    });
}

/** Back to 'pending' with what the user is told while the reading waits (the hourly quota). */
export async function deferExtraction(db: Db, documentId: number, notice: string): Promise<void> {
  await db
    .update(documentExtractions)
    .set({ status: 'pending', notice, startedAt: null, updatedAt: sql`now()` })
    .where(eq(documentExtractions.documentId, documentId));
}

/**
 * Pages read for a company's documents by readings started in the past hour (those still
 * running count what they have read so far), and when the oldest of them started. Served by
 * the index on started_at: only the past hour's readings are joined.
 */
export async function unsafePagesReadInPastHour(
  db: Db,
  companyId: number,
  exceptDocumentId: number,
): Promise<{ pages: number; oldestStartedAt: Date | null }> {
  // Row-level security escape: the job runs for no company (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db
      .select({
        pages: sql<number>`coalesce(sum(${documentExtractions.pagesRead}), 0)::int`,
        oldest: sql<string | null>`min(${documentExtractions.startedAt})`,
      })
      .from(documentExtractions)
      .innerJoin(documents, eq(documents.id, documentExtractions.documentId))
      .where(
        and(
          sql`${documentExtractions.startedAt} > now() - interval '1 hour'`,
          eq(documents.ownerCompanyId, companyId),
          sql`${documentExtractions.documentId} <> ${exceptDocumentId}`,
        ),
      );
    return {
      pages: Number(row?.pages ?? 0),
      oldestStartedAt: row?.oldest ? new Date(row.oldest) : null,
    };
  });
}

export async function recordProgress(
  db: Db,
  documentId: number,
  pagesRead: number,
  pageCount: number,
) {
  await db
    .update(documentExtractions)
    .set({ pagesRead, pageCount, updatedAt: sql`now()` })
    .where(eq(documentExtractions.documentId, documentId));
}

export async function finishExtraction(
  db: Db,
  documentId: number,
  status: Extract<ExtractionStatus, 'done' | 'failed' | 'skipped'>,
  fields: { pageCount?: number | null; error?: string | null; notice?: string | null } = {},
): Promise<void> {
  await db
    .update(documentExtractions)
    .set({
      status,
      ...(fields.pageCount !== undefined
        ? { pageCount: fields.pageCount, pagesRead: fields.pageCount ?? 0 }
        : {}),
      error: fields.error ?? null,
      notice: fields.notice ?? null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(documentExtractions.documentId, documentId));
}

/** Replaces the document's pages (a retry or re-read leaves no stale page behind). */
export async function findExtractionStatus(
  db: Db,
  documentId: number,
): Promise<ExtractionStatus | null> {
  const [row] = await db
    .select({ status: documentExtractions.status })
    .from(documentExtractions)
    .where(eq(documentExtractions.documentId, documentId));
  return (row?.status as ExtractionStatus | undefined) ?? null;
}

/** A later page batch: replaces the pages from `fromPage` on (a retried batch stores once). */
export async function replacePagesFrom(
  tx: Db,
  documentId: number,
  fromPage: number,
  pages: ReadPage[],
): Promise<void> {
  await tx
    .delete(documentPages)
    .where(and(eq(documentPages.documentId, documentId), gte(documentPages.pageNumber, fromPage)));
  await insertPages(tx, documentId, pages);
}

export async function replacePages(tx: Db, documentId: number, pages: ReadPage[]): Promise<void> {
  await tx.delete(documentPages).where(eq(documentPages.documentId, documentId));
  await insertPages(tx, documentId, pages);
}

async function insertPages(tx: Db, documentId: number, pages: ReadPage[]): Promise<void> {
  // Inserted in slices: a 300-page document is one statement too many parameters otherwise.
  for (let i = 0; i < pages.length; i += 50) {
    await tx.insert(documentPages).values(
      pages.slice(i, i + 50).map((p) => ({
        documentId,
        pageNumber: p.page,
        width: p.width,
        height: p.height,
        source: p.source,
        words: p.words,
        text: p.words.map((w) => w.text).join(' '),
      })),
    );
  }
}

/**
 * Another live document with the same file (same SHA-256) whose reading is done: the same bytes
 * give the same words, so its pages can be copied instead of read again (a duplicate upload, a
 * new version carrying the file of the one before). Not tenant-scoped: the caller holds the file.
 */
export async function unsafeFindReadTwin(db: Db, documentId: number): Promise<number | null> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const result = await db.execute(sql`
    SELECT o.id FROM documents d
    JOIN documents o ON o.file_sha256 = d.file_sha256 AND o.id <> d.id AND o.deleted_at IS NULL
    JOIN document_extractions x ON x.document_id = o.id AND x.status = 'done'
    WHERE d.id = ${documentId} AND EXISTS (SELECT 1 FROM document_pages p WHERE p.document_id = o.id)
    ORDER BY o.id DESC
    LIMIT 1`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as {
      id: number;
    }[];
    return rows[0]?.id ?? null;
  });
}

/** Copies the twin's pages onto the document (replacing any), returning how many. */
export async function copyPages(
  tx: Db,
  fromDocumentId: number,
  toDocumentId: number,
): Promise<number> {
  await tx.delete(documentPages).where(eq(documentPages.documentId, toDocumentId));
  await tx.execute(sql`
    INSERT INTO document_pages (document_id, page_number, width, height, source, words, text)
    SELECT ${toDocumentId}, page_number, width, height, source, words, text
    FROM document_pages WHERE document_id = ${fromDocumentId}`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(documentPages)
    .where(eq(documentPages.documentId, toDocumentId));
  return Number(row?.n ?? 0);
}

/** The notice of a document's reading (a twin's page cap carries over to its copy). */
export async function findNotice(db: Db, documentId: number): Promise<string | null> {
  const row = await findExtraction(db, documentId);
  return row?.notice ?? null;
}

export async function findPage(db: Db, documentId: number, pageNumber: number) {
  const [row] = await db
    .select()
    .from(documentPages)
    .where(and(eq(documentPages.documentId, documentId), eq(documentPages.pageNumber, pageNumber)))
    .limit(1);
  return row ?? null;
}

export async function findPages(db: Db, documentId: number) {
  return db
    .select()
    .from(documentPages)
    .where(eq(documentPages.documentId, documentId))
    .orderBy(asc(documentPages.pageNumber));
}

export async function findExtraction(db: Db, documentId: number) {
  const [row] = await db
    .select()
    .from(documentExtractions)
    .where(eq(documentExtractions.documentId, documentId))
    .limit(1);
  return row ?? null;
}

/** The DTO of GET /documents/{id}'s `extraction`; null when the document was never read. */
export async function findExtractionDto(
  db: Db,
  documentId: number,
  options: { includeProposals?: boolean } = {},
): Promise<DocumentExtraction | null> {
  const row = await findExtraction(db, documentId);
  if (!row) return null;
  return {
    status: row.status,
    pagesRead: row.pagesRead,
    pageCount: row.pageCount,
    error: row.error,
    notice: row.notice,
    // Issue 34 item 1: what was proposed, for the one who may still edit the values.
    ...(options.includeProposals ? { proposals: storedProposals(row.proposals) } : {}),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** document_extractions.proposals as stored (jsonb): only well-formed entries are passed on. */
function storedProposals(stored: unknown): ProposedValue[] {
  const parsed = z.array(zProposedValue).safeParse(stored);
  return parsed.success ? parsed.data : [];
}

/**
 * Readings that never finished and have no job queued, retrying or active: the process died
 * between the upload's commit and its enqueue, or the job was lost. pg-boss's table is read
 * directly (its schema is the engine's, `jobSchema`): a job still on its way is left alone.
 */
export async function unsafeFindUnfinishedWithoutJob(db: Db, jobSchema: string, queue: string) {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const result = await db.execute(sql`
    SELECT x.document_id AS "documentId", d.owner_company_id AS "companyId"
    FROM document_extractions x
    JOIN documents d ON d.id = x.document_id
    WHERE x.status IN ('pending', 'running') AND d.deleted_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM ${sql.identifier(jobSchema)}.job j
        WHERE j.name = ${queue} AND j.singleton_key = 'extract:' || x.document_id
          AND j.state < 'completed')`);
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return rows as { documentId: number; companyId: number }[];
  });
}
