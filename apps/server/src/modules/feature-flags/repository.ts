import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, featureFlagChanges, featureFlags, users } from '../../db/schema/index';

export type FlagRow = typeof featureFlags.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The flag rows of these companies and the deployment default rows (company_id null). */
export function flagRowsFor(db: Db, companyIds: readonly number[]): Promise<FlagRow[]> {
  const own = companyIds.length ? inArray(featureFlags.companyId, [...companyIds]) : undefined;
  return db
    .select()
    .from(featureFlags)
    .where(own ? or(isNull(featureFlags.companyId), own) : isNull(featureFlags.companyId));
}

export async function pageOfCompanies(
  db: Db,
  q: { companyId?: number; search?: string; page: number; pageSize: number },
) {
  const filters: SQL[] = [];
  if (q.companyId) filters.push(eq(companies.id, q.companyId));
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    const match = or(ilike(companies.name, pattern), ilike(companies.code, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: companies.id, name: companies.name, code: companies.code })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findCompany(db: Db, id: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, code: companies.code })
    .from(companies)
    .where(eq(companies.id, id));
  return row ?? null;
}

/**
 * Sets (enabled boolean) or removes (null) one flag row of a company or of the deployment default,
 * and records the change in the same transaction. Returns the old value; nothing is recorded when
 * the value does not change.
 */
export function writeFlag(
  db: Db,
  change: { flag: string; companyId: number | null; enabled: boolean | null; userId: number },
  /** Runs in the same transaction when the value changed (the company's admin audit). */
  onChanged?: (tx: Db, old: boolean | null) => Promise<void>,
): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const target =
      change.companyId === null
        ? isNull(featureFlags.companyId)
        : eq(featureFlags.companyId, change.companyId);
    const [current] = await tx
      .select({ enabled: featureFlags.enabled })
      .from(featureFlags)
      .where(and(eq(featureFlags.flag, change.flag), target))
      .for('update');
    const old = current?.enabled ?? null;
    if (old === change.enabled) return old;
    if (change.enabled === null) {
      await tx.delete(featureFlags).where(and(eq(featureFlags.flag, change.flag), target));
    } else {
      await tx
        .insert(featureFlags)
        .values({ flag: change.flag, companyId: change.companyId, enabled: change.enabled })
        .onConflictDoUpdate({
          target: [featureFlags.flag, featureFlags.companyId],
          set: { enabled: change.enabled },
        });
    }
    await tx.insert(featureFlagChanges).values({
      flag: change.flag,
      companyId: change.companyId,
      oldEnabled: old,
      newEnabled: change.enabled,
      changedByUserId: change.userId,
    });
    await onChanged?.(tx, old);
    return old;
  });
}

/** The latest changes, newest first: of one company, or of the deployment default (null). */
export function recentChanges(db: Db, companyId: number | null, limit = 50) {
  return db
    .select({
      id: featureFlagChanges.id,
      flag: featureFlagChanges.flag,
      companyId: featureFlagChanges.companyId,
      oldEnabled: featureFlagChanges.oldEnabled,
      newEnabled: featureFlagChanges.newEnabled,
      changedByUserId: featureFlagChanges.changedByUserId,
      firstName: users.firstName,
      lastName: users.lastName,
      changedAt: featureFlagChanges.changedAt,
    })
    .from(featureFlagChanges)
    .leftJoin(users, eq(users.id, featureFlagChanges.changedByUserId))
    .where(
      companyId === null
        ? isNull(featureFlagChanges.companyId)
        : eq(featureFlagChanges.companyId, companyId),
    )
    .orderBy(desc(featureFlagChanges.changedAt), desc(featureFlagChanges.id))
    .limit(limit);
}

export async function writeFlagRow(
  db: Db,
  flag: string,
  companyId: number | null,
  enabled: boolean,
) {
  await db
    .insert(featureFlags)
    .values({ flag, companyId, enabled })
    .onConflictDoUpdate({ target: [featureFlags.flag, featureFlags.companyId], set: { enabled } });
}
