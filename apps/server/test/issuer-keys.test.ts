import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadOrCreateSigningKeys, publicJwks } from '../src/auth/keys';
import { loadConfig } from '../src/config';
import { loadIssuerKeys } from '../src/startup';
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

it('stops a second instance without the first one’s keys with what to set (issue 28 item 5)', async () => {
  const dirs = [1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-instance-')));
  const config = (dataDir: string) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: 'postgres://unused' });
  const own = await createTestDatabase();
  try {
    // The first instance generates its key into its DATA_DIR and seals the issuer keys with it.
    expect(await loadIssuerKeys(config(dirs[0]!), own)).toBeTruthy();
    // The second has its own DATA_DIR: it generates another key, which cannot open them.
    await expect(loadIssuerKeys(config(dirs[1]!), own)).rejects.toThrow(
      /first instance's DATA_ENCRYPTION_KEYS.*SIGNING_P12_PATH.*shared file store/s,
    );
    // Given the first one's key, it starts with the same issuer keys.
    const first = fs.readFileSync(path.join(dirs[0]!, 'keys', 'data-encryption.keys'), 'utf8');
    const shared = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dirs[1]!,
      DATA_ENCRYPTION_KEYS: first.trim(),
    });
    expect(await loadIssuerKeys(shared, own)).toEqual(await loadIssuerKeys(config(dirs[0]!), own));
  } finally {
    await own.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
});
