// Issue 17 item 5: a populated instance is backed up and restored into an empty one — the
// embedded database and, with TEST_DATABASE_URL, the PostgreSQL server — and every table, document
// row, stored file and history chain of the copy equals the original's. A changed archive and a
// target that holds data are refused before anything is written.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import sharp from 'sharp';
import { extract, Header } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DocumentTypeId, type EvidenceVerification } from '@flowline/shared';
import { generateSigningKeys } from '../src/auth/keys';
import { loadConfig, type AppConfig } from '../src/config';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client';
import { lockFileOf } from '../src/db/pglite-lock';
import { seedDemoData } from '../src/demo/demo';
import {
  BackupError,
  openPglite,
  pgliteQuery,
  withServer,
  type Query,
} from '../src/maintenance/backup/archive';
import { createBackup } from '../src/maintenance/backup/backup';
import { restoreBackup } from '../src/maintenance/backup/restore';
import { verifyEvidenceChain } from '../src/modules/signing/evidence-chain';
import { findEvidence, toStoredEvidence } from '../src/modules/signing/repository';
import { ESIGN_CONSENT_VERSION } from '../src/modules/signing/consent-text';
import { createBlobStore } from '../src/platform/blob-store/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { buildDocument, completeDivisionOrderMetadata } from './helpers/document-factories';
import { pdfWithPages } from './helpers/document-files';
import {
  buildDocumentWorld,
  caller,
  sendVendorInvoice,
  type DocumentWorld,
} from './helpers/document-world';

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `flowline-${name}-`));
const temporaries: string[] = [];
afterAll(() => {
  for (const dir of temporaries) fs.rmSync(dir, { recursive: true, force: true });
});
const tmpDir = (name: string) => {
  const dir = tmp(name);
  temporaries.push(dir);
  return dir;
};

function configFor(dataDir: string, databaseUrl?: string, migrationUrl?: string | null): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(migrationUrl ? { DATABASE_MIGRATION_URL: migrationUrl } : {}),
  });
}

/** The real app on a given database (not a fresh copy of the template). */
async function appOn(database: Database, dataDir: string): Promise<TestApp> {
  const keys = await generateSigningKeys();
  return buildTestApp({ DATA_DIR: dataDir }, { database, keys } as unknown as TestApp);
}

/**
 * An instance with something of everything: the demo data, a document world, uploads, a sent
 * invoice (history), a division order returned signed (evidence chain, signed file, certificate
 * and key under DATA_DIR) and a file no row references.
 */
