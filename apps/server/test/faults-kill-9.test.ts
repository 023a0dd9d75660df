// Issue 17 item 4: the real server killed with SIGKILL during an upload, a send, a signing and a
// job → after a restart on the same data: no half document, every acknowledged write there, no
// orphan once the sweep ran, the job completed. docs/faults.md.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DocumentTypeId, HistoryOperation, RouteStatus } from '@flowline/shared';
import { loadOrCreateSigningKeys, type SigningKeys } from '../src/auth/keys';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { sweepOrphanFiles } from '../src/maintenance/orphan-sweep';
import { ESIGN_CONSENT_VERSION } from '../src/modules/signing/consent-text';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import { keyRingFor } from '../src/platform/crypto/key-ring';
import { JOB_SCHEMA, Queue } from '../src/platform/jobs/index';
import { createTestDatabase } from './helpers/database';
import { buildDocument } from './helpers/document-factories';
import { pdfWithPages } from './helpers/document-files';
import {
  buildDocumentWorld,
  completeArInvoice,
  type DocumentWorld,
} from './helpers/document-world';
import type { UserRow } from './helpers/factories';
import { multipartBody } from './helpers/multipart';

const serverRoot = path.resolve(import.meta.dirname, '..');
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Polls until `check` holds (a loaded machine is slow; no fixed sleeps). */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

interface ServerRun {
  child: ChildProcess;
  output: () => string;
  /** SIGKILL: no shutdown hook, no flush, no goodbye. */
  kill9(): Promise<void>;
  /** SIGTERM: the orderly shutdown. */
  stop(): Promise<void>;
}

let dataDir: string;
let port: number;
let baseUrl: string;
let env: NodeJS.ProcessEnv;
let config: AppConfig;
let keys: SigningKeys;
let blobStore: BlobStore;
/** The suite's PostgreSQL database (TEST_DATABASE_URL); on PGlite the data directory instead. */
let serverDatabase: Database | null = null;
let w: DocumentWorld;
let run: ServerRun | null = null;

