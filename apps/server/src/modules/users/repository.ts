import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { UserType } from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  companies,
  identityAccounts,
  membershipRoles,
  memberships,
  users,
} from '../../db/schema/index';
import type { VerifiedIdentity } from '../../auth/verify-token';
import type { ActiveMembership } from '../companies/membership-repository';

export type UserRow = typeof users.$inferSelect;

function prepareUserContextQuery(db: Db) {
  return db
    .select({
      user: users,
      memberCompanyId: companies.id,
      welcomeMessageHidden: memberships.welcomeMessageHidden,
      roleId: membershipRoles.roleId,
    })
    .from(users)
    .leftJoin(
      memberships,
      and(
        eq(memberships.userId, users.id),
        eq(memberships.companyId, sql.placeholder('companyId')),
        eq(memberships.isActive, true),
        eq(memberships.blocked, false),
      ),
    )
    .leftJoin(companies, and(eq(companies.id, memberships.companyId), eq(companies.isActive, true)))
    .leftJoin(
      membershipRoles,
      and(eq(membershipRoles.companyId, companies.id), eq(membershipRoles.userId, users.id)),
    )
    .where(eq(users.externalId, sql.placeholder('subject')))
    .orderBy(desc(membershipRoles.isMain), asc(membershipRoles.roleId))
    .prepare('auth_user_context');
}
const userContextQueries = new WeakMap<Db, ReturnType<typeof prepareUserContextQuery>>();

/**
 * The request path's one query: the user with this subject and — when a company is named — their
 * active, unblocked membership of that active company with its roles (main role first, then the
 * others in id order; the same rules as findActiveMembership). A prepared statement, built once
 * per database. `user` is null for an unknown subject; `membership` null for no such membership.
 */
export async function findUserContextBySubject(
  db: Db,
  subject: string,
  companyId: number | undefined,
): Promise<{ user: UserRow | null; membership: ActiveMembership | null }> {
  let query = userContextQueries.get(db);
  if (!query) userContextQueries.set(db, (query = prepareUserContextQuery(db)));
  // Company ids are positive: 0 matches no membership and still returns the user.
  const rows = await query.execute({ subject, companyId: companyId ?? 0 });
  const first = rows[0];
  if (!first) return { user: null, membership: null };
  if (companyId === undefined || first.memberCompanyId === null)
    return { user: first.user, membership: null };
  return {
    user: first.user,
    membership: {
      companyId,
      welcomeMessageHidden: first.welcomeMessageHidden ?? false,
      roles: rows.flatMap((r) => (r.roleId === null ? [] : [r.roleId])),
    },
  };
}

/**
 * Finds the Flowline user behind a verified token: by external id first, then by e-mail.
 * A match by e-mail binds the external id, so later sign-ins match directly.
 */
export async function resolveUserForIdentity(
  db: Db,
  identity: VerifiedIdentity,
): Promise<UserRow | null> {
  const [bySubject] = await db
    .select()
    .from(users)
    .where(eq(users.externalId, identity.subject))
    .limit(1);
  if (bySubject) return bySubject;
  if (!identity.email) return null;
  const [bound] = await db
    .update(users)
    .set({ externalId: identity.subject, updatedAt: new Date() })
    .where(
      and(
        sql`lower(${users.emailAddress}) = lower(${identity.email})`,
        isNull(users.externalId),
        // An API key's user never signs in, whatever an issuer claims.
        ne(users.userTypeId, UserType.ApiKey),
      ),
    )
    .returning();
  return bound ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByExternalId(db: Db, externalId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.externalId, externalId)).limit(1);
  return row ?? null;
}

/** Whether the user's local account (embedded issuer) still has a temporary password. */
export async function hasTemporaryPassword(db: Db, user: UserRow): Promise<boolean> {
  const [row] = await db
    .select({ temporary: identityAccounts.passwordIsTemporary })
    .from(identityAccounts)
    .where(sql`lower(${identityAccounts.email}) = lower(${user.emailAddress})`)
    .limit(1);
  return row?.temporary ?? false;
}
