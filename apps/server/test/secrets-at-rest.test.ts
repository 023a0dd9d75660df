import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Ach, AchPage } from '@flowline/shared';
import { loadOrCreateSigningKeys } from '../src/auth/keys';
import { loadConfig } from '../src/config';
import { configurationWarnings } from '../src/startup';
import { achs, issuerKeys } from '../src/db/schema/index';
import {
  encryptLegacyAchNumbers,
  encryptLegacyIssuerKeys,
  rotateDatabaseSecrets,
} from '../src/maintenance/secrets-at-rest';
import {
  EMBEDDED_PASSPHRASE_FILE,
  loadSigningCertificate,
  rewrapEmbeddedPassphrase,
} from '../src/modules/signing/signing-certificate';
import { KeyRing, parseKeyList, secretAad, SecretKeyError } from '../src/platform/crypto/envelope';
import { EMBEDDED_KEY_FILE, keyRingFor } from '../src/platform/crypto/key-ring';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildAchWorld, type OrgUnitRow, type PartyRow } from './helpers/ach-factories';
import type { CompanyRow, UserRow } from './helpers/factories';

const key = () => crypto.randomBytes(32).toString('base64');
const K1 = `k1:${key()}`;
const K2 = `k2:${key()}`;
const K3 = `k3:${key()}`;
const ring = (text: string) => new KeyRing(parseKeyList(text));

