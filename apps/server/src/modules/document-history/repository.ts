import { and, desc, eq, gt, inArray, notInArray, or } from 'drizzle-orm';
import { internalHistoryOperations } from '@flowline/shared';
import type { Db } from '../../db/client';
import { companies, documentHistory, users } from '../../db/schema/index';

/**
 * The append-only audit trail of a document (a trigger refuses UPDATE and DELETE). Reads take a
 * document id the caller already reached through access.ts.
 */
export type HistoryRow = typeof documentHistory.$inferSelect;
export type NewHistoryEntry = Omit<typeof documentHistory.$inferInsert, 'id' | 'createdAt'>;

export async function appendHistory(db: Db, entries: NewHistoryEntry[]): Promise<void> {
  if (entries.length) await db.insert(documentHistory).values(entries);
}

const entryColumns = {
  entry: documentHistory,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: companies.name,
};

/**
 * Newest first; `operationIds` filters in SQL (the category tabs). Internal entries (approval
 * steps) are read only by the company that wrote them.
 */
export async function listHistory(
  db: Db,
  documentId: number,
  operationIds: number[] | null,
  viewerCompanyId: number,
) {
  return db
    .select(entryColumns)
    .from(documentHistory)
    .leftJoin(users, eq(users.id, documentHistory.userId))
    .leftJoin(companies, eq(companies.id, documentHistory.companyId))
    .where(
      and(
        eq(documentHistory.documentId, documentId),
        operationIds ? inArray(documentHistory.operationId, operationIds) : undefined,
        or(
          notInArray(documentHistory.operationId, [...internalHistoryOperations]),
          eq(documentHistory.companyId, viewerCompanyId),
        ),
      ),
    )
    .orderBy(desc(documentHistory.id));
}
export type HistoryListRow = Awaited<ReturnType<typeof listHistory>>[number];

/** The latest entry of an operation on a document (e.g. the last Reject). */
export async function findLatestEntry(db: Db, documentId: number, operationId: number) {
  const [row] = await db
    .select()
    .from(documentHistory)
    .where(
      and(eq(documentHistory.documentId, documentId), eq(documentHistory.operationId, operationId)),
    )
    .orderBy(desc(documentHistory.id))
    .limit(1);
  return row ?? null;
}

export async function findEntry(db: Db, documentId: number, historyId: number) {
  const [row] = await db
    .select()
    .from(documentHistory)
    .where(and(eq(documentHistory.documentId, documentId), eq(documentHistory.id, historyId)));
  return row ?? null;
}

/** Whether the user has an entry of the operation on the document newer than `since`. */
export async function hasEntrySince(
  db: Db,
  documentId: number,
  userId: number,
  operationId: number,
  since: Date,
) {
  const [row] = await db
    .select({ id: documentHistory.id })
    .from(documentHistory)
    .where(
      and(
        eq(documentHistory.documentId, documentId),
        eq(documentHistory.userId, userId),
        eq(documentHistory.operationId, operationId),
        gt(documentHistory.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}
