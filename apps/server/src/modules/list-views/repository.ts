import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listViews, users } from '../../db/schema/index';

/** Saved list views (docs/list-views.md); every read and write is scoped to the company. */

export type ListViewRow = typeof listViews.$inferSelect & { ownerName: string };

const selection = {
  id: listViews.id,
  companyId: listViews.companyId,
  ownerUserId: listViews.ownerUserId,
  documentTypeId: listViews.documentTypeId,
  name: listViews.name,
  shared: listViews.shared,
  columns: listViews.columns,
  filters: listViews.filters,
  orderBy: listViews.orderBy,
  orderByDirection: listViews.orderByDirection,
  createdAt: listViews.createdAt,
  updatedAt: listViews.updatedAt,
  ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
};

/** The caller's own views of the type and those shared with the company, by name. */
export function findVisibleViews(
  db: Db,
  companyId: number,
  userId: number,
  documentTypeId: number,
): Promise<ListViewRow[]> {
  return db
    .select(selection)
    .from(listViews)
    .innerJoin(users, eq(users.id, listViews.ownerUserId))
    .where(
      and(
        eq(listViews.companyId, companyId),
        eq(listViews.documentTypeId, documentTypeId),
        or(eq(listViews.ownerUserId, userId), eq(listViews.shared, true)),
      ),
    )
    .orderBy(asc(sql`lower(${listViews.name})`), asc(listViews.id));
}

/** One view the caller can see (its own, or shared), else undefined. */
export async function findVisibleView(
  db: Db,
  companyId: number,
  userId: number,
  id: number,
): Promise<ListViewRow | undefined> {
  const [row] = await db
    .select(selection)
    .from(listViews)
    .innerJoin(users, eq(users.id, listViews.ownerUserId))
    .where(
      and(
        eq(listViews.id, id),
        eq(listViews.companyId, companyId),
        or(eq(listViews.ownerUserId, userId), eq(listViews.shared, true)),
      ),
    );
  return row;
}

export type ListViewValues = Pick<
  typeof listViews.$inferInsert,
  'name' | 'shared' | 'columns' | 'filters' | 'orderBy' | 'orderByDirection'
>;

export async function insertView(
  db: Db,
  row: ListViewValues & { companyId: number; ownerUserId: number; documentTypeId: number },
): Promise<number> {
  const [created] = await db.insert(listViews).values(row).returning({ id: listViews.id });
  return created!.id;
}

export async function updateView(db: Db, companyId: number, id: number, values: ListViewValues) {
  await db
    .update(listViews)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(listViews.id, id), eq(listViews.companyId, companyId)));
}

export async function deleteView(db: Db, companyId: number, id: number) {
  await db.delete(listViews).where(and(eq(listViews.id, id), eq(listViews.companyId, companyId)));
}
