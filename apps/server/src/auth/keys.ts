import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** Keys of the embedded issuer: token signing keys (private JWKs) and cookie-signing secrets. */
export interface SigningKeys {
  privateJwks: { keys: JWK[] };
  cookieKeys: string[];
}

export async function generateSigningKeys(): Promise<SigningKeys> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = crypto.randomUUID();
  jwk.alg = 'RS256';
  jwk.use = 'sig';
  return {
    privateJwks: { keys: [jwk] },
    cookieKeys: [crypto.randomBytes(32).toString('base64url')],
  };
}

/**
 * The embedded issuer's keys, generated on first start and kept under the data directory
 * (mode 0600) so sessions and tokens survive restarts. Nothing secret is ever committed.
 */
export async function loadOrCreateSigningKeys(dataDir: string): Promise<SigningKeys> {
  const file = path.join(dataDir, 'oidc', 'keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as SigningKeys;
  const keys = await generateSigningKeys();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The public half of the signing keys, for verifying tokens in-process. */
export function publicJwks(keys: SigningKeys): { keys: JWK[] } {
  return {
    keys: keys.privateJwks.keys.map(({ kty, n, e, kid, alg, use, crv, x, y }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}
