import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  parties,
  priceBookItems,
  priceBooks,
  priceBookVersions,
} from '../../db/schema/index';
import type { PriceBookItemInput } from '@flowline/shared';

export type PriceBookRow = typeof priceBooks.$inferSelect;
export type VersionRow = typeof priceBookVersions.$inferSelect;
export type ItemRow = typeof priceBookItems.$inferSelect;

const visibleTo = (companyId: number) =>
  or(eq(priceBooks.companyId, companyId), eq(priceBooks.counterpartyCompanyId, companyId));

/** The books the company publishes or receives, with the publisher's name. */
export async function listBooks(db: Db, companyId: number) {
  return (
    db
      .select({ book: priceBooks, publisherName: companies.name, partyName: parties.name })
      .from(priceBooks)
      .innerJoin(companies, eq(companies.id, priceBooks.companyId))
      // The publisher's own connection (the counterparty's join finds nothing: not its row).
      .leftJoin(parties, and(eq(parties.id, priceBooks.partyId), eq(parties.companyId, companyId)))
      .where(visibleTo(companyId))
      .orderBy(asc(priceBooks.id))
  );
}

export async function findBook(db: Db, companyId: number, bookId: number) {
  const [row] = await db
    .select()
    .from(priceBooks)
    .where(and(eq(priceBooks.id, bookId), visibleTo(companyId)));
  return row ?? null;
}

/** The books between the company and another company, in either direction. */
export async function booksBetween(db: Db, companyId: number, otherCompanyId: number) {
  return db
    .select()
    .from(priceBooks)
    .where(
      or(
        and(
          eq(priceBooks.companyId, companyId),
          eq(priceBooks.counterpartyCompanyId, otherCompanyId),
        ),
        and(
          eq(priceBooks.companyId, otherCompanyId),
          eq(priceBooks.counterpartyCompanyId, companyId),
        ),
      ),
    );
}

export async function versionsOf(db: Db, bookIds: number[]) {
  if (bookIds.length === 0) return [];
  return db
    .select()
    .from(priceBookVersions)
    .where(inArray(priceBookVersions.priceBookId, bookIds))
    .orderBy(desc(priceBookVersions.versionNumber));
}

export async function findVersion(db: Db, companyId: number, versionId: number) {
  const [row] = await db
    .select()
    .from(priceBookVersions)
    .where(
      and(
        eq(priceBookVersions.id, versionId),
        or(
          eq(priceBookVersions.companyId, companyId),
          eq(priceBookVersions.counterpartyCompanyId, companyId),
        ),
      ),
    );
  return row ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function itemSearch(query: string) {
  if (query === '') return undefined;
  const pattern = `%${escapeLike(query)}%`;
  return or(ilike(priceBookItems.itemCode, pattern), ilike(priceBookItems.description, pattern));
}

/** One page of a version's items in file order, filtered by code or description in SQL. */
export async function itemPage(
  db: Db,
  versionId: number,
  { page, pageSize, query }: { page: number; pageSize: number; query: string },
) {
  const where = and(eq(priceBookItems.versionId, versionId), itemSearch(query));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(priceBookItems)
      .where(where)
      .orderBy(asc(priceBookItems.lineNumber))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(priceBookItems).where(where),
  ]);
  return { items, totalRecords: total?.n ?? 0 };
}

/** Every item of a version, in file order (exports). */
export async function allItems(db: Db, versionId: number) {
  return db
    .select()
    .from(priceBookItems)
    .where(eq(priceBookItems.versionId, versionId))
    .orderBy(asc(priceBookItems.lineNumber));
}

/**
 * Items of the given versions whose code or description holds the query and that apply on the
 * day; codes starting with the query first.
 */
export async function searchItems(
  db: Db,
  versionIds: number[],
  query: string,
  day: string,
  limit: number,
) {
  if (versionIds.length === 0) return [];
  const prefix = `${escapeLike(query)}%`;
  return db
    .select()
    .from(priceBookItems)
    .where(
      and(
        inArray(priceBookItems.versionId, versionIds),
        itemSearch(query),
        or(isNull(priceBookItems.effectiveFrom), sql`${priceBookItems.effectiveFrom} <= ${day}`),
        or(isNull(priceBookItems.effectiveTo), sql`${priceBookItems.effectiveTo} >= ${day}`),
      ),
    )
    .orderBy(
      sql`CASE WHEN ${priceBookItems.itemCode} ILIKE ${prefix} THEN 0 ELSE 1 END`,
      asc(priceBookItems.itemCode),
    )
    .limit(limit);
}

/** The company's book for its connection, created on the first import; row locked. */
export async function upsertBook(
  db: Db,
  values: { companyId: number; partyId: number; counterpartyCompanyId: number },
) {
  const [row] = await db
    .insert(priceBooks)
    .values(values)
    .onConflictDoUpdate({
      target: [priceBooks.companyId, priceBooks.partyId],
      set: { counterpartyCompanyId: values.counterpartyCompanyId, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('price book not stored');
  return row;
}

export async function nextVersionNumber(db: Db, bookId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${priceBookVersions.versionNumber}), 0)::int` })
    .from(priceBookVersions)
    .where(eq(priceBookVersions.priceBookId, bookId));
  return (row?.n ?? 0) + 1;
}

export async function insertVersion(db: Db, values: typeof priceBookVersions.$inferInsert) {
  const [row] = await db.insert(priceBookVersions).values(values).returning();
  if (!row) throw new Error('price book version not stored');
  return row;
}

const CHUNK = 500;

export async function insertItems(
  db: Db,
  version: VersionRow,
  items: Array<PriceBookItemInput & { line: number }>,
) {
  for (let i = 0; i < items.length; i += CHUNK) {
    await db.insert(priceBookItems).values(
      items.slice(i, i + CHUNK).map((item) => ({
        versionId: version.id,
        companyId: version.companyId,
        counterpartyCompanyId: version.counterpartyCompanyId,
        lineNumber: item.line,
        itemCode: item.itemCode,
        description: item.description,
        uom: item.uom,
        unitPrice: item.unitPrice,
        tiers: item.tiers,
        effectiveFrom: item.effectiveFrom,
        effectiveTo: item.effectiveTo,
        contractNumber: item.contractNumber,
      })),
    );
  }
}

/** The company's live connections to another company (for the reader's own party id). */
export async function connectionsTo(db: Db, companyId: number, otherCompanyIds: number[]) {
  if (otherCompanyIds.length === 0) return [];
  return db
    .select({ id: parties.id, name: parties.name, connectedCompanyId: parties.connectedCompanyId })
    .from(parties)
    .where(
      and(
        eq(parties.companyId, companyId),
        inArray(parties.connectedCompanyId, otherCompanyIds),
        eq(parties.isDisconnected, false),
      ),
    )
    .orderBy(asc(parties.id));
}
