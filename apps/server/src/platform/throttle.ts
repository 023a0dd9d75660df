import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottles } from '../db/schema/index';

/**
 * Fixed one-minute windows counted in PostgreSQL (the `login_throttles` table the sign-in limits
 * use), so every instance on the database shares them. Keys are namespaced by what they count
 * (`chat-user:12`, `apikey-ip:203.0.113.9`, …). docs/security.md, 'Rate limits'.
 */

export interface WindowCount {
  /** Events in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (≥ 1). */
  secondsLeft: number;
}

const WINDOW = sql`interval '1 minute'`;

/** Counts `by` more events under `key`; a window older than a minute starts again. */
export async function countInWindow(db: Db, key: string, by = 1): Promise<WindowCount> {
  const t = loginThrottles;
  const [row] = await db
    .insert(t)
    .values({ key, count: by })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.windowStartedAt} < now() - ${WINDOW} then ${by} else ${t.count} + ${by} end`,
        windowStartedAt: sql`case when ${t.windowStartedAt} < now() - ${WINDOW} then now() else ${t.windowStartedAt} end`,
      },
    })
    .returning({
      count: t.count,
      secondsLeft: sql<number>`ceil(extract(epoch from (${t.windowStartedAt} + ${WINDOW} - now())))::int`,
    });
  return { count: row?.count ?? 1, secondsLeft: Math.max(1, row?.secondsLeft ?? 60) };
}

/** The current window's count under `key` without counting (0 when none or expired). */
export async function peekWindow(db: Db, key: string): Promise<WindowCount> {
  const t = loginThrottles;
  const [row] = await db
    .select({
      count: t.count,
      secondsLeft: sql<number>`ceil(extract(epoch from (${t.windowStartedAt} + ${WINDOW} - now())))::int`,
    })
    .from(t)
    .where(eq(t.key, key));
  if (!row || row.secondsLeft <= 0) return { count: 0, secondsLeft: 60 };
  return { count: row.count, secondsLeft: Math.max(1, row.secondsLeft) };
}
