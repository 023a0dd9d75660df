import { SignJWT, importJWK } from 'jose';
import type { SigningKeys } from '../../apps/server/src/auth/keys';
import type { AppConfig } from '../../apps/server/src/config';

/** An access token of the embedded issuer for the user with this subject (users.external_id). */
export async function signAccessToken(
  keys: SigningKeys,
  config: AppConfig,
  subject: string,
  email: string,
): Promise<string> {
  const jwk = keys.privateJwks.keys[0]!;
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuer(config.oidc.issuer)
    .setAudience(config.oidc.audience)
    .setSubject(subject)
    .setExpirationTime('2h')
    .sign(await importJWK(jwk, 'RS256'));
}
