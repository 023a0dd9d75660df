import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AchInput, AchOrderBy } from '@flowline/shared';
import type { Db } from '../../db/client';
import type { SealedAchNumbers } from './numbers';
import {
  achOrgUnits,
  achParties,
  achs,
  orgUnits,
  parties,
  partyOrgUnits,
} from '../../db/schema/index';

/** Every query here takes the company id first and is scoped by it. */
export type AchRow = typeof achs.$inferSelect;
/** What a write stores: the plain fields and the sealed numbers (./numbers.ts). */
export type AchFields = Omit<
  AchInput,
  'orgUnitIds' | 'partyIds' | 'routingNumber' | 'accountNumber'
> &
  SealedAchNumbers;

/** What masked reads select: never the envelopes. */
const maskedColumns = {
  id: achs.id,
  bankName: achs.bankName,
  country: achs.country,
  routingLast4: achs.routingLast4,
  accountLast4: achs.accountLast4,
  accountTypeId: achs.accountTypeId,
  isActive: achs.isActive,
};
export type MaskedAchRow = { [K in keyof typeof maskedColumns]: AchRow[K] };
export interface AchPartyLink {
  orgUnitId: number;
  partyId: number;
}

export interface AchPageQuery {
  page: number;
  pageSize: number;
  query?: string | undefined;
  orderBy: AchOrderBy;
  orderByDirection: 'asc' | 'desc';
}

