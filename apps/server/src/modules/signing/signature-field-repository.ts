import { and, asc, eq, gte } from 'drizzle-orm';
import type { SignatureArea, SignatureFieldSource } from '@flowline/shared';
import type { Db } from '../../db/client';
import { documentPages, signatureFields } from '../../db/schema/index';

export type SignatureFieldRow = typeof signatureFields.$inferSelect;

export async function findSignatureField(db: Db, documentId: number) {
  const [row] = await db
    .select()
    .from(signatureFields)
    .where(eq(signatureFields.documentId, documentId));
  return row ?? null;
}

export interface SignatureFieldValues {
  page: number;
  area: SignatureArea;
  source: SignatureFieldSource;
  label: string | null;
  setByUserId: number | null;
}

/**
 * Stores a document's field. An automatic field never replaces the operator's (`keepOperator`):
 * the finder runs after the operator may already have drawn one.
 */
export async function upsertSignatureField(
  db: Db,
  documentId: number,
  v: SignatureFieldValues,
  opts: { keepOperator?: boolean } = {},
) {
  const now = new Date();
  const values = {
    page: v.page,
    ...v.area,
    source: v.source,
    label: v.label,
    setByUserId: v.setByUserId,
    updatedAt: now,
  };
  await db
    .insert(signatureFields)
    .values({ documentId, ...values, createdAt: now })
    .onConflictDoUpdate({
      target: signatureFields.documentId,
      set: values,
      ...(opts.keepOperator ? { setWhere: eq(signatureFields.source, 'automatic') } : {}),
    });
}

/** What the reading job stored of the document's pages from `fromPage` on (words with boxes). */
export async function findReadPages(db: Db, documentId: number, fromPage: number) {
  return db
    .select({
      page: documentPages.pageNumber,
      width: documentPages.width,
      height: documentPages.height,
      words: documentPages.words,
    })
    .from(documentPages)
    .where(and(eq(documentPages.documentId, documentId), gte(documentPages.pageNumber, fromPage)))
    .orderBy(asc(documentPages.pageNumber));
}
