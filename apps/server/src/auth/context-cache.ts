import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { ActiveMembership } from '../modules/companies/membership-repository';
import { findUserContextBySubject, type UserRow } from '../modules/users/repository';
import { ExpiringLru } from './lru';

/** The database channel the auth-context triggers (migration 0024) announce on. */
export const AUTH_CONTEXT_CHANNEL = 'flowline_auth';
/** How long a (subject, company) context is reused when nothing announces a change. */
export const AUTH_CONTEXT_TTL_MS = 5_000;
export const AUTH_CONTEXT_CACHE_SIZE = 5_000;
/** The longest a write waits for its own announcements to come back (see `settle`). */
const SETTLE_TIMEOUT_MS = 2_000;

export interface UserContext {
  user: UserRow;
  /** The active membership of the named company; null when none was named or there is none. */
  membership: ActiveMembership | null;
}

export interface AuthContextCache {
  /** The user with this subject and their membership of the company, from cache or one query. */
  load(subject: string, companyId: number | undefined): Promise<UserContext | null>;
  /**
   * Resolves once every change committed before the call has been applied to this instance's
   * cache: a write request awaits it before answering, so its caller's next request — to this
   * instance — sees the change. A no-op while nothing is cached.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

interface Change {
  userId?: number;
  companyId?: number;
}

/**
 * A few seconds' cache of the request path's user + membership + roles, keyed by subject and
 * company, dropped at once when the database announces a change of a membership, its roles, the
 * user, the company's activity or an API key (LISTEN on AUTH_CONTEXT_CHANNEL: every instance
 * hears every writer). Until LISTEN is established nothing is cached; a load that raced with a
 * change is not stored. Refusals (unknown user, no membership) are never cached.
 */
export function createAuthContextCache(database: Database): AuthContextCache {
  const { db } = database;
  const entries = new ExpiringLru<string, UserContext>(AUTH_CONTEXT_CACHE_SIZE);
  /** Bumped by every change: a load that started before one must not store its result. */
  let generation = 0;
  let listening = false;
  const instance = crypto.randomBytes(6).toString('hex');
  let nextMarker = 0;
  const waiting = new Map<string, () => void>();

  const apply = (payload: string) => {
    if (payload.startsWith('settle:')) {
      waiting.get(payload.slice('settle:'.length))?.();
      return;
    }
    generation++;
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      entries.clear();
      return;
    }
    const { userId, companyId } = change;
    if (userId !== undefined) entries.deleteWhere((e) => e.user.id === userId);
    else if (companyId !== undefined)
      entries.deleteWhere((e) => e.membership?.companyId === companyId);
    else entries.clear();
  };

  const stopListening = database
    .listen(AUTH_CONTEXT_CHANNEL, apply)
    .then((stop) => {
      listening = true;
      return stop;
    })
    .catch(() => null); // no LISTEN, no cache: every request queries

  return {
    async load(subject, companyId) {
      const key = `${companyId ?? ''}:${subject}`;
      if (listening) {
        const hit = entries.get(key);
        if (hit) return hit;
      }
      const startedAt = generation;
      const { user, membership } = await findUserContextBySubject(db, subject, companyId);
      if (!user) return null;
      const context: UserContext = { user, membership };
      if (listening && startedAt === generation && (companyId === undefined || membership))
        entries.set(key, context, Date.now() + AUTH_CONTEXT_TTL_MS);
      return context;
    },

    async settle() {
      if (!listening || entries.size === 0) return;
      // Announcements of committed transactions arrive in commit order: once our own marker
      // comes back through LISTEN, every earlier change has been applied.
      const marker = `${instance}:${++nextMarker}`;
      const arrived = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
        waiting.set(marker, () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      try {
        await db.execute(sql`select pg_notify(${AUTH_CONTEXT_CHANNEL}, ${`settle:${marker}`})`);
        if (!(await arrived)) entries.clear();
      } catch {
        entries.clear();
      } finally {
        waiting.delete(marker);
      }
    },

    async close() {
      listening = false;
      entries.clear();
      const stop = await stopListening;
      await stop?.();
    },
  };
}
