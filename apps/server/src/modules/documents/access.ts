import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { documentMessages } from '@flowline/shared';
import type { Db } from '../../db/client';
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
