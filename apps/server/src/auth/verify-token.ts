import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AppConfig } from '../config';
import { unauthorized } from '../errors';
import { publicJwks, type SigningKeys } from './keys';

export interface VerifiedIdentity {
  /** The issuer's subject: matched against users.external_id. */
  subject: string;
  email: string | null;
  claims: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedIdentity>;

type KeySet = ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet>;

/**
 * Verifies bearer JWTs of the configured issuer. The embedded issuer's keys are checked in-process;
 * an external issuer's keys come from the jwks_uri of its discovery document (cached by jose).
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

  return async (token) => {
    const jwks = await getKeySet();
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer, audience });
      if (!payload.sub) throw unauthorized('The access token has no subject', 'invalid_token');
      const email = payload[emailClaim];
      return {
        subject: payload.sub,
        email: typeof email === 'string' ? email : null,
        claims: payload,
      };
    } catch (err) {
      if (err instanceof errors.JWTExpired)
        throw unauthorized('The access token has expired', 'token_expired');
      if (err instanceof errors.JOSEError)
        throw unauthorized('The access token is not valid', 'invalid_token');
      throw err;
    }
  };
}
