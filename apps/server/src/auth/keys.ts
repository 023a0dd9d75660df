import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { issuerKeys } from '../db/schema/index';
import { isEnvelope, secretAad, type KeyRing } from '../platform/crypto/envelope';

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

const KEYS_ROW = 'embedded-issuer';

/** Where the sealed keys live (the envelope's AAD, docs/secrets-at-rest.md). */
export const ISSUER_KEYS_AAD = (rowId: string) => secretAad('issuer_keys', 'keys', rowId);

/**
 * The embedded issuer's keys, generated on first start and kept in the database, so sessions and
 * tokens survive restarts and every instance signs and verifies with the same keys. The first
 * instance to insert wins; the others read its keys. Nothing secret is ever committed. The row
 * holds them encrypted (envelope under the deployment's key ring); a row from before that is
 * encrypted in place on first read.
 */
export async function loadOrCreateSigningKeys(db: Db, ring: KeyRing): Promise<SigningKeys> {
  const read = async () =>
    (await db.select().from(issuerKeys).where(eq(issuerKeys.id, KEYS_ROW)))[0];
  // A restart reads the stored keys: generating an RSA key costs up to a second of the start.
  let row = await read();
  if (!row) {
    const fresh = await generateSigningKeys();
    await db
      .insert(issuerKeys)
      .values({
        id: KEYS_ROW,
        keys: ring.encrypt(JSON.stringify(fresh), ISSUER_KEYS_AAD(KEYS_ROW)),
      })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('issuer keys could not be stored');
  if (!isEnvelope(row.keys)) {
    const sealed = ring.encrypt(row.keys, ISSUER_KEYS_AAD(KEYS_ROW));
    // Only if still plain: a racing instance's sealing wins and both read the same keys.
    await db
      .update(issuerKeys)
      .set({ keys: sealed })
      .where(and(eq(issuerKeys.id, KEYS_ROW), eq(issuerKeys.keys, row.keys)));
    return JSON.parse(row.keys) as SigningKeys;
  }
  return JSON.parse(ring.decrypt(row.keys, ISSUER_KEYS_AAD(KEYS_ROW))) as SigningKeys;
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
