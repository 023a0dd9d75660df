import type { Db } from '../../db/client';
import { PgAdapter } from './pg-adapter';

/**
 * The account that proved its temporary password, kept server-side under the interaction's uid until the
 * password is replaced. Only the browser holding that interaction's signed cookie reaches it, and the login
 * interaction is not finished (no code is issued) before the record is consumed.
 */
export function pendingPasswordChanges(db: Db) {
  const store = new PgAdapter(db, 'PendingPasswordChange');
  return {
    async save(uid: string, accountId: string, ttlSeconds: number): Promise<void> {
      await store.upsert(uid, { accountId }, Math.max(ttlSeconds, 1));
    },
    async find(uid: string): Promise<string | null> {
      const payload = await store.find(uid);
      return payload?.accountId ?? null;
    },
    async clear(uid: string): Promise<void> {
      await store.destroy(uid);
    },
  };
}

export type PendingPasswordChanges = ReturnType<typeof pendingPasswordChanges>;
