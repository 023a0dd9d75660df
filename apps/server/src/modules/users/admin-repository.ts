import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { Role, type AdminUserOrderBy } from '@flowline/shared';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import {
  companies,
  identityAccounts,
  membershipRoles,
  membershipInvitations,
  memberships,
  orgUnits,
  userOrgUnits,
  users,
} from '../../db/schema/index';
import type { UserRow } from './repository';

/** User administration works on memberships: every query takes the company id first. */
export interface MemberPageQuery {
  page: number;
  pageSize: number;
  query?: string | undefined;
  isActive?: boolean | undefined;
  orderBy: AdminUserOrderBy;
  orderByDirection: 'asc' | 'desc';
}

/** The membership's main role (exactly one per membership). */
const mainRole = sql<number | null>`(select ${membershipRoles.roleId} from ${membershipRoles}
  where ${membershipRoles.companyId} = ${memberships.companyId}
    and ${membershipRoles.userId} = ${memberships.userId} and ${membershipRoles.isMain} limit 1)`;

/**
 * Not joined yet: a person created by this company who has never signed in (temporary password
 * unused, or not yet bound to an external issuer's account).
 */
const neverSignedIn = sql<boolean>`(${users.externalId} is null or exists (
  select 1 from ${identityAccounts}
  where ${identityAccounts.id}::text = ${users.externalId}
    and ${identityAccounts.passwordIsTemporary} and ${identityAccounts.lastLoginAt} is null))`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The company's people: members, and pending membership invitations shown only as typed by the
 * Administrator (issue 10 item 2) — both in one paged, sorted SQL query.
 */
function companyPeople(db: Db, companyId: number) {
  const members = db
    .select({
      id: users.id,
      emailAddress: users.emailAddress,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: memberships.isActive,
      blocked: memberships.blocked,
      mainRole: sql<number | null>`${mainRole}`.as('main_role'),
      invitationPending: sql<boolean>`${neverSignedIn}`.as('invitation_pending'),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId));
  const invited = db
    .select({
      id: membershipInvitations.id,
      emailAddress: membershipInvitations.emailAddress,
      firstName: membershipInvitations.firstName,
      lastName: membershipInvitations.lastName,
      isActive: membershipInvitations.isActive,
      blocked: membershipInvitations.blocked,
      mainRole: sql<number | null>`${membershipInvitations.mainRole}`.as('main_role'),
      invitationPending: sql<boolean>`true`.as('invitation_pending'),
    })
    .from(membershipInvitations)
    .where(
      and(
        eq(membershipInvitations.companyId, companyId),
        eq(membershipInvitations.status, 'pending'),
      ),
    );
  return unionAll(members, invited).as('people');
}

export async function findMemberPage(db: Db, companyId: number, q: MemberPageQuery) {
  const people = companyPeople(db, companyId);
  const filters: SQL[] = [];
  if (q.isActive !== undefined) filters.push(eq(people.isActive, q.isActive));
  if (q.query) {
    const pattern = `%${escapeLike(q.query)}%`;
    const match = or(
      ilike(people.emailAddress, pattern),
      ilike(people.firstName, pattern),
      ilike(people.lastName, pattern),
      sql`(${people.firstName} || ' ' || ${people.lastName}) ilike ${pattern}`,
    );
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const orderColumns = {
    email: sql`lower(${people.emailAddress})`,
    firstName: sql`lower(${people.firstName})`,
    lastName: sql`lower(${people.lastName})`,
    isActive: people.isActive,
  } as const;
  const direction = q.orderByDirection === 'desc' ? desc : asc;
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(people)
      .where(where)
      .orderBy(direction(orderColumns[q.orderBy]), direction(people.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(people).where(where),
  ]);
  return { items, totalRecords: totals[0]?.n ?? 0 };
}

/** Whether the member has not joined yet (see `neverSignedIn`). */
export async function isMemberNotJoined(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ pending: neverSignedIn })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.pending ?? false;
}

export interface Member {
  user: UserRow;
  isActive: boolean;
  blocked: boolean;
}

