import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { Terminology, defaultTerminology, type OrgUnitOrderBy } from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  achOrgUnits,
  membershipInvitations,
  memberships,
  orgUnits,
  partyOrgUnits,
  terminology,
  userOrgUnits,
} from '../../db/schema/index';

/** Every query here takes the company id first and is scoped by it. */
export type OrgUnitRow = typeof orgUnits.$inferSelect;
export type OrgUnitValues = Omit<
  typeof orgUnits.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

export interface OrgUnitPageQuery {
  page: number;
  pageSize: number;
  isActive?: boolean | undefined;
  ids?: number[] | undefined;
  query?: string | undefined;
  orderBy: OrgUnitOrderBy;
  orderByDirection: 'asc' | 'desc';
}

const orderColumns = {
  name: orgUnits.name,
  code: orgUnits.code,
  addressLineOne: orgUnits.addressLineOne,
  addressLineTwo: orgUnits.addressLineTwo,
  city: orgUnits.city,
  zipCode: orgUnits.zipCode,
  phone: orgUnits.phone,
  isActive: orgUnits.isActive,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findOrgUnitPage(db: Db, companyId: number, q: OrgUnitPageQuery) {
  const filters: SQL[] = [eq(orgUnits.companyId, companyId)];
  if (q.isActive !== undefined) filters.push(eq(orgUnits.isActive, q.isActive));
  if (q.ids) filters.push(inArray(orgUnits.id, q.ids.length ? q.ids : [0]));
  if (q.query) {
    const pattern = `%${escapeLike(q.query)}%`;
    const match = or(
      ilike(orgUnits.name, pattern),
      ilike(orgUnits.code, pattern),
      ilike(orgUnits.knownAs, pattern),
      ilike(orgUnits.addressLineOne, pattern),
      ilike(orgUnits.city, pattern),
      ilike(orgUnits.zipCode, pattern),
      ilike(orgUnits.phone, pattern),
    );
    if (match) filters.push(match);
  }
  const where = and(...filters);
  const direction = q.orderByDirection === 'desc' ? desc : asc;
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(orgUnits)
      .where(where)
      .orderBy(direction(orderColumns[q.orderBy]), direction(orgUnits.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(orgUnits).where(where),
  ]);
  return { items, totalRecords: totals[0]?.n ?? 0 };
}

export async function findOrgUnit(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), eq(orgUnits.id, id)))
    .limit(1);
  return row ?? null;
}

/** Locks the profile row until the transaction ends; false when the company has no such profile. */
export async function lockOrgUnit(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), eq(orgUnits.id, id)))
    .for('update');
  return rows.length > 0;
}

/**
 * Pending membership invitations of the company: the user list shows them like people who have
 * not joined yet, so profile assignment treats them the same way (their profiles live on the
 * invitation until the person accepts).
 */
const pendingInvitationsOf = (companyId: number) =>
  and(eq(membershipInvitations.companyId, companyId), eq(membershipInvitations.status, 'pending'));

export async function findOrgUnitUserIds(db: Db, companyId: number, orgUnitId: number) {
  const [rows, invited] = await Promise.all([
    db
      .select({ userId: userOrgUnits.userId })
      .from(userOrgUnits)
      .where(and(eq(userOrgUnits.companyId, companyId), eq(userOrgUnits.orgUnitId, orgUnitId))),
    db
      .select({ userId: membershipInvitations.id })
      .from(membershipInvitations)
      .where(
        and(
          pendingInvitationsOf(companyId),
          sql`${orgUnitId} = any(${membershipInvitations.orgUnitIds})`,
        ),
      ),
  ]);
  return [...rows, ...invited].map((r) => r.userId).sort((a, b) => a - b);
}

/** Whether another profile of the company already uses this code (codes compare case-blind). */
export async function isCodeTaken(db: Db, companyId: number, code: string, exceptId?: number) {
  const filters: SQL[] = [
    eq(orgUnits.companyId, companyId),
    sql`lower(${orgUnits.code}) = lower(${code})`,
  ];
  if (exceptId !== undefined) filters.push(ne(orgUnits.id, exceptId));
  const [row] = await db
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(and(...filters))
    .limit(1);
  return !!row;
}

