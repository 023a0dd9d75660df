import { and, eq, inArray, isNull } from 'drizzle-orm';
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
