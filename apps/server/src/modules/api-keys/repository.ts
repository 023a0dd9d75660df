import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import { apiKeys, membershipRoles, users } from '../../db/schema/index';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The company's keys, newest first, with their role and who created them. */
export async function listCompanyKeys(db: Db, companyId: number) {
  const creators = sql`(select first_name || ' ' || last_name from ${users} where ${users.id} = ${apiKeys.createdByUserId})`;
  return db
    .select({
      key: apiKeys,
      role: membershipRoles.roleId,
      createdBy: sql<string | null>`${creators}`,
    })
    .from(apiKeys)
    .leftJoin(
      membershipRoles,
      and(
        eq(membershipRoles.companyId, apiKeys.companyId),
        eq(membershipRoles.userId, apiKeys.userId),
        eq(membershipRoles.isMain, true),
      ),
    )
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.id));
}

export async function findCompanyKey(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('API key not stored');
  return row;
}

export async function revokeKey(db: Db, id: number) {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(eq(apiKeys.id, id));
}

/**
 * Not tenant-scoped on purpose: authentication finds the key by its hash before any company is
 * known. Revoked keys are never returned.
 */
export async function unsafeFindActiveKeyByHash(db: Db, keyHash: string) {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const [row] = await db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
      .limit(1);
    return row ?? null;
  });
}

/** At most once a minute per key, so a busy integration does not write on every call. */
export async function touchLastUsed(db: Db, id: number) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}

/** One more failed attempt on every key with this prefix (not tenant-scoped: no company yet). */
export async function countFailure(db: Db, keyPrefix: string): Promise<number> {
  // Row-level security escape: a failed key names no company (unsafe… like the lookup above).
  return withoutTenantScope(async () => {
    const rows = await db
      .update(apiKeys)
      .set({ failedAttempts: sql`${apiKeys.failedAttempts} + 1`, lastFailedAt: sql`now()` })
      .where(eq(apiKeys.keyPrefix, keyPrefix))
      .returning({ id: apiKeys.id });
    return rows.length;
  });
}
