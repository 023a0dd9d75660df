import crypto from 'node:crypto';
import { API_KEY_PREFIX } from '@flowline/shared';

/**
 * API-key authentication beside token verification (issue 28 item 9): `auth/` reaches the stored
 * keys only through this interface, implemented by modules/api-keys/store.ts and handed to the
 * request-context plugin by app.ts, so `auth/` imports no domain module's service.
 */
export interface ApiKeyStore<User> {
  /** The active (not revoked) key with this SHA-256 hash and its user; not tenant-scoped. */
  findActiveByHash(
    keyHash: string,
  ): Promise<{ keyId: number; companyId: number; user: User } | null>;
  /** Notes the key's use (at most once a minute). */
  touchLastUsed(keyId: number): Promise<void>;
  /** One more failed attempt on every key with this public prefix; how many keys it matched. */
  countFailure(keyPrefix: string): Promise<number>;
}

export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** The user and company behind a key; null for an unknown or revoked key. */
export async function authenticateApiKey<User>(store: ApiKeyStore<User>, key: string) {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const found = await store.findActiveByHash(hashApiKey(key));
  if (!found) return null;
  await store.touchLastUsed(found.keyId);
  return { user: found.user, companyId: found.companyId };
}

/**
 * A wrong key: counted on the keys whose public prefix it starts with (a guess at a known key),
 * so Administrators see it. Returns the prefix when one matched, for the log.
 */
export async function recordFailedApiKey<User>(
  store: ApiKeyStore<User>,
  key: string,
): Promise<string | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length < 12 || key.length > 200) return null;
  const prefix = key.slice(0, 12);
  return (await store.countFailure(prefix)) ? prefix : null;
}
