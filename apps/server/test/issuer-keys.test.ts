import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadOrCreateSigningKeys, publicJwks } from '../src/auth/keys';
import type { Database } from '../src/db/client';
import { generateMasterKeyEntry, KeyRing, parseKeyList } from '../src/platform/crypto/envelope';
import { createTestDatabase } from './helpers/database';

let database: Database;
const ring = new KeyRing(parseKeyList(generateMasterKeyEntry('k1')));
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('generates the issuer keys once and gives every instance the same ones', async () => {
  const [first, second] = await Promise.all([
    loadOrCreateSigningKeys(database.db, ring),
    loadOrCreateSigningKeys(database.db, ring),
  ]);
  const third = await loadOrCreateSigningKeys(database.db, ring);
  expect(second).toEqual(first);
  expect(third).toEqual(first);
  const [jwk] = publicJwks(first).keys;
  expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  expect(jwk).not.toHaveProperty('d');
});
