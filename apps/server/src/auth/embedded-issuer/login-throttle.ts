import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityAccounts, loginThrottles } from '../../db/schema/index';
import type { Mailer } from '../../platform/mail/mailer';

/** Consecutive failures after which an account is locked, first for a minute, doubling. */
export const ACCOUNT_LOCK_AFTER_FAILURES = 10;
export const ACCOUNT_LOCK_MAX_SECONDS = 15 * 60;

export interface ThrottleVerdict {
  /** Seconds until another attempt is allowed; 0 = go ahead. */
  retryAfterSeconds: number;
}

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

/** Seconds an account stays locked after `failures` consecutive failures (≥ the threshold). */
export function lockSeconds(failures: number): number {
  const doublings = Math.max(0, failures - ACCOUNT_LOCK_AFTER_FAILURES);
  return Math.min(ACCOUNT_LOCK_MAX_SECONDS, 60 * 2 ** Math.min(doublings, 20));
}

/**
 * Sign-in throttling in PostgreSQL, so every instance on the database shares the counters:
 * per client address (attempts per minute) and per account (consecutive failures → lock).
 */
export function createLoginThrottle(db: Db, mailer: Mailer | null, perIpPerMinute: number) {
  return {
    /** Counts this attempt against the address; refuses when over the per-minute limit. */
    async countAttemptFrom(ip: string): Promise<ThrottleVerdict> {
      const [row] = await db
        .insert(loginThrottles)
        .values({ key: ipKey(ip), count: 1 })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: {
            count: sql`case when ${loginThrottles.windowStartedAt} < now() - interval '1 minute'
              then 1 else ${loginThrottles.count} + 1 end`,
            windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} < now() - interval '1 minute'
              then now() else ${loginThrottles.windowStartedAt} end`,
          },
        })
        .returning({
          count: loginThrottles.count,
          secondsLeft: sql<number>`ceil(extract(epoch from (${loginThrottles.windowStartedAt} + interval '1 minute' - now())))::int`,
        });
      if (!row || row.count <= perIpPerMinute) return { retryAfterSeconds: 0 };
      return { retryAfterSeconds: Math.max(1, row.secondsLeft) };
    },

    /** Whether the account named by the e-mail is locked, and for how long. */
    async accountLock(email: string): Promise<ThrottleVerdict> {
      const [row] = await db
        .select({
          secondsLeft: sql<number>`ceil(extract(epoch from (${loginThrottles.lockedUntil} - now())))::int`,
        })
        .from(loginThrottles)
        .where(eq(loginThrottles.key, accountKey(email)));
      return { retryAfterSeconds: row && row.secondsLeft > 0 ? row.secondsLeft : 0 };
    },

    /** One more consecutive failure; locks from the threshold on and tells the account once. */
    async recordFailure(email: string): Promise<void> {
      const [row] = await db
        .insert(loginThrottles)
        .values({ key: accountKey(email), count: 1 })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: { count: sql`${loginThrottles.count} + 1` },
        })
        .returning({ count: loginThrottles.count });
      const failures = row?.count ?? 0;
      if (failures < ACCOUNT_LOCK_AFTER_FAILURES) return;
      await db
        .update(loginThrottles)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds(failures)})` })
        .where(eq(loginThrottles.key, accountKey(email)));
      if (failures === ACCOUNT_LOCK_AFTER_FAILURES) await notifyAccount(email);
    },

    async recordSuccess(email: string): Promise<void> {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, accountKey(email)));
    },
  };

  async function notifyAccount(email: string) {
    if (!mailer) return;
    const [account] = await db
      .select({ email: identityAccounts.email })
      .from(identityAccounts)
      .where(sql`lower(${identityAccounts.email}) = ${email.trim().toLowerCase()}`);
    if (!account) return;
    await mailer.send({
      to: [account.email],
      subject: 'Sign-in to Flowline paused after failed attempts',
      text: [
        `Someone tried to sign in to Flowline as ${account.email} with a wrong password ${ACCOUNT_LOCK_AFTER_FAILURES} times in a row.`,
        'Sign-in to this account is paused for a while; each further failure lengthens the pause (up to 15 minutes).',
        'If this was you, wait and try again. If it was not, your password held; consider changing it from My profile.',
      ].join('\n\n'),
    });
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
