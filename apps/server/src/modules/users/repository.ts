import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { UserType } from '@flowline/shared';
import type { Db } from '../../db/client';
import { identityAccounts, users } from '../../db/schema/index';
import type { VerifiedIdentity } from '../../auth/verify-token';

export type UserRow = typeof users.$inferSelect;

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
