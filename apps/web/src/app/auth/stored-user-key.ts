/**
 * Where oidc-client-ts keeps the signed-in user in sessionStorage (its WebStorageStateStore's
 * `oidc.` prefix): `oidc.user:<authority>:<client id>`. Read before the library loads by the auth
 * client, the shell prefetch and the build's warm-start script (build/warm-start.ts).
 */
export const STORED_USER_KEY_PREFIX = 'oidc.user:';

export const storedUserKey = (authority: string, clientId: string) =>
  `${STORED_USER_KEY_PREFIX}${authority}:${clientId}`;