/** The user behind a membership of the company; null for anyone else (other companies: 404). */
export async function findMember(
  db: Db,
  companyId: number,
  userId: number,
): Promise<Member | null> {
  const [row] = await db
    .select({ user: users, isActive: memberships.isActive, blocked: memberships.blocked })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Main role first, then additional roles in id order. */
export async function findMemberRoles(db: Db, companyId: number, userId: number) {
  return db
    .select({ roleId: membershipRoles.roleId, isMain: membershipRoles.isMain })
    .from(membershipRoles)
    .where(and(eq(membershipRoles.companyId, companyId), eq(membershipRoles.userId, userId)))
    .orderBy(desc(membershipRoles.isMain), asc(membershipRoles.roleId));
}

export async function findMemberOrgUnitIds(db: Db, companyId: number, userId: number) {
  const rows = await db
    .select({ id: userOrgUnits.orgUnitId })
    .from(userOrgUnits)
    .where(and(eq(userOrgUnits.companyId, companyId), eq(userOrgUnits.userId, userId)))
    .orderBy(asc(userOrgUnits.orgUnitId));
  return rows.map((r) => r.id);
}

/** The ids among `ids` that are profiles of the company. */
export async function findCompanyOrgUnitIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: orgUnits.id })
    .from(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), inArray(orgUnits.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Not tenant-scoped on purpose: a user (an e-mail address) is one person across all companies,
 * and creating or renaming one must see every company's users to keep addresses unique.
 */
export async function unsafeFindUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.emailAddress}) = lower(${email.trim()})`)
      .limit(1);
    return row ?? null;
  });
}

/** Not tenant-scoped on purpose (see above): local sign-in accounts are per e-mail, not per company. */
export async function unsafeFindIdentityAccountId(db: Db, email: string) {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db
      .select({ id: identityAccounts.id })
      .from(identityAccounts)
      .where(sql`lower(${identityAccounts.email}) = lower(${email.trim()})`)
      .limit(1);
    return row?.id ?? null;
  });
}

export async function insertIdentityAccount(db: Db, email: string, passwordHash: string) {
  const [row] = await db
    .insert(identityAccounts)
    .values({ email, passwordHash, passwordIsTemporary: true })
    .returning({ id: identityAccounts.id });
  if (!row) throw new Error('account not stored');
  return row.id;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user not stored');
  return row;
}

export async function insertMembership(
  db: Db,
  companyId: number,
  userId: number,
  isActive: boolean,
) {
  await db.insert(memberships).values({ companyId, userId, isActive });
}

export async function replaceMemberRoles(
  db: Db,
  companyId: number,
  userId: number,
  roles: { roleId: number; isMain: boolean }[],
) {
  await db
    .delete(membershipRoles)
    .where(and(eq(membershipRoles.companyId, companyId), eq(membershipRoles.userId, userId)));
  await db.insert(membershipRoles).values(roles.map((r) => ({ ...r, companyId, userId })));
}

export async function replaceMemberOrgUnits(
  db: Db,
  companyId: number,
  userId: number,
  orgUnitIds: number[],
) {
  await db
    .delete(userOrgUnits)
    .where(and(eq(userOrgUnits.companyId, companyId), eq(userOrgUnits.userId, userId)));
  if (orgUnitIds.length > 0) {
    await db
      .insert(userOrgUnits)
      .values(orgUnitIds.map((orgUnitId) => ({ companyId, userId, orgUnitId })));
  }
}

export async function updateUserDetails(
  db: Db,
  userId: number,
  values: Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'title' | 'phoneNumber'>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function updateMembership(
  db: Db,
  companyId: number,
  userId: number,
  values: { isActive?: boolean; blocked?: boolean },
) {
  await db
    .update(memberships)
    .set(values)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
}

/** Removes the user from the company; roles and profile assignments go with the membership. */
export async function deleteMembership(db: Db, companyId: number, userId: number) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
}

/**
 * Serialises changes that could remove a company's last Administrator: two admins demoting each
 * other at the same moment would otherwise both pass the check.
 */
export async function lockCompany(db: Db, companyId: number) {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
}

/** Active, unblocked Administrators of the company other than `userId`. */
export async function countOtherActiveAdministrators(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(
      membershipRoles,
      and(
        eq(membershipRoles.companyId, memberships.companyId),
        eq(membershipRoles.userId, memberships.userId),
      ),
    )
    .where(
      and(
        eq(memberships.companyId, companyId),
        ne(memberships.userId, userId),
        eq(memberships.isActive, true),
        eq(memberships.blocked, false),
        eq(membershipRoles.roleId, Role.Administrator),
      ),
    );
  return row?.n ?? 0;
}

/** A new e-mail for the user and for their local sign-in account (same person everywhere). */
export async function updateEmail(db: Db, userId: number, oldEmail: string, newEmail: string) {
  await db
    .update(users)
    .set({ emailAddress: newEmail, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await db
    .update(identityAccounts)
    .set({ email: newEmail })
    .where(sql`lower(${identityAccounts.email}) = lower(${oldEmail})`);
}

export async function findCompanyName(db: Db, companyId: number) {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name ?? '';
}

/** How many companies other than this one the user belongs to (blocked memberships included). */
export async function countMembershipsElsewhere(
  db: Db,
  companyId: number,
  userId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.companyId, companyId)));
  return row?.n ?? 0;
}