/** `npm start` as a child process (src/main.ts), on this file's data; optionally paused at a point. */
async function startServer(pauseAt?: string): Promise<ServerRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...env, ...(pauseAt ? { FLOWLINE_FAULT_PAUSE_AT: pauseAt } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerRun = {
    child,
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
  await waitFor(
    'the server to answer /api/health',
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      return fetch(`${baseUrl}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
    },
    120_000,
  );
  return server;
}

/** The embedded database is one process's: open it only while no server runs. */
async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  if (serverDatabase) return fn(serverDatabase);
  const pglite = await PGlite.create({
    dataDir: path.join(dataDir, 'db'),
    extensions: { pg_trgm, btree_gin },
  });
  const database = await openDatabase({ url: null, pglite });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function tokenFor(user: UserRow): Promise<string> {
  const [jwk] = keys.privateJwks.keys;
  if (!jwk) throw new Error('no signing key');
  return new SignJWT({ email: user.emailAddress })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setSubject(user.externalId!)
    .setIssuer(config.oidc.issuer)
    .setAudience(config.oidc.audience)
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(await importJWK(jwk, 'RS256'));
}

async function api(
  user: UserRow,
  companyId: number,
  method: string,
  url: string,
  body?: { json: unknown } | { payload: Buffer; headers: Record<string, string> },
) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${await tokenFor(user)}`,
    'company-id': String(companyId),
  };
  let payload: string | Uint8Array | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    Object.assign(headers, body.headers);
    payload = new Uint8Array(body.payload);
  }
  const res = await fetch(`${baseUrl}${url}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** Sends a request the server will never answer (it is killed meanwhile). */
function unanswered(user: UserRow, companyId: number, method: string, url: string, json: unknown) {
  return tokenFor(user).then((token) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'company-id': String(companyId),
        'content-type': 'application/json',
      },
      body: JSON.stringify(json),
    }).then(
      (res) => res.status,
      () => 'no answer' as const,
    ),
  );
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Every blob key in the filesystem store (temporaries under .tmp excluded). */
function storedKeys(dir = path.join(dataDir, 'files'), prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => !(prefix === '' && e.name === '.tmp'))
    .flatMap((e) =>
      e.isDirectory()
        ? storedKeys(path.join(dir, e.name), `${prefix}${e.name}/`)
        : [`${prefix}${e.name}`],
    );
}
const temporaries = () => {
  const tmp = path.join(dataDir, 'files', '.tmp');
  return fs.existsSync(tmp) ? fs.readdirSync(tmp).map((name) => path.join(tmp, name)) : [];
};

/** Blobs no row references: what a crash between storing a file and its commit leaves. */
async function unreferencedKeys(database: Database): Promise<string[]> {
  const referenced = new Set(
    (
      await rows<{ key: string }>(
        database,
        sql`SELECT file_key AS key FROM documents WHERE file_key IS NOT NULL
          UNION SELECT file_key FROM document_attachments WHERE file_key IS NOT NULL`,
      )
    ).map((r) => r.key),
  );
  return storedKeys().filter((key) => !referenced.has(key));
}

/**
 * The invariants a crash must never break, whatever it interrupted: each current document has
 * its owner's route and its Create history and its file; a sent one has the receiver's route
 * and its Publish/Receive history; a received route belongs to a sent document.
 */
async function expectNoHalfDocument(database: Database) {
  const current = sql`d.deleted_at IS NULL AND NOT d.is_temporary
    AND NOT EXISTS (SELECT 1 FROM documents n WHERE n.previous_version_id = d.id)`;
  const withoutOwnerRoute = await rows<{ id: number }>(
    database,
    sql`SELECT d.id FROM documents d WHERE ${current} AND NOT EXISTS
      (SELECT 1 FROM document_routes r WHERE r.document_id = d.id AND r.side = 'sent')`,
  );
  expect(withoutOwnerRoute, 'documents without their owner route').toEqual([]);
  const withoutHistory = await rows<{ id: number }>(
    database,
    sql`SELECT d.id FROM documents d WHERE ${current} AND NOT EXISTS
      (SELECT 1 FROM document_history h WHERE h.document_id = d.id
        AND h.operation_id = ${HistoryOperation.Create})`,
  );
  expect(withoutHistory, 'documents without their Create history').toEqual([]);
  const sentHalf = await rows<{ id: number }>(
    database,
    sql`SELECT d.id FROM documents d WHERE ${current} AND d.published_at IS NOT NULL AND (
      NOT EXISTS (SELECT 1 FROM document_routes r WHERE r.document_id = d.id AND r.side = 'received')
      OR NOT EXISTS (SELECT 1 FROM document_history h WHERE h.document_id IN
        (SELECT id FROM documents v
          WHERE COALESCE(v.version_root_id, v.id) = COALESCE(d.version_root_id, d.id))
        AND h.operation_id = ${HistoryOperation.Publish}))`,
  );
  expect(sentHalf, 'sent documents without a receiver route or Publish history').toEqual([]);
  const receivedUnsent = await rows<{ id: number }>(
    database,
    sql`SELECT r.document_id AS id FROM document_routes r
      JOIN documents d ON d.id = r.document_id
      JOIN documents root ON root.id = COALESCE(d.version_root_id, d.id)
      WHERE r.side = 'received' AND d.published_at IS NULL AND root.published_at IS NULL`,
  );
  expect(receivedUnsent, 'received routes of documents never sent').toEqual([]);
  const files = await rows<{ key: string }>(
    database,
    sql`SELECT d.file_key AS key FROM documents d WHERE ${current}`,
  );
  for (const { key } of files) expect(await blobStore.exists(key), key).toBe(true);
}

async function routesOf(database: Database, documentId: number) {
  return rows<{ side: string; status: number; company: number }>(
    database,
    sql`SELECT side, route_status_id AS status, company_id AS company FROM document_routes
      WHERE document_id = ${documentId} ORDER BY side`,
  );
}
async function operationsOf(database: Database, documentId: number) {
  return (
    await rows<{ op: number }>(
      database,
      sql`SELECT operation_id AS op FROM document_history WHERE document_id = ${documentId}`,
    )
  ).map((r) => r.op);
}
async function documentsNamed(database: Database, fileName: string) {
  const [row] = await rows<{ n: number }>(
    database,
    sql`SELECT count(*)::int AS n FROM documents WHERE file_name = ${fileName}`,
  );
  return row!.n;
}

const w9Upload = async (text: string) =>
  multipartBody([
    ['fileUploadData', JSON.stringify({ documentTypeId: DocumentTypeId.W9 })],
    ['file', { name: 'w9.pdf', data: await pdfWithPages(1, text), type: 'application/pdf' }],
  ]);

/**
 * An upload whose file part keeps streaming (64 KB at a time) and never ends: the request is in
 * the middle of its multipart body when the server is killed.
 */
async function endlessUpload(user: UserRow, companyId: number) {
  const token = await tokenFor(user);
  const boundary = `----flowlinecrash${Date.now().toString(16)}`;
  const req = http.request(`${baseUrl}/api/documents/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'company-id': String(companyId),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(50 * 1024 * 1024),
    },
  });
  req.on('error', () => undefined); // the server dies mid-body
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="fileUploadData"\r\n\r\n` +
      `${JSON.stringify({ documentTypeId: DocumentTypeId.W9 })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const timer = setInterval(() => req.write(chunk), 20);
  return () => {
    clearInterval(timer);
    req.destroy();
  };
}

