import { TOKEN_RENEWAL_BEFORE_EXPIRY_S } from '@flowline/shared';

/**
 * Where oidc-client-ts keeps the signed-in user in sessionStorage (its WebStorageStateStore's
 * `oidc.` prefix): `oidc.user:<authority>:<client id>`. Read before the library loads by the auth
 * client, the shell prefetch and the build's warm-start script (build/warm-start.ts).
 */
export const STORED_USER_KEY_PREFIX = 'oidc.user:';

export const storedUserKey = (authority: string, clientId: string) =>
  `${STORED_USER_KEY_PREFIX}${authority}:${clientId}`;

/**
 * A stored token with this much life left starts the page without oidc-client-ts (the auth
 * client), and lets the warm-start script send the session's call with it (build/warm-start.ts).
 */
export const FAST_START_MIN_LIFE_S = TOKEN_RENEWAL_BEFORE_EXPIRY_S + 60;