const ROUTING = '021000021';
const ACCOUNT = '000123456789';
const GENERIC_500 = {
  error: { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' },
};

let t: TestApp;
let acme: CompanyRow;
let admin: UserRow;
let west: OrgUnitRow;
let westParty: PartyRow;
let dir: string;

const startupWarnings = (env: Record<string, string>) =>
  configurationWarnings(loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', ...env }));
const asAdmin = (app: TestApp = t) => app.as(admin, acme.id);
const body = (overrides: Record<string, unknown> = {}) => ({
  bankName: 'First Bank of Midland',
  country: 'US',
  routingNumber: ROUTING,
  accountNumber: ACCOUNT,
  accountTypeId: 1,
  orgUnitIds: [west.id],
  partyIds: [westParty.id],
  ...overrides,
});

async function createAch(overrides: Record<string, unknown> = {}): Promise<Ach> {
  const res = await asAdmin()({ method: 'POST', url: '/api/ach', payload: body(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Ach>();
}

/** Every ACH row as the database holds it, one JSON text per row (what a dump would show). */
async function rawAchRows(app: TestApp = t): Promise<string[]> {
  const result: unknown = await app.db.execute(
    sql`select row_to_json(a)::text as "row" from achs a`,
  );
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return (rows as { row: string }[]).map((r) => r.row);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-secrets-'));
  t = await buildTestApp({ DATA_ENCRYPTION_KEYS: K1, DATA_DIR: dir });
  ({ acme, admin, west, westParty } = await buildAchWorld(t.db));
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the envelope', () => {
  it('opens only for the place it was sealed for, and fails clearly otherwise', () => {
    const keys = ring(`${K2},${K1}`);
    const aad = secretAad('achs', 'account_number', 7);
    const envelope = keys.encrypt(ACCOUNT, aad);
    expect(envelope).toMatch(/^fl1:k2:[\w-]+:[\w-]+$/);
    expect(envelope).not.toContain(ACCOUNT);
    // A fresh data key per value: the same number never gives the same text.
    expect(keys.encrypt(ACCOUNT, aad)).not.toBe(envelope);
    expect(keys.decrypt(envelope, aad)).toBe(ACCOUNT);
    expect(() => keys.decrypt(envelope, secretAad('achs', 'account_number', 8))).toThrow(
      /does not open for flowline:achs.account_number:8/,
    );
    const parts = envelope.split(':');
    // One character changed (never to itself: 'A' over an 'A' would leave the text as it was).
    const flipped = parts[3]!.startsWith('A') ? 'B' : 'A';
    const tampered = [...parts.slice(0, 3), `${flipped}${parts[3]!.slice(1)}`].join(':');
    expect(() => keys.decrypt(tampered, aad)).toThrow(SecretKeyError);
    expect(() => ring(K3).decrypt(envelope, aad)).toThrow(
      /key "k2", which is not in the key ring \(k3\)/,
    );
    // Same id, other key material: the wrapped data key does not open.
    expect(() => ring(`k2:${key()}`).decrypt(envelope, aad)).toThrow(/wrong key material/);
    expect(() => keys.decrypt('not-an-envelope', aad)).toThrow(/not a readable envelope/);
  });

  it('refuses a malformed DATA_ENCRYPTION_KEYS without printing the key material', () => {
    const short = crypto.randomBytes(16).toString('base64');
    expect(() => loadConfig({ DATA_ENCRYPTION_KEYS: `k1:${short}` })).toThrow(
      /must be 32 bytes[\s\S]*DATA_ENCRYPTION_KEYS/,
    );
    try {
      loadConfig({ DATA_ENCRYPTION_KEYS: `k1:${short}` });
    } catch (error) {
      expect(String(error)).not.toContain(short);
    }
    expect(() => loadConfig({ DATA_ENCRYPTION_KEYS: `${K1},${K1}` })).toThrow(/repeated/);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEYS: 'no key here' })).toThrow(/id:base64key/);
  });

  it('without DATA_ENCRYPTION_KEYS generates one key into DATA_DIR/keys (0600) and reuses it', () => {
    const dataDir = path.join(dir, 'embedded-keys');
    const first = keyRingFor({ dataDir, dataEncryptionKeys: null });
    const file = path.join(dataDir, 'keys', EMBEDDED_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Another process (no cache) reads the same key.
    const again = keyRingFor({ dataDir: `${dataDir}/../embedded-keys`, dataEncryptionKeys: null });
    const aad = secretAad('t', 'c', 1);
    expect(again.decrypt(first.encrypt('x', aad), aad)).toBe('x');
    expect(startupWarnings({ DATABASE_URL: 'postgres://db/x' })).toContainEqual(
      expect.stringContaining('DATA_ENCRYPTION_KEYS is not'),
    );
    expect(
      startupWarnings({ DATABASE_URL: 'postgres://db/x', DATA_ENCRYPTION_KEYS: K1 }),
    ).not.toContainEqual(expect.stringContaining('DATA_ENCRYPTION_KEYS'));
  });
});

describe('ACH numbers at rest', () => {
  it('stores no plaintext number; lists mask both; only the form read has them in full', async () => {
    const ach = await createAch();
    expect(ach).toMatchObject({ routingNumber: ROUTING, accountNumber: ACCOUNT });
    const raw = (await rawAchRows()).join('\n');
    expect(raw).not.toContain(ROUTING);
    expect(raw).not.toContain(ACCOUNT);
    expect(raw).not.toContain('123456789');
    const [row] = await t.db.select().from(achs).where(eq(achs.id, ach.id));
    expect(row).toMatchObject({
      legacyRoutingNumber: null,
      legacyAccountNumber: null,
      routingLast4: '0021',
      accountLast4: '6789',
    });
    expect(row?.accountNumberEncrypted).toMatch(/^fl1:k1:/);

    const list = await asAdmin()({ method: 'GET', url: '/api/ach' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(ROUTING);
    expect(list.body).not.toContain(ACCOUNT);
    expect(list.json<AchPage>().items.find((a) => a.id === ach.id)).toMatchObject({
      routingNumber: '••••0021',
      accountNumberMasked: '••••6789',
    });
    // Searching and sorting work on what the list shows (the last four digits).
    const found = await asAdmin()({
      method: 'GET',
      url: '/api/ach?query=0021&orderBy=routingNumber',
    });
    expect(found.json<AchPage>().items.map((a) => a.id)).toContain(ach.id);

    const form = await asAdmin()({ method: 'GET', url: `/api/ach/${ach.id}` });
    expect(form.json()).toMatchObject({ routingNumber: ROUTING, accountNumber: ACCOUNT });
  });

  it('an envelope copied to another row does not open there (AAD binds it to its row)', async () => {
    const a = await createAch({ accountNumber: '11112222' });
    const b = await createAch({ accountNumber: '33334444' });
    const [source] = await t.db.select().from(achs).where(eq(achs.id, a.id));
    await t.db
      .update(achs)
      .set({ accountNumberEncrypted: source!.accountNumberEncrypted, accountLast4: '2222' })
      .where(eq(achs.id, b.id));
    const res = await asAdmin()({ method: 'GET', url: `/api/ach/${b.id}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC_500);
    expect(res.body).not.toContain('11112222');
    // The masked list never decrypts, so it keeps working.
    expect((await asAdmin()({ method: 'GET', url: '/api/ach' })).statusCode).toBe(200);
    await t.db.delete(achs).where(eq(achs.id, b.id));
  });

  it('encrypts rows stored in plain text before 0032 once, at start', async () => {
    const [legacy] = await t.db
      .insert(achs)
      .values({
        companyId: acme.id,
        bankName: 'Legacy Bank',
        country: 'US',
        legacyRoutingNumber: '011000015',
        legacyAccountNumber: '987654321',
        accountTypeId: 2,
      })
      .returning();
    expect((await rawAchRows()).join('\n')).toContain('987654321');
    expect(await encryptLegacyAchNumbers(t.db, ring(K1))).toBe(1);
    expect(await encryptLegacyAchNumbers(t.db, ring(K1))).toBe(0);
    const raw = (await rawAchRows()).join('\n');
    expect(raw).not.toContain('987654321');
    expect(raw).not.toContain('011000015');
    const form = await asAdmin()({ method: 'GET', url: `/api/ach/${legacy!.id}` });
    expect(form.json()).toMatchObject({
      routingNumber: '011000015',
      accountNumber: '987654321',
      accountNumberMasked: '••••4321',
    });
  });
});

describe('rotation', () => {
  it('re-wraps every data key under the new key; the old key can then leave the ring', async () => {
    const created = [await createAch(), await createAch(), await createAch()];
    const before = await t.db.select().from(achs);
    // Batches of one: the rotation goes on from where each batch stopped.
    const report = await rotateDatabaseSecrets(t.db, ring(`${K2},${K1}`), { batchSize: 1 });
    expect(report.achs).toBe(before.length);
    const after = await t.db.select().from(achs);
    for (const row of after) {
      expect(row.accountNumberEncrypted).toMatch(/^fl1:k2:/);
      expect(row.routingNumberEncrypted).toMatch(/^fl1:k2:/);
      const old = before.find((b) => b.id === row.id)!;
      // Only the wrapped data key changed; the sealed value is the same bytes.
      expect(row.accountNumberEncrypted!.split(':')[3]).toBe(
        old.accountNumberEncrypted!.split(':')[3],
      );
    }
    // Run again (e.g. after an interruption): nothing left to do.
    expect((await rotateDatabaseSecrets(t.db, ring(`${K2},${K1}`))).achs).toBe(0);

    const k2Only = await buildTestApp({ DATA_ENCRYPTION_KEYS: K2, DATA_DIR: dir }, t);
    try {
      for (const ach of created) {
        const res = await asAdmin(k2Only)({ method: 'GET', url: `/api/ach/${ach.id}` });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ routingNumber: ROUTING, accountNumber: ACCOUNT });
      }
    } finally {
      await k2Only.close();
    }

    // A ring without the key the data is under: a clear error in the log, a generic 500 outside.
    const wrong = await buildTestApp({ DATA_ENCRYPTION_KEYS: K3, DATA_DIR: dir }, t);
    try {
      const res = await asAdmin(wrong)({ method: 'GET', url: `/api/ach/${created[0]!.id}` });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(GENERIC_500);
      expect(res.body).not.toMatch(/k2|k3|key ring/);
      const list = await asAdmin(wrong)({ method: 'GET', url: '/api/ach' });
      expect(list.statusCode).toBe(200);
    } finally {
      await wrong.close();
    }
    const [row] = await t.db.select().from(achs).where(eq(achs.id, created[0]!.id));
    expect(() =>
      ring(K3).decrypt(row!.accountNumberEncrypted!, secretAad('achs', 'account_number', row!.id)),
    ).toThrow(/"k2", which is not in the key ring \(k3\)/);
  });
});

describe("the issuer's keys and the signing certificate's passphrase", () => {
  it('keeps the issuer keys sealed, seals a plain row from before, and rotates them', async () => {
    const db = t.db;
    await db.delete(issuerKeys);
    const keys = await loadOrCreateSigningKeys(db, ring(K1));
    const [stored] = await db.select().from(issuerKeys);
    expect(stored?.keys).toMatch(/^fl1:k1:/);
    expect(stored?.keys).not.toContain(keys.privateJwks.keys[0]!.d!);
    expect(await loadOrCreateSigningKeys(db, ring(K1))).toEqual(keys);

    // A row an older version stored as plain JSON: sealed on first read (or by the start-up step).
    await db
      .update(issuerKeys)
      .set({ keys: JSON.stringify(keys) })
      .where(eq(issuerKeys.id, stored!.id));
    expect(await loadOrCreateSigningKeys(db, ring(K1))).toEqual(keys);
    expect((await db.select().from(issuerKeys))[0]?.keys).toMatch(/^fl1:k1:/);
    expect(await encryptLegacyIssuerKeys(db, ring(K1))).toBe(0);

    expect((await rotateDatabaseSecrets(db, ring(`${K2},${K1}`))).issuerKeys).toBe(1);
    expect(await loadOrCreateSigningKeys(db, ring(K2))).toEqual(keys);
    await expect(loadOrCreateSigningKeys(db, ring(K3))).rejects.toThrow(SecretKeyError);
  });

  it('keeps the embedded P12 passphrase sealed, seals a plain one from before, and rotates it', async () => {
    const dataDir = path.join(dir, 'signing-data');
    const config = (keys: string) => ({
      dataDir,
      signing: { p12Path: null, p12Passphrase: null },
      dataEncryptionKeys: keys,
    });
    // Each load through another path to the folder: as a new process would (no in-memory cache).
    const viaLink = (name: string) => {
      const link = path.join(dir, name);
      fs.symlinkSync(dataDir, link);
      return link;
    };
    const first = await loadSigningCertificate(config(K1));
    const signingDir = path.join(dataDir, 'signing');
    const sealedFile = path.join(signingDir, EMBEDDED_PASSPHRASE_FILE);
    const sealed = fs.readFileSync(sealedFile, 'utf8');
    expect(sealed).toMatch(/^fl1:k1:/);
    expect(sealed).not.toContain(first.passphrase);
    expect(fs.statSync(sealedFile).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(signingDir, 'signing-certificate.passphrase'))).toBe(false);

    // An older version's plain passphrase file: sealed and removed on the next load.
    fs.rmSync(sealedFile);
    fs.writeFileSync(path.join(signingDir, 'signing-certificate.passphrase'), first.passphrase);
    const reread = await loadSigningCertificate({ ...config(K1), dataDir: viaLink('link1') });
    expect(reread.fingerprint).toBe(first.fingerprint);
    expect(fs.existsSync(path.join(signingDir, 'signing-certificate.passphrase'))).toBe(false);
    expect(fs.readFileSync(sealedFile, 'utf8')).toMatch(/^fl1:k1:/);

    expect(await rewrapEmbeddedPassphrase(dataDir, ring(`${K2},${K1}`))).toBe(true);
    expect(await rewrapEmbeddedPassphrase(dataDir, ring(`${K2},${K1}`))).toBe(false);
    const rotated = await loadSigningCertificate({ ...config(K2), dataDir: viaLink('link2') });
    expect(rotated.fingerprint).toBe(first.fingerprint);
  });
});