let signaturePng: string;
const signedBody = () => ({
  signed: true,
  fullName: 'Pat Purchaser',
  signatureImageAsBase64: signaturePng,
  page: 1,
  area: { x: 0.55, y: 0.75, width: 0.35, height: 0.1 },
  consentVersion: ESIGN_CONSENT_VERSION,
});

describe(`kill -9 of the server (${onServer ? 'PostgreSQL' : 'PGlite data directory'})`, () => {
  let invoiceId: number;
  let divisionOrderId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-kill9-'));
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      SEED_DEMO_DATA: 'never',
      LOG_LEVEL: 'warn',
      NOTIFICATION_MAIL_DELAY_SECONDS: '0',
      ORPHAN_SWEEP_INTERVAL_MINUTES: '0',
    };
    delete env.DATABASE_URL;
    delete env.FLOWLINE_FAULT_PAUSE_AT;
    if (onServer) {
      serverDatabase = await createTestDatabase();
      if (serverDatabase.raw.kind !== 'postgres') throw new Error('expected the server');
      env.DATABASE_URL = serverDatabase.raw.url;
    } else {
      // The migrated template, written to a data directory the server then opens.
      const dump = inject('pgliteDumpFile');
      if (!dump) throw new Error('global setup did not prepare a template database');
      const pglite = await PGlite.create({
        dataDir: path.join(dataDir, 'db'),
        extensions: { pg_trgm, btree_gin },
        loadDataDir: new Blob([fs.readFileSync(dump)]),
      });
      await pglite.close();
    }
    config = loadConfig(env);
    blobStore = createBlobStore(config);
    signaturePng = (
      await sharp({
        create: { width: 300, height: 100, channels: 4, background: { r: 20, g: 40, b: 200 } },
      })
        .png()
        .toBuffer()
    ).toString('base64');
    await withDatabase(async (database) => {
      w = await buildDocumentWorld(database.db);
      keys = await loadOrCreateSigningKeys(database.db, keyRingFor(config));
      const invoice = await buildDocument(database.db, {
        owner: w.vendor,
        user: w.user,
        metadata: { ...completeArInvoice },
        receivingPartyId: w.toPurchaser.id,
        blobStore,
      });
      invoiceId = invoice.id;
      const order = await buildDocument(database.db, {
        owner: w.vendor,
        user: w.user,
        documentTypeId: DocumentTypeId.PendingDivisionOrder,
        file: await pdfWithPages(1, 'Division order'),
        fileName: 'DO-1.pdf',
        blobStore,
        metadata: {
          docOwnerName: 'Purchaser Co',
          docPropertyName: 'Reeves 12',
          docDecimalInterest: '0.00125000',
          docEffectiveDate: '2026-01-01',
          docOwnerTaxId: '75-7654321',
        },
        receivingPartyId: w.toPurchaser.id,
      });
      divisionOrderId = order.id;
    });
  }, 120_000);

  afterAll(async () => {
    if (run && run.child.exitCode === null) await run.kill9();
    blobStore?.close?.();
    await serverDatabase?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The steps build on each other's data: each restart is the previous crash's recovery.
  let acknowledgedUpload: number;

  it('during an upload: the acknowledged one is whole, the interrupted one left no document', async () => {
    run = await startServer();
    const ok = await api(w.user, w.vendor.id, 'POST', '/api/documents/upload', {
      ...(await w9Upload('acknowledged before the crash')),
    });
    expect(ok.status, ok.text).toBe(201);
    acknowledgedUpload = (ok.json().documentIds as number[])[0]!;
    // The division order goes to its owner (acknowledged; signed further down).
    const sent = await api(
      w.user,
      w.vendor.id,
      'PUT',
      `/api/documents/${divisionOrderId}/publish`,
      {
        json: { metadata: [] },
      },
    );
    expect(sent.status, sent.text).toBe(200);
    const consent = await api(w.purchaserUser, w.purchaser.id, 'POST', '/api/esign/consent', {
      json: { version: ESIGN_CONSENT_VERSION },
    });
    expect(consent.status, consent.text).toBe(200);
    await waitFor('the upload extraction to finish', async () => {
      const doc = await api(w.user, w.vendor.id, 'GET', `/api/documents/${acknowledgedUpload}`);
      return (doc.json().extraction as { status?: string } | null)?.status === 'done';
    });
    const stopUploading = await endlessUpload(w.user, w.vendor.id);
    try {
      // Killed once a good part of the file is on disk.
      await waitFor('the upload to be streaming into the store', () =>
        temporaries().some((file) => fs.statSync(file).size > 512 * 1024),
      );
      await run.kill9();
    } finally {
      stopUploading();
    }

    expect(temporaries().length).toBeGreaterThan(0); // what the sweep will remove
    await withDatabase(async (database) => {
      await expectNoHalfDocument(database);
      expect(await documentsNamed(database, 'big.pdf')).toBe(0);
      expect(await routesOf(database, acknowledgedUpload)).toHaveLength(1);
      expect(await operationsOf(database, acknowledgedUpload)).toContain(HistoryOperation.Create);
      expect(await unreferencedKeys(database)).toEqual([]);
    });
  }, 180_000);

  it('during a send (in its transaction): nothing of the send is there; sent again after the restart', async () => {
    run = await startServer('publish:before-commit');
    const answer = unanswered(w.user, w.vendor.id, 'PUT', `/api/documents/${invoiceId}/publish`, {
      metadata: [],
    });
    await waitFor('the send to reach its commit', () =>
      run!.output().includes('fault point reached: publish:before-commit'),
    );
    await run.kill9();
    expect(await answer).toBe('no answer');

    await withDatabase(async (database) => {
      await expectNoHalfDocument(database);
      // Still the vendor's draft: no receiver route, not Sent.
      const [route, ...others] = await routesOf(database, invoiceId);
      expect(others).toEqual([]);
      expect(route).toMatchObject({ side: 'sent', company: w.vendor.id });
      expect(route?.status).not.toBe(RouteStatus.Sent);
      expect(await operationsOf(database, invoiceId)).not.toContain(HistoryOperation.Publish);
    });
  }, 180_000);

  it('after a send committed but before its answer: the send is whole', async () => {
    run = await startServer('publish:after-commit');
    const answer = unanswered(w.user, w.vendor.id, 'PUT', `/api/documents/${invoiceId}/publish`, {
      metadata: [],
    });
    await waitFor('the send to commit', () =>
      run!.output().includes('fault point reached: publish:after-commit'),
    );
    await run.kill9();
    expect(await answer).toBe('no answer');

    await withDatabase(async (database) => {
      await expectNoHalfDocument(database);
      expect(await routesOf(database, invoiceId)).toEqual([
        { side: 'received', status: RouteStatus.Received, company: w.purchaser.id },
        { side: 'sent', status: RouteStatus.Sent, company: w.vendor.id },
      ]);
      const ops = await operationsOf(database, invoiceId);
      expect(ops).toContain(HistoryOperation.Publish);
      expect(ops).toContain(HistoryOperation.Receive);
    });
  }, 180_000);

  let orphanOfSigning: string[];

  it('during a signing (Return signed): the order is as it was; the signed file is an orphan', async () => {
    run = await startServer('sign:before-commit');
    const answer = unanswered(
      w.purchaserUser,
      w.purchaser.id,
      'POST',
      `/api/documents/${divisionOrderId}/return`,
      signedBody(),
    );
    await waitFor(
      'the signing to reach its commit',
      () => run!.output().includes('fault point reached: sign:before-commit'),
      90_000,
    );
    await run.kill9();
    expect(await answer).toBe('no answer');

    await withDatabase(async (database) => {
      await expectNoHalfDocument(database);
      const versions = await rows<{ id: number }>(
        database,
        sql`SELECT id FROM documents WHERE previous_version_id = ${divisionOrderId}`,
      );
      expect(versions).toEqual([]);
      const routes = await routesOf(database, divisionOrderId);
      expect(routes.map((r) => r.status)).not.toContain(RouteStatus.Returned);
      expect(routes).toHaveLength(2);
      // The signed PDF was stored before the transaction that never committed.
      orphanOfSigning = await unreferencedKeys(database);
      expect(orphanOfSigning).toHaveLength(1);
    });
  }, 180_000);

  let extractedDocument: number;
  let jobId: string;

  it('during a job: the job stays active; the signing succeeds after the restart', async () => {
    run = await startServer(`job:${Queue.documentExtraction}`);
    const upload = await api(w.user, w.vendor.id, 'POST', '/api/documents/upload', {
      ...(await w9Upload('read by a job that dies')),
    });
    expect(upload.status, upload.text).toBe(201);
    extractedDocument = (upload.json().documentIds as number[])[0]!;
    await waitFor('the extraction job to be active', () =>
      run!.output().includes(`fault point reached: job:${Queue.documentExtraction}`),
    );
    // With the job worker held, a request is still answered: the signing, acknowledged.
    const signed = await api(
      w.purchaserUser,
      w.purchaser.id,
      'POST',
      `/api/documents/${divisionOrderId}/return`,
      { json: signedBody() },
    );
    expect(signed.status, signed.text).toBe(200);
    await run.kill9();

    await withDatabase(async (database) => {
      await expectNoHalfDocument(database);
      const [version] = await rows<{ id: number }>(
        database,
        sql`SELECT id FROM documents WHERE previous_version_id = ${divisionOrderId}`,
      );
      expect(version).toBeDefined();
      const routes = await routesOf(database, version!.id);
      expect(routes.map((r) => r.status)).toEqual([RouteStatus.Returned, RouteStatus.Returned]);
      expect(await operationsOf(database, version!.id)).toContain(HistoryOperation.ReturnSigned);
      expect(await routesOf(database, extractedDocument)).toHaveLength(1);

      const jobs = await rows<{ id: string; state: string }>(
        database,
        sql`SELECT id, state FROM ${sql.raw(`${JOB_SCHEMA}.job`)}
          WHERE name = ${Queue.documentExtraction}
            AND data->'payload'->>'documentId' = ${String(extractedDocument)}`,
      );
      expect(jobs.map((j) => j.state)).toEqual(['active']);
      jobId = jobs[0]!.id;
      // The wait for its expiry (15 minutes) and first retry (1–2 minutes), skipped: as if the
      // restart came that much later.
      await database.db.execute(
        sql`UPDATE ${sql.raw(`${JOB_SCHEMA}.job`)} SET started_on = now() - interval '16 minutes',
          retry_delay = 0, retry_backoff = false WHERE id = ${jobId}::uuid`,
      );
    });
  }, 180_000);

  it('after the restart the killed job is retried and completes; the sweep leaves no orphan', async () => {
    run = await startServer();
    await waitFor('the document to be read', async () => {
      const doc = await api(w.user, w.vendor.id, 'GET', `/api/documents/${extractedDocument}`);
      return (doc.json().extraction as { status?: string } | null)?.status === 'done';
    });
    await run.stop();

    await withDatabase(async (database) => {
      const [job] = await rows<{ state: string; retry_count: number }>(
        database,
        sql`SELECT state, retry_count FROM ${sql.raw(`${JOB_SCHEMA}.job`)} WHERE id = ${jobId}::uuid`,
      );
      expect(job?.state).toBe('completed');
      expect(job?.retry_count).toBeGreaterThanOrEqual(1);
      await expectNoHalfDocument(database);

      // The sweep (as it runs hourly) sees the crash leftovers once they are an hour old.
      const swept = await sweepOrphanFiles({
        db: database.db,
        blobStore,
        now: new Date(Date.now() + 2 * 60 * 60 * 1000),
      });
      expect(swept?.orphans.keys).toEqual(orphanOfSigning);
      expect(swept?.temporaries.count).toBeGreaterThan(0);
      expect(temporaries()).toEqual([]);
      expect(await unreferencedKeys(database)).toEqual([]);
      await expectNoHalfDocument(database);
    });
  }, 180_000);
});
