import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AppConfig } from '../config';
import { unauthorized } from '../errors';
import { publicJwks, type SigningKeys } from './keys';
import { ExpiringLru } from './lru';

export interface VerifiedIdentity {
  /** The issuer's subject: matched against users.external_id. */
  subject: string;
  email: string | null;
  claims: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedIdentity>;

type KeySet = ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet>;

/** Verified tokens kept (LRU): a browser reuses one token for every call until it renews it. */
export const VERIFIED_TOKEN_CACHE_SIZE = 5000;
/** However long a token lives, its verification is redone at least this often. */
export const VERIFIED_TOKEN_MAX_AGE_MS = 5 * 60_000;

/**
 * Verifies bearer JWTs of the configured issuer. The embedded issuer's keys are checked in-process;
 * an external issuer's keys come from the jwks_uri of its discovery document (cached by jose).
 * A verified token is remembered, keyed by the token string itself, until its `exp` (and at most
 * VERIFIED_TOKEN_MAX_AGE_MS): a cache hit is only ever the identical string that already passed
 * the signature, issuer and audience checks, and it is never returned once expired — then the
 * token goes through jose again and is refused as expired. Tokens without `exp` are not cached.
 */
export function createTokenVerifier(config: AppConfig, keys: SigningKeys | null): TokenVerifier {
  const { issuer, audience, emailClaim } = config.oidc;
  let keySet: Promise<KeySet> | null = null;
  const getKeySet = () => {
    keySet ??= (async (): Promise<KeySet> => {
      if (config.oidc.embedded && keys) return createLocalJWKSet(publicJwks(keys));
      const res = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error(`OIDC discovery failed: ${res.status}`);
      const { jwks_uri } = (await res.json()) as { jwks_uri: string };
      return createRemoteJWKSet(new URL(jwks_uri));
    })().catch((err: unknown) => {
      keySet = null;
      throw err;
    });
    return keySet;
  };

  const verified = new ExpiringLru<string, VerifiedIdentity>(VERIFIED_TOKEN_CACHE_SIZE);

  return async (token) => {
    const now = Date.now();
    const cached = verified.get(token, now);
    if (cached) return cached;
    const jwks = await getKeySet();
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer, audience });
      if (!payload.sub) throw unauthorized('The access token has no subject', 'invalid_token');
      const email = payload[emailClaim];
      const identity: VerifiedIdentity = {
        subject: payload.sub,
        email: typeof email === 'string' ? email : null,
        claims: payload,
      };
      if (typeof payload.exp === 'number')
        verified.set(
          token,
          identity,
          Math.min(payload.exp * 1000, now + VERIFIED_TOKEN_MAX_AGE_MS),
        );
      return identity;
    } catch (err) {
      if (err instanceof errors.JWTExpired)
        throw unauthorized('The access token has expired', 'token_expired');
      if (err instanceof errors.JOSEError)
        throw unauthorized('The access token is not valid', 'invalid_token');
      throw err;
    }
  };
}
