import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PartyType, type ConnectionListQueryParsed, type ConnectionStatus } from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  companies,
  companyPartyTypes,
  orgUnits,
  parties,
  partyOrgUnits,
} from '../../db/schema/index';
import { connectionStatusWhere } from './status-sql';

/** Every query here takes the company id first and is scoped by it. */
export type PartyRow = typeof parties.$inferSelect;
export type PartyValues = Omit<
  typeof parties.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

const connectedCompany = alias(companies, 'connected_company');
const suggestedCompany = alias(companies, 'suggested_company');

const orderColumns = {
  name: parties.name,
  number: parties.number,
  phone: parties.phone,
  partyTypeId: parties.partyTypeId,
  effectiveFromDate: parties.effectiveFromDate,
  effectiveThruDate: parties.effectiveThruDate,
  isActive: parties.isActive,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the connections screen; the status filter and paging run in SQL. */
export async function findPartyPage(
  db: Db,
  companyId: number,
  q: ConnectionListQueryParsed,
  now: Date,
) {
  const filters: (SQL | undefined)[] = [eq(parties.companyId, companyId)];
  if (q.isActive !== undefined) filters.push(eq(parties.isActive, q.isActive));
  if (q.partyTypeId !== undefined) filters.push(eq(parties.partyTypeId, q.partyTypeId));
  if (q.filterVendorsOnly) filters.push(eq(parties.partyTypeId, PartyType.Vendor));
  if (q.partyStatus) filters.push(connectionStatusWhere(q.partyStatus, now));
  if (q.query) {
    const pattern = `%${escapeLike(q.query)}%`;
    filters.push(
      or(
        ilike(parties.name, pattern),
        ilike(parties.nameTwo, pattern),
        ilike(parties.number, pattern),
        ilike(parties.phone, pattern),
        ilike(parties.city, pattern),
      ),
    );
  }
  const where = and(...filters);
  const direction = q.orderByDirection === 'desc' ? desc : asc;
  const [items, totals] = await Promise.all([
    db
      .select({
        party: parties,
        connectedCompanyName: connectedCompany.name,
        suggestedCompanyName: suggestedCompany.name,
      })
      .from(parties)
      .leftJoin(connectedCompany, eq(connectedCompany.id, parties.connectedCompanyId))
      .leftJoin(suggestedCompany, eq(suggestedCompany.id, parties.suggestedCompanyId))
      .where(where)
      .orderBy(direction(orderColumns[q.orderBy]), direction(parties.id))
      .limit(q.itemsPerPage)
      .offset((q.page - 1) * q.itemsPerPage),
    db.select({ n: count() }).from(parties).where(where),
  ]);
  return { items, totalRecords: totals[0]?.n ?? 0 };
}

export async function findParty(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(parties)
    .where(and(eq(parties.companyId, companyId), eq(parties.id, id)))
    .limit(1);
  return row ?? null;
}

/** Locks the connection row until the transaction ends. */
export async function lockParty(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(parties)
    .where(and(eq(parties.companyId, companyId), eq(parties.id, id)))
    .for('update');
  return row ?? null;
}

/** The profiles of the given connections, in one query: partyId → [{id, name}] by name. */
export async function findProfilesOfParties(db: Db, companyId: number, partyIds: number[]) {
  const byParty = new Map<number, { id: number; name: string }[]>();
  if (partyIds.length === 0) return byParty;
  const rows = await db
    .select({ partyId: partyOrgUnits.partyId, id: orgUnits.id, name: orgUnits.name })
    .from(partyOrgUnits)
    .innerJoin(orgUnits, eq(orgUnits.id, partyOrgUnits.orgUnitId))
    .where(and(eq(partyOrgUnits.companyId, companyId), inArray(partyOrgUnits.partyId, partyIds)))
    .orderBy(asc(orgUnits.name), asc(orgUnits.id));
  for (const { partyId, id, name } of rows) {
    byParty.set(partyId, [...(byParty.get(partyId) ?? []), { id, name }]);
  }
  return byParty;
}

/** The ids among `ids` that are profiles of the company. */
export async function findOrgUnitIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), inArray(orgUnits.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertParty(db: Db, companyId: number, values: PartyValues) {
  const [row] = await db
    .insert(parties)
    .values({ ...values, companyId })
    .returning();
  if (!row) throw new Error('connection not stored');
  return row;
}

export async function updateParty(db: Db, companyId: number, id: number, values: PartyValues) {
  const [row] = await db
    .update(parties)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(parties.companyId, companyId), eq(parties.id, id)))
    .returning();
  return row ?? null;
}

export async function replacePartyOrgUnits(
  db: Db,
  companyId: number,
  partyId: number,
  orgUnitIds: number[],
) {
  await db
    .delete(partyOrgUnits)
    .where(and(eq(partyOrgUnits.companyId, companyId), eq(partyOrgUnits.partyId, partyId)));
  if (orgUnitIds.length > 0) {
    await db
      .insert(partyOrgUnits)
      .values(orgUnitIds.map((orgUnitId) => ({ companyId, partyId, orgUnitId })));
  }
}

export async function deleteParty(db: Db, companyId: number, id: number) {
  await db.delete(parties).where(and(eq(parties.companyId, companyId), eq(parties.id, id)));
}

/** The connections assigned to one profile of the company, by name. */
export async function findPartiesOfOrgUnit(db: Db, companyId: number, orgUnitId: number) {
  return db
    .select({
      id: parties.id,
      name: parties.name,
      number: parties.number,
      addressLineOne: parties.addressLineOne,
      city: parties.city,
      state: parties.state,
    })
    .from(parties)
    .innerJoin(partyOrgUnits, eq(partyOrgUnits.partyId, parties.id))
    .where(and(eq(parties.companyId, companyId), eq(partyOrgUnits.orgUnitId, orgUnitId)))
    .orderBy(asc(parties.name), asc(parties.id));
}

export async function findCompanyPartyTypeIds(db: Db, companyId: number) {
  const rows = await db
    .select({ id: companyPartyTypes.partyTypeId })
    .from(companyPartyTypes)
    .where(eq(companyPartyTypes.companyId, companyId))
    .orderBy(asc(companyPartyTypes.partyTypeId));
  return rows.map((r) => r.id);
}

/**
 * Another connection of the company already linked to `otherCompanyId`: connected to it (not
 * disconnected) or waiting for it to accept a connection request.
 */
export async function findOtherLinkedParty(
  db: Db,
  companyId: number,
  partyId: number,
  otherCompanyId: number,
) {
  const [row] = await db
    .select({ id: parties.id, name: parties.name })
    .from(parties)
    .where(
      and(
        eq(parties.companyId, companyId),
        ne(parties.id, partyId),
        eq(parties.isDisconnected, false),
        or(
          eq(parties.connectedCompanyId, otherCompanyId),
          and(
            isNull(parties.connectedCompanyId),
            eq(parties.isInviteSent, true),
            eq(parties.suggestedCompanyId, otherCompanyId),
          ),
        ),
      ),
    )
    .orderBy(asc(parties.id))
    .limit(1);
  return row ?? null;
}

/** How many connections of the company have the status (e.g. onNetwork for the top-bar badge). */
export async function countPartiesWithStatus(
  db: Db,
  companyId: number,
  status: ConnectionStatus,
  now: Date,
) {
  const [row] = await db
    .select({ n: count() })
    .from(parties)
    .where(and(eq(parties.companyId, companyId), connectionStatusWhere(status, now)));
  return row?.n ?? 0;
}
