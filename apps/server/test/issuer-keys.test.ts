import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadOrCreateSigningKeys, publicJwks } from '../src/auth/keys';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './helpers/database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('generates the issuer keys once and gives every instance the same ones', async () => {
  const [first, second] = await Promise.all([
    loadOrCreateSigningKeys(database.db),
    loadOrCreateSigningKeys(database.db),
  ]);
  const third = await loadOrCreateSigningKeys(database.db);
  expect(second).toEqual(first);
  expect(third).toEqual(first);
  const [jwk] = publicJwks(first).keys;
  expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  expect(jwk).not.toHaveProperty('d');
});
