import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { documentMessages } from '@flowline/shared';
import type { Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { documentRoutes, documents } from '../../db/schema/index';
import { notFound } from '../../errors';

/**
 * The one tenant check for documents: a company reaches a document only through its own
 * document_routes row. Another company's document, a deleted one and a missing one all look the
 * same to the caller (404), so ids reveal nothing.
 */
export async function findVisibleDocument(db: Db, companyId: number, documentId: number) {
  const [row] = await db
    .select({ document: documents, route: documentRoutes })
    .from(documentRoutes)
    .innerJoin(documents, eq(documents.id, documentRoutes.documentId))
    .where(
      and(
        eq(documentRoutes.companyId, companyId),
        eq(documentRoutes.documentId, documentId),
        isNull(documents.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type VisibleDocument = NonNullable<Awaited<ReturnType<typeof findVisibleDocument>>>;

/**
 * An earlier version the company may still read although it holds no route to it: the unsigned
 * original of a division order whose routes moved to its signed version (docs/signing.md
 * 'Versions'). It is read through the company's route on the version that replaced it, so it has
 * that version's (Returned, read-only) state. Only a version without any route of its own
 * qualifies: every other document stays reachable through its own routes only.
 */
export async function findReplacedVersion(
  db: Db,
  companyId: number,
  documentId: number,
): Promise<VisibleDocument | null> {
  const next = alias(documents, 'next_version');
  const [row] = await db
    .select({ document: documents, route: documentRoutes })
    .from(documents)
    .innerJoin(next, and(eq(next.previousVersionId, documents.id), isNull(next.deletedAt)))
    .innerJoin(
      documentRoutes,
      and(eq(documentRoutes.documentId, next.id), eq(documentRoutes.companyId, companyId)),
    )
    .where(
      and(
        eq(documents.id, documentId),
        isNull(documents.deletedAt),
        eq(documents.isTemporary, false),
        sql`not exists (select 1 from ${documentRoutes} x where x.document_id = ${documents.id})`,
      ),
    )
    .limit(1);
  return row ? { document: row.document, route: { ...row.route, documentId } } : null;
}

/** For reading only (the screen, its file, history, versions): also a replaced earlier version. */
export async function requireReadableDocument(
  db: Db,
  companyId: number,
  documentId: number,
): Promise<VisibleDocument> {
  const row =
    (await findVisibleDocument(db, companyId, documentId)) ??
    (await findReplacedVersion(db, companyId, documentId));
  if (!row) throw notFound(documentMessages.notFound, 'document_not_found');
  return row;
}

export async function requireVisibleDocument(
  db: Db,
  companyId: number,
  documentId: number,
): Promise<VisibleDocument> {
  const row = await findVisibleDocument(db, companyId, documentId);
  if (!row) throw notFound(documentMessages.notFound, 'document_not_found');
  return row;
}

/**
 * The same check for many ids in one query: the visible ones among `documentIds` (callers treat
 * a missing id as a 404 for the whole request).
 */
export async function findVisibleDocuments(db: Db, companyId: number, documentIds: number[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({ document: documents, route: documentRoutes })
    .from(documentRoutes)
    .innerJoin(documents, eq(documents.id, documentRoutes.documentId))
    .where(
      and(
        eq(documentRoutes.companyId, companyId),
        inArray(documentRoutes.documentId, documentIds),
        isNull(documents.deletedAt),
      ),
    );
}

/**
 * The newest version of the same document the company can open, when `documentId` itself is no
 * longer open to it (a signed return moves both companies to the signed version). Reads the
 * version chain of any document id but answers only with a document the company sees, so another
 * company's ids reveal nothing.
 */
export async function findLatestVisibleVersion(
  db: Db,
  companyId: number,
  documentId: number,
): Promise<number | null> {
  const result = await db.execute(sql`
    SELECT d.id FROM documents d
    JOIN document_routes r ON r.document_id = d.id AND r.company_id = ${companyId}
    WHERE coalesce(d.version_root_id, d.id) = (
        SELECT coalesce(o.version_root_id, o.id) FROM documents o WHERE o.id = ${documentId})
      AND d.deleted_at IS NULL AND NOT d.is_temporary
    ORDER BY d.id DESC
    LIMIT 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as {
    id: number;
  }[];
  return rows[0]?.id ?? null;
}
