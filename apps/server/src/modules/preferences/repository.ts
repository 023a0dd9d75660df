import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences, users } from '../../db/schema/index';

/** Preferences belong to the person, not to a company: every query takes the user id. */
export async function findPreferences(db: Db, userId: number): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: userPreferences.key, value: userPreferences.value })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function upsertPreferences(db: Db, userId: number, values: Record<string, string>) {
  const rows = Object.entries(values).map(([key, value]) => ({ userId, key, value }));
  if (rows.length === 0) return;
  await db
    .insert(userPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [userPreferences.userId, userPreferences.key],
      set: { value: sql`excluded.value` },
    });
}

export async function updateOwnProfile(
  db: Db,
  userId: number,
  values: { firstName: string; lastName: string; title: string | null },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