const orderColumns = {
  bankName: achs.bankName,
  // What the list shows of a routing number (its last four digits); the full one is encrypted.
  routingNumber: achs.routingLast4,
  // Checking (1) sorts before Savings (2), as their names do.
  accountTypeName: achs.accountTypeId,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findAchPage(db: Db, companyId: number, q: AchPageQuery) {
  const filters: SQL[] = [eq(achs.companyId, companyId)];
  if (q.query) {
    const pattern = `%${escapeLike(q.query)}%`;
    const match = or(ilike(achs.bankName, pattern), ilike(achs.routingLast4, pattern));
    if (match) filters.push(match);
  }
  const where = and(...filters);
  const direction = q.orderByDirection === 'desc' ? desc : asc;
  const [items, totals] = await Promise.all([
    db
      .select(maskedColumns)
      .from(achs)
      .where(where)
      .orderBy(direction(orderColumns[q.orderBy]), direction(achs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(achs).where(where),
  ]);
  return { items, totalRecords: totals[0]?.n ?? 0 };
}

export async function findAch(db: Db, companyId: number, id: number): Promise<AchRow | null> {
  const [row] = await db
    .select()
    .from(achs)
    .where(and(eq(achs.companyId, companyId), eq(achs.id, id)))
    .limit(1);
  return row ?? null;
}

/** The profiles and connections of some ACHs, with their names, sorted by name. */
export async function findAchLinks(db: Db, companyId: number, achIds: number[]) {
  if (achIds.length === 0) return { profiles: [], connections: [] };
  const [profiles, connections] = await Promise.all([
    db
      .select({ achId: achOrgUnits.achId, id: orgUnits.id, name: orgUnits.name })
      .from(achOrgUnits)
      .innerJoin(orgUnits, eq(orgUnits.id, achOrgUnits.orgUnitId))
      .where(and(eq(achOrgUnits.companyId, companyId), inArray(achOrgUnits.achId, achIds)))
      .orderBy(asc(orgUnits.name), asc(orgUnits.id)),
    db
      .select({
        achId: achParties.achId,
        orgUnitId: achParties.orgUnitId,
        id: parties.id,
        name: parties.name,
      })
      .from(achParties)
      .innerJoin(parties, eq(parties.id, achParties.partyId))
      .where(and(eq(achParties.companyId, companyId), inArray(achParties.achId, achIds)))
      .orderBy(asc(parties.name), asc(parties.id)),
  ]);
  return { profiles, connections };
}
export type AchLinks = Awaited<ReturnType<typeof findAchLinks>>;

/** The id the next ACH will get: its numbers are sealed to it (AAD) before the row is written. */
export async function nextAchId(db: Db): Promise<number> {
  const result: unknown = await db.execute(
    sql`select nextval(pg_get_serial_sequence('achs', 'id')) as id`,
  );
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const id = Number((rows[0] as { id?: unknown } | undefined)?.id);
  if (!Number.isSafeInteger(id)) throw new Error('no ACH id');
  return id;
}

export async function insertAch(
  db: Db,
  companyId: number,
  id: number,
  fields: AchFields,
): Promise<AchRow> {
  const [row] = await db
    .insert(achs)
    .values({ ...fields, id, companyId })
    .returning();
  if (!row) throw new Error('ACH not stored');
  return row;
}

export async function updateAch(db: Db, companyId: number, id: number, fields: AchFields) {
  const [row] = await db
    .update(achs)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(achs.companyId, companyId), eq(achs.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAch(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(achs)
    .where(and(eq(achs.companyId, companyId), eq(achs.id, id)))
    .returning({ id: achs.id });
  return rows.length > 0;
}

/** Replaces the ACH's profiles and per-profile connections. */
export async function replaceAchLinks(
  db: Db,
  companyId: number,
  achId: number,
  orgUnitIds: number[],
  links: AchPartyLink[],
) {
  await db
    .delete(achParties)
    .where(and(eq(achParties.companyId, companyId), eq(achParties.achId, achId)));
  await db
    .delete(achOrgUnits)
    .where(and(eq(achOrgUnits.companyId, companyId), eq(achOrgUnits.achId, achId)));
  await db
    .insert(achOrgUnits)
    .values(orgUnitIds.map((orgUnitId) => ({ achId, orgUnitId, companyId })));
  if (links.length > 0) {
    await db.insert(achParties).values(links.map((link) => ({ ...link, achId, companyId })));
  }
}

/** The company's profiles among the given ids (other companies' ids simply do not come back). */
export async function findOrgUnits(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: orgUnits.id, name: orgUnits.name, isActive: orgUnits.isActive })
    .from(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), inArray(orgUnits.id, ids)));
}

/** The company's connections among the given ids, each with every profile it belongs to. */
export async function findPartiesWithOrgUnits(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const [rows, memberships] = await Promise.all([
    db
      .select({ id: parties.id, name: parties.name, isActive: parties.isActive })
      .from(parties)
      .where(and(eq(parties.companyId, companyId), inArray(parties.id, ids))),
    db
      .select({ partyId: partyOrgUnits.partyId, orgUnitId: partyOrgUnits.orgUnitId })
      .from(partyOrgUnits)
      .where(and(eq(partyOrgUnits.companyId, companyId), inArray(partyOrgUnits.partyId, ids))),
  ]);
  return rows.map((row) => ({
    ...row,
    orgUnitIds: memberships.filter((m) => m.partyId === row.id).map((m) => m.orgUnitId),
  }));
}

/** Active connections belonging to any of the given profiles of the company, by name. */
export async function findActivePartiesOfOrgUnits(db: Db, companyId: number, orgUnitIds: number[]) {
  if (orgUnitIds.length === 0) return [];
  return db
    .select({ id: parties.id, name: parties.name, orgUnitId: partyOrgUnits.orgUnitId })
    .from(partyOrgUnits)
    .innerJoin(parties, eq(parties.id, partyOrgUnits.partyId))
    .innerJoin(orgUnits, eq(orgUnits.id, partyOrgUnits.orgUnitId))
    .where(
      and(
        eq(partyOrgUnits.companyId, companyId),
        eq(parties.companyId, companyId),
        eq(orgUnits.companyId, companyId),
        eq(parties.isActive, true),
        eq(orgUnits.isActive, true),
        inArray(partyOrgUnits.orgUnitId, orgUnitIds),
      ),
    )
    .orderBy(asc(parties.name), asc(parties.id));
}

/** Active profiles of the company, for the form's Profile picker. */
export async function findActiveOrgUnits(db: Db, companyId: number) {
  return db
    .select({ id: orgUnits.id, name: orgUnits.name })
    .from(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), eq(orgUnits.isActive, true)))
    .orderBy(asc(orgUnits.name), asc(orgUnits.id));
}
