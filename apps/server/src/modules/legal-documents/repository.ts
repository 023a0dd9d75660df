import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legalDocumentParties, legalDocuments, parties } from '../../db/schema/index';

/** Every query here takes the company id first and is scoped by it. */
export type LegalDocumentRow = typeof legalDocuments.$inferSelect;
export type NewLegalDocument = Omit<typeof legalDocuments.$inferInsert, 'id' | 'companyId'>;
export interface PartyName {
  id: number;
  name: string;
}

const own = (companyId: number, id: number) =>
  and(eq(legalDocuments.companyId, companyId), eq(legalDocuments.id, id));

export async function findLegalDocument(db: Db, companyId: number, id: number) {
  const [row] = await db.select().from(legalDocuments).where(own(companyId, id));
  return row ?? null;
}

export async function findLegalDocumentPage(
  db: Db,
  companyId: number,
  q: {
    legalDocumentTypeId: number;
    isActive?: boolean | undefined;
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    eq(legalDocuments.companyId, companyId),
    eq(legalDocuments.legalDocumentTypeId, q.legalDocumentTypeId),
    q.isActive === undefined ? undefined : eq(legalDocuments.isActive, q.isActive),
  );
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(legalDocuments)
      .where(where)
      .orderBy(desc(legalDocuments.createdAt), desc(legalDocuments.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(legalDocuments).where(where),
  ]);
  return { items, totalRecords: totals[0]?.n ?? 0 };
}

/** The connections each document is shared with, by document id. */
export async function findSharedParties(
  db: Db,
  companyId: number,
  legalDocumentIds: number[],
): Promise<Map<number, PartyName[]>> {
  const byDocument = new Map<number, PartyName[]>();
  if (legalDocumentIds.length === 0) return byDocument;
  const rows = await db
    .select({
      legalDocumentId: legalDocumentParties.legalDocumentId,
      id: parties.id,
      name: parties.name,
    })
    .from(legalDocumentParties)
    .innerJoin(parties, eq(parties.id, legalDocumentParties.partyId))
    .where(
      and(
        eq(legalDocumentParties.companyId, companyId),
        inArray(legalDocumentParties.legalDocumentId, legalDocumentIds),
      ),
    )
    .orderBy(asc(parties.name), asc(parties.id));
  for (const { legalDocumentId, ...party } of rows) {
    byDocument.set(legalDocumentId, [...(byDocument.get(legalDocumentId) ?? []), party]);
  }
  return byDocument;
}

/** Connections a document may be shared with: active and connected to a company on the network. */
const shareable = (companyId: number) =>
  and(
    eq(parties.companyId, companyId),
    eq(parties.isActive, true),
    eq(parties.isDisconnected, false),
    isNotNull(parties.connectedCompanyId),
  );

export async function findShareableParties(
  db: Db,
  companyId: number,
  q: { query?: string | undefined; page: number; pageSize: number },
) {
  const text = q.query?.trim();
  const where = and(
    shareable(companyId),
    text ? ilike(parties.name, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [items, totals] = await Promise.all([
    db
      .select({ id: parties.id, name: parties.name })
      .from(parties)
      .where(where)
      .orderBy(asc(parties.name), asc(parties.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(parties).where(where),
  ]);
  return { items, totalRecords: totals[0]?.n ?? 0 };
}

/** Which of the given ids are shareable connections of the company. */
export async function findShareablePartyIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: parties.id })
    .from(parties)
    .where(and(shareable(companyId), inArray(parties.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function findSharedPartyIds(db: Db, companyId: number, legalDocumentId: number) {
  const rows = await db
    .select({ id: legalDocumentParties.partyId })
    .from(legalDocumentParties)
    .where(
      and(
        eq(legalDocumentParties.companyId, companyId),
        eq(legalDocumentParties.legalDocumentId, legalDocumentId),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Serialises "at most one active document per type" per company for the rest of the transaction:
 * without it two concurrent uploads could both stay active (PostgreSQL server; PGlite has one
 * connection anyway).
 */
export async function lockActiveDocumentOfType(db: Db, companyId: number, typeId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`legal_documents:${companyId}:${typeId}`}))`,
  );
}

/** Makes every other active document of the type inactive (a new active one replaces them). */
export async function deactivateOthersOfType(
  db: Db,
  companyId: number,
  typeId: number,
  exceptId: number | null,
) {
  const conditions: SQL[] = [
    eq(legalDocuments.companyId, companyId),
    eq(legalDocuments.legalDocumentTypeId, typeId),
    eq(legalDocuments.isActive, true),
  ];
  if (exceptId !== null) conditions.push(ne(legalDocuments.id, exceptId));
  await db
    .update(legalDocuments)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(...conditions));
}

export async function insertLegalDocument(db: Db, companyId: number, values: NewLegalDocument) {
  const [row] = await db
    .insert(legalDocuments)
    .values({ ...values, companyId })
    .returning();
  if (!row) throw new Error('legal document not stored');
  return row;
}

export async function updateLegalDocument(
  db: Db,
  companyId: number,
  id: number,
  values: {
    privacySettingId: number;
    isActive: boolean;
    /** A changed date is reminded of again (issue 27 item 26). */
    expiresOn?: string | null;
    expiryReminderSentAt?: Date | null;
  },
) {
  await db
    .update(legalDocuments)
    .set({ ...values, updatedAt: new Date() })
    .where(own(companyId, id));
}

export async function addSharedParties(
  db: Db,
  companyId: number,
  legalDocumentId: number,
  partyIds: number[],
) {
  if (partyIds.length === 0) return;
  await db
    .insert(legalDocumentParties)
    .values(partyIds.map((partyId) => ({ legalDocumentId, partyId, companyId })))
    .onConflictDoNothing();
}

export async function removeSharedParties(db: Db, companyId: number, legalDocumentId: number) {
  await db
    .delete(legalDocumentParties)
    .where(
      and(
        eq(legalDocumentParties.companyId, companyId),
        eq(legalDocumentParties.legalDocumentId, legalDocumentId),
      ),
    );
}

/** Deletes the row (its shares cascade); returns the blob key to remove after the commit. */
export async function deleteLegalDocument(db: Db, companyId: number, id: number) {
  const [row] = await db
    .delete(legalDocuments)
    .where(own(companyId, id))
    .returning({ fileKey: legalDocuments.fileKey });
  return row?.fileKey ?? null;
}
