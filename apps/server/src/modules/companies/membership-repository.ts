import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  companyPartyTypes,
  identityAccounts,
  membershipRoles,
  memberships,
} from '../../db/schema/index';

export interface ActiveMembership {
  companyId: number;
  welcomeMessageHidden: boolean;
  /** Main role first, then additional roles in id order. */
  roles: number[];
}

/** The user's active, unblocked membership of an active company, with its roles; null otherwise. */
export async function findActiveMembership(
  db: Db,
  userId: number,
  companyId: number,
): Promise<ActiveMembership | null> {
  const rows = await db
    .select({
      welcomeMessageHidden: memberships.welcomeMessageHidden,
      roleId: membershipRoles.roleId,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .leftJoin(
      membershipRoles,
      and(
        eq(membershipRoles.companyId, memberships.companyId),
        eq(membershipRoles.userId, memberships.userId),
      ),
    )
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.companyId, companyId),
        eq(memberships.isActive, true),
        eq(memberships.blocked, false),
        eq(companies.isActive, true),
      ),
    )
    .orderBy(desc(membershipRoles.isMain), asc(membershipRoles.roleId));
  const first = rows[0];
  if (!first) return null;
  return {
    companyId,
    welcomeMessageHidden: first.welcomeMessageHidden,
    roles: rows.flatMap((r) => (r.roleId === null ? [] : [r.roleId])),
  };
}

export interface CompanyOfUser {
  id: number;
  name: string;
  code: string;
  serviceId: string;
  isCloud: boolean;
  url: string | null;
  onBoardingProcessPending: boolean;
  partyTypeIds: number[];
}

function prepareCompaniesOfUser(db: Db) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      code: companies.code,
      serviceId: companies.serviceId,
      isCloud: companies.isCloud,
      url: companies.url,
      onBoardingProcessPending: companies.onboardingProcessPending,
      temporaryPassword: sql<boolean>`coalesce((select ${identityAccounts.passwordIsTemporary} from ${identityAccounts} where lower(${identityAccounts.email}) = lower(${sql.placeholder('email')}::text) limit 1), false)`,
      partyTypeIds: sql<
        number[]
      >`coalesce((select array_agg(${companyPartyTypes.partyTypeId} order by ${companyPartyTypes.partyTypeId}) from ${companyPartyTypes} where ${companyPartyTypes.companyId} = ${companies.id}), '{}')`,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(memberships.userId, sql.placeholder('userId')),
        eq(memberships.isActive, true),
        eq(memberships.blocked, false),
        eq(companies.isActive, true),
      ),
    )
    .orderBy(asc(companies.name))
    .prepare('companies_of_user');
}
const companiesOfUserQueries = new WeakMap<Db, ReturnType<typeof prepareCompaniesOfUser>>();

/**
 * Every active company the user is an active member of, sorted by name, with its party types:
 * one prepared query (it runs on every GET /api/users/current).
 */
export async function listCompaniesOfUser(db: Db, userId: number): Promise<CompanyOfUser[]> {
  return (await companiesOfUserAndTemporaryPassword(db, userId, '')).companies;
}

/**
 * The same companies and, in the same round trip, whether the local account with this e-mail
 * (embedded issuer) still has a temporary password — null when the user has no company (no row
 * to carry it: ask hasTemporaryPassword).
 */
export async function companiesOfUserAndTemporaryPassword(
  db: Db,
  userId: number,
  email: string,
): Promise<{ companies: CompanyOfUser[]; isTemporaryPassword: boolean | null }> {
  let query = companiesOfUserQueries.get(db);
  if (!query) companiesOfUserQueries.set(db, (query = prepareCompaniesOfUser(db)));
  const rows = await query.execute({ userId, email });
  return {
    companies: rows.map(({ temporaryPassword: _, ...company }) => company),
    isTemporaryPassword: rows[0]?.temporaryPassword ?? null,
  };
}

/** The active companies that blocked the user's (otherwise active) membership, by name. */
export async function listBlockedCompaniesOfUser(
  db: Db,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.isActive, true),
        eq(memberships.blocked, true),
        eq(companies.isActive, true),
      ),
    )
    .orderBy(asc(companies.name));
}

export async function setWelcomeMessageHidden(
  db: Db,
  userId: number,
  companyId: number,
  hidden: boolean,
) {
  await db
    .update(memberships)
    .set({ welcomeMessageHidden: hidden })
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
}