async function populate(t: TestApp): Promise<{ w: DocumentWorld; signedId: number }> {
  const blobStore = createBlobStore(t.config);
  await seedDemoData(t.db, blobStore);
  const w = await buildDocumentWorld(t.db);
  for (let i = 0; i < 3; i++)
    await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      file: await pdfWithPages(1, `Upload ${i}`),
      fileName: `upload-${i}.pdf`,
      blobStore,
    });
  await sendVendorInvoice(t, w);
  await blobStore.put('orphans/left-behind', Readable.from([Buffer.from('not referenced')]));

  const order = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    documentTypeId: DocumentTypeId.PendingDivisionOrder,
    file: await pdfWithPages(1, 'Division order'),
    fileName: 'DO-1.pdf',
    blobStore,
    metadata: completeDivisionOrderMetadata,
    receivingPartyId: w.toPurchaser.id,
  });
  const asOperator = caller(t, w.user, w.vendor);
  const asOwner = caller(t, w.purchaserUser, w.purchaser);
  const sent = await asOperator({
    method: 'PUT',
    url: `/api/documents/${order.id}/publish`,
    payload: { metadata: [] },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const consent = await asOwner({
    method: 'POST',
    url: '/api/esign/consent',
    payload: { version: ESIGN_CONSENT_VERSION },
  });
  expect(consent.statusCode, consent.body).toBe(200);
  const png = await sharp({
    create: {
      width: 300,
      height: 100,
      channels: 4,
      background: { r: 20, g: 40, b: 200, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
  const signed = await asOwner({
    method: 'POST',
    url: `/api/documents/${order.id}/return`,
    payload: {
      signed: true,
      fullName: 'Pat Purchaser',
      signatureImageAsBase64: png.toString('base64'),
      page: 1,
      area: { x: 0.55, y: 0.75, width: 0.35, height: 0.1 },
      consentVersion: ESIGN_CONSENT_VERSION,
    },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  blobStore.close?.();
  return { w, signedId: signed.json<{ id: number }>().id };
}

interface Snapshot {
  /** Every table: row count and a hash of all its rows. */
  tables: Record<string, { rows: number; md5: string }>;
  documents: Record<string, unknown>[];
  history: Record<string, unknown>[];
  evidence: Record<string, unknown>[];
}

async function snapshot(query: Query): Promise<Snapshot> {
  const tables: Snapshot['tables'] = {};
  const list = await query(
    `SELECT schemaname, tablename FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  for (const { schemaname, tablename } of list) {
    const name = `"${String(schemaname)}"."${String(tablename)}"`;
    const [row] = await query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM ${name} t`,
    );
    tables[name] = { rows: Number(row?.n), md5: String(row?.h) };
  }
  return {
    tables,
    documents: await query('SELECT * FROM documents ORDER BY id'),
    history: await query('SELECT * FROM document_history ORDER BY id'),
    evidence: await query('SELECT * FROM signing_evidence ORDER BY id'),
  };
}

/** Every stored file's SHA-256 by key. */
async function fileHashes(dataDir: string): Promise<Record<string, string>> {
  const store = createBlobStore(configFor(dataDir));
  const out: Record<string, string> = {};
  for await (const entry of store.list()) {
    const hash = crypto.createHash('sha256');
    for await (const chunk of await store.get(entry.key)) hash.update(chunk as Buffer);
    out[entry.key] = hash.digest('hex');
  }
  return out;
}

/** The restored copy equals the original: tables, documents, files, history and evidence chains. */
async function expectSameInstance(
  original: { snap: Snapshot; files: Record<string, string> },
  restored: { snap: Snapshot; files: Record<string, string>; db: Database['db'] },
) {
  expect(Object.keys(restored.snap.tables)).toEqual(Object.keys(original.snap.tables));
  expect(restored.snap.tables).toEqual(original.snap.tables);
  expect(restored.snap.documents).toEqual(original.snap.documents);
  expect(restored.snap.history).toEqual(original.snap.history);
  expect(restored.snap.evidence).toEqual(original.snap.evidence);
  expect(restored.files).toEqual(original.files);
  expect(original.snap.documents.length).toBeGreaterThan(10);
  expect(original.snap.evidence.length).toBeGreaterThanOrEqual(2);
  // Every document's file is there with the checksum its row recorded.
  for (const doc of restored.snap.documents) {
    if (!restored.files[String(doc.file_key)]) continue; // rows built without a file (factories)
    expect(restored.files[String(doc.file_key)]).toBe(doc.file_sha256);
  }
  const seededFiles = restored.snap.documents.filter((d) => restored.files[String(d.file_key)]);
  expect(seededFiles.length).toBeGreaterThan(5);
  // Every evidence chain still verifies, entry by entry.
  const chains = new Set(restored.snap.evidence.map((e) => Number(e.chain_document_id)));
  for (const chainId of chains) {
    const entries = (await findEvidence(restored.db, chainId)).map(toStoredEvidence);
    expect(await verifyEvidenceChain(entries)).toMatchObject({ valid: true, brokenAt: null });
  }
}

async function expectEvidenceEndpointValid(
  database: Database,
  dataDir: string,
  w: DocumentWorld,
  signedId: number,
) {
  const t = await appOn(database, dataDir);
  try {
    const res = await t.as(
      w.purchaserUser,
      w.purchaser.id,
    )({
      method: 'GET',
      url: `/api/documents/${signedId}/evidence/verify`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EvidenceVerification>()).toMatchObject({ valid: true, brokenAt: null });
    // The signed PDF downloads byte for byte.
    const download = await t.as(
      w.user,
      w.vendor.id,
    )({ method: 'GET', url: `/api/download/${signedId}` });
    expect(download.statusCode).toBe(200);
  } finally {
    await t.app.close();
  }
}

describe('backup and restore: the embedded database', () => {
  const source = tmpDir('backup-source');
  const backups = tmpDir('backups');
  const archive = path.join(backups, 'embedded.tar');
  let original: { snap: Snapshot; files: Record<string, string> };
  let world: { w: DocumentWorld; signedId: number };

  beforeAll(async () => {
    // The source: a data directory on disk, started from the migrated template.
    const dumpFile = inject('pgliteDumpFile');
    if (!dumpFile) return; // PostgreSQL run: the embedded copy is tested in the PGlite run
    // The template dump is a tar of the data directory: unpacked on the host, PGlite opens it as an
    // existing database (loading it through PGlite writes file by file and takes ~10 s more).
    fs.mkdirSync(path.join(source, 'db'));
    await extract({ file: dumpFile, cwd: path.join(source, 'db') });
    const pglite = await openPglite(path.join(source, 'db'));
    const database = await openDatabase({ url: null, pglite });
    const t = await appOn(database, source);
    world = await populate(t);
    await t.app.close();
    original = { snap: await snapshot(pgliteQuery(pglite)), files: await fileHashes(source) };
    await database.close();
  }, 180_000);

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'refuses to back up while another process has the database open',
    async () => {
      let child: ChildProcess | undefined;
      try {
        child = spawn('sleep', ['30']);
        fs.writeFileSync(lockFileOf(path.join(source, 'db')), JSON.stringify({ pid: child.pid }));
        await expect(createBackup({ config: configFor(source), out: archive })).rejects.toThrow(
          `is open in process ${child.pid}`,
        );
        expect(fs.existsSync(archive)).toBe(false);
      } finally {
        child?.kill();
        fs.rmSync(lockFileOf(path.join(source, 'db')), { force: true });
      }
    },
  );

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'backs up; restores into an empty DATA_DIR; every table, document, file and chain is equal',
    async () => {
      const { manifest } = await createBackup({ config: configFor(source), out: archive });
      expect(manifest.database).toMatchObject({ kind: 'pglite' });
      expect(manifest.database.migrations.count).toBeGreaterThan(0);
      const names = manifest.parts.map((p) => p.name);
      expect(names[0]).toBe('database/pglite-datadir.tar');
      expect(names).toContain('files/orphans/left-behind');
      expect(names.some((n) => n.startsWith('data/signing/'))).toBe(true);
      expect(names.some((n) => n.startsWith('data/keys/'))).toBe(true);
      expect(manifest.files.count).toBe(Object.keys(original.files).length);

      const target = tmpDir('restore-target');
      await restoreBackup({ config: configFor(target), from: archive });
      const database = await openDatabase({ url: null, pgliteDir: path.join(target, 'db') });
      try {
        if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
        await expectSameInstance(original, {
          snap: await snapshot(pgliteQuery(database.raw.pglite)),
          files: await fileHashes(target),
          db: database.db,
        });
        // The generated keys came along: the signing certificate and the data key are the same.
        for (const dir of ['keys', 'signing'])
          for (const name of fs.readdirSync(path.join(source, dir)))
            expect(fs.readFileSync(path.join(target, dir, name))).toEqual(
              fs.readFileSync(path.join(source, dir, name)),
            );
        await expectEvidenceEndpointValid(database, target, world.w, world.signedId);
      } finally {
        await database.close();
      }

      // A target that holds data now is refused, and nothing in it changes.
      const before = await fileHashes(target);
      await expect(restoreBackup({ config: configFor(target), from: archive })).rejects.toThrow(
        /The target is not empty: the embedded database .*, the file store/,
      );
      expect(await fileHashes(target)).toEqual(before);
    },
    180_000,
  );

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'a changed or truncated archive is refused before anything is written',
    async () => {
      // One byte of a stored file changed: its size and the tar headers still agree.
      const bytes = fs.readFileSync(archive);
      const offset = bytes.indexOf('not referenced');
      expect(offset).toBeGreaterThan(0);
      const tampered = path.join(backups, 'tampered.tar');
      fs.writeFileSync(tampered, bytes);
      const handle = fs.openSync(tampered, 'r+');
      fs.writeSync(handle, Buffer.from('N'), 0, 1, offset);
      fs.closeSync(handle);
      const target = tmpDir('restore-tampered');
      await expect(restoreBackup({ config: configFor(target), from: tampered })).rejects.toThrow(
        '(files/orphans/left-behind does not match its SHA-256); nothing was restored.',
      );
      expect(fs.readdirSync(target)).toEqual([]);

      const truncated = path.join(backups, 'truncated.tar');
      fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, 1_000_000));
      await expect(restoreBackup({ config: configFor(target), from: truncated })).rejects.toThrow(
        BackupError,
      );
      expect(fs.readdirSync(target)).toEqual([]);
    },
  );
});

describe('restore: an archive with a path out of the target', () => {
  it('an entry named ../../evil is refused and nothing is written anywhere', async () => {
    const data = Buffer.from('evil');
    const header = new Header({
      path: '../../evil',
      type: 'File',
      size: data.length,
      mode: 0o600,
      mtime: new Date(),
    });
    header.encode();
    const parent = tmpDir('restore-traversal');
    const crafted = path.join(parent, 'traversal.tar');
    fs.writeFileSync(
      crafted,
      Buffer.concat([header.block!, data, Buffer.alloc(512 - data.length), Buffer.alloc(1024)]),
    );
    const target = path.join(parent, 'data');
    await expect(restoreBackup({ config: configFor(target), from: crafted })).rejects.toThrow(
      /is damaged or was changed \(.*path contains '\.\.'\); nothing was restored\./,
    );
    // DATA_DIR did not exist: it is not left behind, nor is anything next to it.
    expect(fs.readdirSync(parent)).toEqual(['traversal.tar']);
    expect(fs.existsSync(path.join(os.tmpdir(), 'evil'))).toBe(false);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore: a PostgreSQL server', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const targetName = `flowline_restore_${crypto.randomBytes(6).toString('hex')}`;
  const targetUrl = () => {
    const u = new URL(url);
    u.pathname = `/${targetName}`;
    return u.toString();
  };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`));

  it('backs up with pg_dump; restores into an empty database; everything is equal', async () => {
    const sourceDir = tmpDir('backup-pg-source');
    const database = await createTestDatabase();
    if (database.raw.kind !== 'postgres') throw new Error('expected PostgreSQL');
    // The suite's app connects as the runtime role; backups run as the schema owner.
    const runtimeUrl = database.raw.url;
    const sourceUrl = database.raw.migrationUrl ?? runtimeUrl;
    try {
      const t = await appOn(database, sourceDir);
      const world = await populate(t);
      await t.app.close();
      const original = {
        snap: await withServer(sourceUrl, snapshot),
        files: await fileHashes(sourceDir),
      };
      const archive = path.join(tmpDir('backups-pg'), 'server.tar');
      const { manifest } = await createBackup({
        config: configFor(sourceDir, runtimeUrl, sourceUrl),
        out: archive,
      });
      expect(manifest.database.kind).toBe('postgres');
      expect(manifest.parts[0]?.name).toBe('database/postgres.dump');

      await admin(`CREATE DATABASE ${targetName}`);
      const targetDir = tmpDir('restore-pg-target');
      await restoreBackup({ config: configFor(targetDir, targetUrl()), from: archive });
      const restored = await openDatabase({ url: targetUrl(), poolSize: 2 });
      try {
        await expectSameInstance(original, {
          snap: await withServer(targetUrl(), snapshot),
          files: await fileHashes(targetDir),
          db: restored.db,
        });
        await expectEvidenceEndpointValid(restored, targetDir, world.w, world.signedId);
      } finally {
        await restored.close();
      }
      // The database holds data now: refused.
      await expect(
        restoreBackup({ config: configFor(tmpDir('restore-pg-2'), targetUrl()), from: archive }),
      ).rejects.toThrow(/The target is not empty: the database/);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('a backup of an older migration level restores and is migrated up', async () => {
    // An instance of the previous version: every migration but the last.
    const folder = tmpDir('old-migrations');
    fs.cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    const latest = journal.entries.at(-1)!.tag;
    const previous = journal.entries.at(-2)!.tag;
    fs.writeFileSync(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
    );
    const oldName = `flowline_old_${crypto.randomBytes(6).toString('hex')}`;
    const restoredName = `flowline_up_${crypto.randomBytes(6).toString('hex')}`;
    const urlOf = (name: string) => {
      const u = new URL(url);
      u.pathname = `/${name}`;
      return u.toString();
    };
    await admin(`CREATE DATABASE ${oldName}`);
    await admin(`CREATE DATABASE ${restoredName}`);
    try {
      const pool = new pg.Pool({ connectionString: urlOf(oldName), max: 1 });
      await migratePg(drizzlePg(pool), { migrationsFolder: folder });
      await pool.end();
      const archive = path.join(tmpDir('backups-old'), 'old.tar');
      const { manifest } = await createBackup({
        config: configFor(tmpDir('old-source'), urlOf(oldName)),
        out: archive,
      });
      expect(manifest.database.migrations).toEqual({
        count: journal.entries.length - 1,
        latest: previous,
      });
      const { migrations } = await restoreBackup({
        config: configFor(tmpDir('old-target'), urlOf(restoredName)),
        from: archive,
      });
      expect(migrations).toEqual({ count: journal.entries.length, latest });
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${oldName} WITH (FORCE)`);
      await admin(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    }
  }, 120_000);
});
