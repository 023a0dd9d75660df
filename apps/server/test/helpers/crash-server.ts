// The harness of the kill -9 tests (test/faults-kill-9-*.test.ts, docs/faults.md): the real
// server as a child process on a data directory (PGlite) or the suite's PostgreSQL database,
// killed with SIGKILL and started again on the same data.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { expect, inject } from 'vitest';
import { DocumentTypeId, HistoryOperation } from '@flowline/shared';
import { loadOrCreateSigningKeys, type SigningKeys } from '../../src/auth/keys';
import { loadConfig, type AppConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { createBlobStore, type BlobStore } from '../../src/platform/blob-store/index';
import { keyRingFor } from '../../src/platform/crypto/key-ring';
import { createTestDatabase } from './database';
import { pdfWithPages } from './document-files';
import type { UserRow } from './factories';
import { multipartBody } from './multipart';
import serverNodeFlags from '../../node-flags.json';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverRoot, '../..');

let built = false;
/**
 * Builds `dist/` only if its sources changed (scripts/ensure-built.mjs, shared with the journeys),
 * once per worker.
 */
export function ensureCompiledServer(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['scripts/ensure-built.mjs', 'server'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the server build failed:\n${result.stderr}`);
  built = true;
}

/**
 * `node dist/main.js`, as production runs it. A start through tsx spent ~5 s of CPU compiling and
 * loading the TypeScript, and these tests start the server eight times a file.
 */
function compiledServerArgs(): string[] {
  ensureCompiledServer();
  return [...serverNodeFlags, 'dist/main.js'];
}
export const onServer = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port no one listens on now (the OS picks it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Polls until `check` holds (a loaded machine is slow; no fixed sleeps). */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface ServerRun {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the server wrote `fault point reached: <point>` (FLOWLINE_FAULT_PAUSE_AT). */
  paused(point: string, timeoutMs?: number): Promise<void>;
  /** SIGKILL: no shutdown hook, no flush, no goodbye. */
  kill9(): Promise<void>;
  /** SIGTERM: the orderly shutdown. */
  stop(): Promise<void>;
}

export interface ApiAnswer {
  status: number;
  text: string;
  json(): Record<string, unknown>;
}

export type CrashHarness = Awaited<ReturnType<typeof openCrashHarness>>;

/**
 * A fresh data directory (and, with TEST_DATABASE_URL, a database of the suite's server) holding
 * the migrated template; `prepare` writes the test's world before the first start. The embedded
 * issuer's keys are created here, so the test signs tokens the server accepts.
 */
export async function openCrashHarness() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-kill9-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
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
    // A job a killed server left active is expired within a second of its expiry, not two minutes.
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_MIGRATION_URL;
  delete env.FLOWLINE_FAULT_PAUSE_AT;
  let serverDatabase: Database | null = null;
  if (onServer) {
    serverDatabase = await createTestDatabase();
    if (serverDatabase.raw.kind !== 'postgres') throw new Error('expected the server');
    env.DATABASE_URL = serverDatabase.raw.url;
    if (serverDatabase.raw.migrationUrl)
      env.DATABASE_MIGRATION_URL = serverDatabase.raw.migrationUrl;
  } else {
    // The migrated template, written to the data directory the server opens.
    const dump = inject('pgliteDumpFile');
    if (!dump) throw new Error('global setup did not prepare a template database');
    const pglite = await PGlite.create({
      dataDir: path.join(dataDir, 'db'),
      extensions: { pg_trgm, btree_gin },
      loadDataDir: new Blob([fs.readFileSync(dump)]),
    });
    await pglite.close();
  }
  const config: AppConfig = loadConfig(env);
  const blobStore: BlobStore = createBlobStore(config);
  let current: ServerRun | null = null;

  /** The embedded database belongs to one process: it is opened only while no server runs. */
  async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
    if (serverDatabase) return fn(serverDatabase);
    if (current && current.child.exitCode === null && current.child.signalCode === null)
      throw new Error('the server has the embedded database open');
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

  // Created now, as the server would at its first start: the test signs tokens it accepts.
  const keys: SigningKeys = await withDatabase((database) =>
    loadOrCreateSigningKeys(database.db, keyRingFor(config)),
  );

  /** The compiled server as a child process on this data; optionally paused at a fault point. */
  async function start(pauseAt?: string): Promise<ServerRun> {
    // A step that failed may have left its server running: it must not answer for this one.
    if (current && current.child.exitCode === null && current.child.signalCode === null)
      await current.kill9();
    const child = spawn(process.execPath, compiledServerArgs(), {
      cwd: serverRoot,
      env: { ...env, ...(pauseAt ? { FLOWLINE_FAULT_PAUSE_AT: pauseAt } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const run: ServerRun = {
      child,
      output: () => output,
      paused: (point, timeoutMs) =>
        waitFor(
          `the server to reach ${point}`,
          () => output.includes(`fault point reached: ${point}`),
          timeoutMs,
        ),
      async kill9() {
        child.kill('SIGKILL');
        await exited;
      },
      async stop() {
        child.kill('SIGTERM');
        await exited;
      },
    };
    current = run;
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
    return run;
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

  const headersFor = async (user: UserRow, companyId: number) => ({
    authorization: `Bearer ${await tokenFor(user)}`,
    'company-id': String(companyId),
  });

  /** A request as `user` in the company; `json` or a multipart body. */
  async function api(
    user: UserRow,
    companyId: number,
    method: string,
    url: string,
    body?: { json: unknown } | { payload: Buffer; headers: Record<string, string> },
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = await headersFor(user, companyId);
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

  /** A JSON request the server will never answer (it is killed meanwhile): 'no answer'. */
  async function unanswered(
    user: UserRow,
    companyId: number,
    method: string,
    url: string,
    json: unknown,
  ): Promise<number | 'no answer'> {
    const headers = { ...(await headersFor(user, companyId)), 'content-type': 'application/json' };
    return fetch(`${baseUrl}${url}`, { method, headers, body: JSON.stringify(json) }).then(
      (res) => res.status,
      () => 'no answer' as const,
    );
  }

  /**
   * An upload whose file part keeps streaming (64 KB every 20 ms) and never ends: the request
   * is in the middle of its multipart body when the server is killed. Returns a stopper.
   */
  async function endlessUpload(user: UserRow, companyId: number, fileName: string) {
    const boundary = `----flowlinecrash${Date.now().toString(16)}`;
    const req = http.request(`${baseUrl}/api/documents/upload`, {
      method: 'POST',
      headers: {
        ...(await headersFor(user, companyId)),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(50 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined); // the server dies mid-body
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="fileUploadData"\r\n\r\n` +
        `${JSON.stringify({ documentTypeId: DocumentTypeId.W9 })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const timer = setInterval(() => req.write(chunk), 20);
    return () => {
      clearInterval(timer);
      req.destroy();
    };
  }

  /** Every blob key in the filesystem store (its temporaries under .tmp excluded). */
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

  /** The store's temporary files: an upload being written (or one a crash cut off). */
  function temporaries(): string[] {
    const tmp = path.join(dataDir, 'files', '.tmp');
    return fs.existsSync(tmp) ? fs.readdirSync(tmp).map((name) => path.join(tmp, name)) : [];
  }

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

  return {
    dataDir,
    config,
    blobStore,
    withDatabase,
    start,
    api,
    unanswered,
    endlessUpload,
    temporaries,
    unreferencedKeys,
    async close() {
      if (current && current.child.exitCode === null && current.child.signalCode === null)
        await current.kill9();
      blobStore.close?.();
      await serverDatabase?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The invariants a crash must never break, whatever it interrupted: each current document has
 * its owner's route, its Create history and its file; a sent one has the receiver's route and
 * its Publish history; a received route belongs to a sent document.
 */
export async function expectNoHalfDocument(database: Database, blobStore: BlobStore) {
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

export async function routesOf(database: Database, documentId: number) {
  return rows<{ side: string; status: number | null; company: number }>(
    database,
    sql`SELECT side, route_status_id AS status, company_id AS company FROM document_routes
      WHERE document_id = ${documentId} ORDER BY side`,
  );
}

export async function operationsOf(database: Database, documentId: number) {
  return (
    await rows<{ op: number }>(
      database,
      sql`SELECT operation_id AS op FROM document_history WHERE document_id = ${documentId}`,
    )
  ).map((r) => r.op);
}

/** A W9 (no receiver needed) as a multipart body for `api`. */
export async function w9Upload(text: string) {
  return multipartBody([
    ['fileUploadData', JSON.stringify({ documentTypeId: DocumentTypeId.W9 })],
    ['file', { name: 'w9.pdf', data: await pdfWithPages(1, text), type: 'application/pdf' }],
  ]);
}

/** Whether the document's reading (the extraction job) has finished. */
export async function isRead(harness: CrashHarness, user: UserRow, companyId: number, id: number) {
  const doc = await harness.api(user, companyId, 'GET', `/api/documents/${id}`);
  return (doc.json().extraction as { status?: string } | null)?.status === 'done';
}