/** The ids among `userIds` that are members (any state) or pending invitations of the company. */
export async function findMemberIds(db: Db, companyId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const [rows, invited] = await Promise.all([
    db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), inArray(memberships.userId, userIds))),
    db
      .select({ userId: membershipInvitations.id })
      .from(membershipInvitations)
      .where(and(pendingInvitationsOf(companyId), inArray(membershipInvitations.id, userIds))),
  ]);
  return new Set([...rows, ...invited].map((r) => r.userId));
}

export async function insertOrgUnit(db: Db, companyId: number, values: OrgUnitValues) {
  const [row] = await db
    .insert(orgUnits)
    .values({ ...values, companyId })
    .returning();
  if (!row) throw new Error('profile not stored');
  return row;
}

export async function updateOrgUnit(db: Db, companyId: number, id: number, values: OrgUnitValues) {
  const [row] = await db
    .update(orgUnits)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orgUnits.companyId, companyId), eq(orgUnits.id, id)))
    .returning();
  return row ?? null;
}

export async function replaceOrgUnitUsers(
  db: Db,
  companyId: number,
  orgUnitId: number,
  userIds: number[],
) {
  await db
    .delete(userOrgUnits)
    .where(and(eq(userOrgUnits.companyId, companyId), eq(userOrgUnits.orgUnitId, orgUnitId)));
  const members = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), inArray(memberships.userId, [0, ...userIds])));
  if (members.length > 0) {
    await db
      .insert(userOrgUnits)
      .values(members.map(({ userId }) => ({ companyId, userId, orgUnitId })));
  }
  // Invitations: the profile is added to the chosen ones and removed from the others.
  const chosen = sql`array[${sql.join(
    [0, ...userIds].map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  await db
    .update(membershipInvitations)
    .set({
      orgUnitIds: sql`case when ${membershipInvitations.id} = any(${chosen})
        then array_append(array_remove(${membershipInvitations.orgUnitIds}, ${orgUnitId}), ${orgUnitId})
        else array_remove(${membershipInvitations.orgUnitIds}, ${orgUnitId}) end`,
    })
    .where(pendingInvitationsOf(companyId));
}

/** How many connections, ACH forms and users depend on the profile. */
export async function countOrgUnitDependents(db: Db, companyId: number, orgUnitId: number) {
  const [[connections], [achForms], [users]] = await Promise.all([
    db
      .select({ n: count() })
      .from(partyOrgUnits)
      .where(and(eq(partyOrgUnits.companyId, companyId), eq(partyOrgUnits.orgUnitId, orgUnitId))),
    db
      .select({ n: count() })
      .from(achOrgUnits)
      .where(and(eq(achOrgUnits.companyId, companyId), eq(achOrgUnits.orgUnitId, orgUnitId))),
    db
      .select({ n: count() })
      .from(userOrgUnits)
      .where(and(eq(userOrgUnits.companyId, companyId), eq(userOrgUnits.orgUnitId, orgUnitId))),
  ]);
  return { connections: connections?.n ?? 0, achForms: achForms?.n ?? 0, users: users?.n ?? 0 };
}

export async function deleteOrgUnit(db: Db, companyId: number, id: number) {
  const rows = await db
    .delete(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), eq(orgUnits.id, id)))
    .returning({ id: orgUnits.id });
  return rows.length > 0;
}

/** The company's word for a profile ('Profile' unless renamed), for messages. */
export async function findOrgUnitTerm(db: Db, companyId: number): Promise<string> {
  const [row] = await db
    .select({ name: terminology.customizedName })
    .from(terminology)
    .where(
      and(eq(terminology.companyId, companyId), eq(terminology.terminologyId, Terminology.OrgUnit)),
    )
    .limit(1);
  return row?.name.trim() || (defaultTerminology[Terminology.OrgUnit] ?? 'Profile');
}
