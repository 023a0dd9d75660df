import type { ApiKeyStore } from '../../auth/api-key-auth';
import type { Db } from '../../db/client';
import type { UserRow } from '../users/repository';
import * as repo from './repository';

/** The stored keys as `auth/` sees them (auth/api-key-auth.ts); wired by app.ts. */
export function createApiKeyStore(db: Db): ApiKeyStore<UserRow> {
  return {
    async findActiveByHash(keyHash) {
      const found = await repo.unsafeFindActiveKeyByHash(db, keyHash);
      return found
        ? { keyId: found.key.id, companyId: found.key.companyId, user: found.user }
        : null;
    },
    touchLastUsed: (keyId) => repo.touchLastUsed(db, keyId),
    countFailure: (keyPrefix) => repo.countFailure(db, keyPrefix),
  };
}
