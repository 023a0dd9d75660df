// Issue 10 item 5: what a crash leaves behind (a half-written temporary file, a blob whose row
// was never committed) is removed by the sweep; referenced and young files are never touched.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import { sweepOrphanFiles } from '../src/maintenance/orphan-sweep';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildDocument, tinyPdf } from './helpers/document-factories';
import { buildCompany, buildMember } from './helpers/factories';
import { startS3, type TestS3 } from './helpers/s3rver';

const HOUR = 60 * 60 * 1000;
const twoHoursAgo = () => new Date(Date.now() - 2 * HOUR);

async function storeOrphan(store: BlobStore, text: string) {
  return store.putByContent('documents', Readable.from([Buffer.from(`%PDF-1.4 ${text}`)]));
}

/** A child process writing an upload through the real store, killed with SIGKILL mid-write. */
async function crashWhileStoring(root: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/crash-while-storing.ts'), root],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const tmpDir = path.join(root, '.tmp');
  for (let i = 0; i < 200; i++) {
    const parts = fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir) : [];
    if (parts.some((p) => fs.statSync(path.join(tmpDir, p)).size > 256 * 1024)) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('orphan sweep on the filesystem store', () => {
  let t: TestApp;
  let dataDir: string;
  let store: BlobStore;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-sweep-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    store = createBlobStore(t.config);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes both crash shapes and nothing that is referenced or young', async () => {
    const root = path.join(dataDir, 'files');
    const company = await buildCompany(t.db);
    const admin = await buildMember(t.db, company, [Role.Administrator, Role.User]);
    const kept = await buildDocument(t.db, { owner: company, file: tinyPdf, blobStore: store });

    await crashWhileStoring(root);
    const partFiles = fs.readdirSync(path.join(root, '.tmp'));
    expect(partFiles).toHaveLength(1);
    const orphan = await storeOrphan(store, 'never committed');
    const young = await storeOrphan(store, 'upload in flight');

    const old = twoHoursAgo();
    for (const file of [
      path.join(root, '.tmp', partFiles[0]!),
      path.join(root, ...orphan.key.split('/')),
      path.join(root, ...kept.fileKey.split('/')),
    ])
      fs.utimesSync(file, old, old);

    const result = await sweepOrphanFiles({ db: t.db, blobStore: store });
    expect(result?.temporaries.count).toBe(1);
    expect(result?.temporaries.bytes).toBeGreaterThan(256 * 1024);
    expect(result?.orphans.keys).toEqual([orphan.key]);

    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
    expect(await store.exists(orphan.key)).toBe(false);
    expect(await store.exists(young.key)).toBe(true);
    const download = await t.as(
      admin,
      company.id,
    )({
      method: 'GET',
      url: `/api/download/${kept.id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(tinyPdf)).toBe(true);

    // Nothing left to do the second time.
    const again = await sweepOrphanFiles({ db: t.db, blobStore: store });
    expect(again?.orphans.count).toBe(0);
    expect(again?.temporaries.count).toBe(0);
  }, 120_000);
});

describe('orphan sweep on S3', () => {
  let s3: TestS3;
  let t: TestApp;
  let dataDir: string;
  let store: BlobStore;

  beforeAll(async () => {
    s3 = await startS3('flowline-sweep');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-sweep-s3-'));
    t = await buildTestApp({ DATA_DIR: dataDir, ...s3.env });
    store = createBlobStore(t.config);
  });
  afterAll(async () => {
    await t.close();
    store.close?.();
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes unreferenced blobs and stale temporary keys, keeps referenced ones', async () => {
    const company = await buildCompany(t.db);
    const kept = await buildDocument(t.db, { owner: company, file: tinyPdf, blobStore: store });
    const orphan = await storeOrphan(store, 'never committed on s3');
    await store.put('tmp/left-by-a-crash', Readable.from([Buffer.from('partial')]));

    // Young: nothing goes.
    const now = await sweepOrphanFiles({ db: t.db, blobStore: store });
    expect(now?.orphans.count).toBe(0);
    expect(await store.exists(orphan.key)).toBe(true);

    // Seen from two hours later, the orphan and the temporary key are old enough.
    const later = await sweepOrphanFiles({
      db: t.db,
      blobStore: store,
      now: new Date(Date.now() + 2 * HOUR),
    });
    expect(later?.orphans.keys).toEqual([orphan.key]);
    expect(later?.temporaries.count).toBe(1);
    const keys = await s3.listKeys();
    expect(keys).toContain(kept.fileKey);
    expect(keys).not.toContain(orphan.key);
    expect(keys.filter((k) => k.startsWith('tmp/'))).toEqual([]);
  }, 120_000);
});
