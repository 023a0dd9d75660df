// A 500 MB document upload through POST /api/documents/upload against the real server running as
// a child process (the compiled server, as `npm start` runs it): throughput, and the server's
// resident memory (VmRSS sampled every 50 ms from /proc, plus the kernel's own peak VmHWM) before
// and during the upload. Prints figures; not a test.
//   npm run bench:upload                          (embedded PGlite in a temporary DATA_DIR)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/flowline_bench_upload npm run bench:upload
//   npm run bench:upload -- --mb=100
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { DocumentTypeId } from '@flowline/shared';
import { and, eq } from 'drizzle-orm';
import serverNodeFlags from '../apps/server/node-flags.json';
import { loadOrCreateSigningKeys } from '../apps/server/src/auth/keys';
import { loadConfig } from '../apps/server/src/config';
import { keyRingFor } from '../apps/server/src/platform/crypto/key-ring';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { isDatabaseEmpty, seedDemoData } from '../apps/server/src/demo/demo';
import { seedReferenceData } from '../apps/server/src/db/seed/reference-data';
import { companies, documents, parties, users } from '../apps/server/src/db/schema/index';
import { contentKey } from '../apps/server/src/platform/blob-store/index';
import { machineLoad, table } from './lib/measure';
import { signAccessToken } from './lib/token';

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '500' },
    port: { type: 'string', default: '3207' },
  },
});
const MiB = 1024 * 1024;
const fileBytes = Number(args.mb) * MiB;
const port = Number(args.port);
const RSS_TARGET_MB = 64;
const serverRoot = path.resolve(import.meta.dirname, '../apps/server');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-bench-upload-'));
const databaseUrl = process.env.DATABASE_URL ?? null;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'never',
  WEB_DIST_DIR: '/nonexistent',
};
const config = loadConfig(env);

// ---- The sender: the demo vendor's administrator, sending an AR invoice to Red Mesa ----------

async function openBenchDatabase(): Promise<Database> {
  return openDatabase({ url: databaseUrl, pgliteDir: `${dataDir}/db` });
}

async function prepareSender() {
  const database = await openBenchDatabase();
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    if (await isDatabaseEmpty(database.db)) await seedDemoData(database.db);
    const keys = await loadOrCreateSigningKeys(database.db, keyRingFor(config));
    const { db } = database;
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.emailAddress, 'admin@permian.example'));
    const [vendor] = await db.select().from(companies).where(eq(companies.code, 'PBS'));
    const [operator] = await db.select().from(companies).where(eq(companies.code, 'RMO'));
    if (!user?.externalId || !vendor || !operator) throw new Error('demo data missing');
    const [party] = await db
      .select({ id: parties.id })
      .from(parties)
      .where(and(eq(parties.companyId, vendor.id), eq(parties.connectedCompanyId, operator.id)));
    if (!party) throw new Error('the demo vendor has no connection to Red Mesa');
    const token = await signAccessToken(keys, config, user.externalId, user.emailAddress);
    return { token, companyId: vendor.id, partyId: party.id };
  } finally {
    // PGlite is single-process: the server opens the same directory next.
    await database.close();
  }
}

// ---- The server as a child process --------------------------------------------------------

function startServer(): ChildProcess {
  // The compiled server with `npm start`'s flags, built first if stale; spawned directly (not
  // through npm), so the pid is the server's own and /proc/<pid>/status is its memory.
  const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs', 'server'], {
    cwd: path.resolve(serverRoot, '../..'),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server build failed');
  const child = spawn(process.execPath, [...serverNodeFlags, 'dist/main.js'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`server exited: ${code ?? signal}`);
  });
  return child;
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start within 60 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** VmRSS / VmHWM of a process in bytes (Linux). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1]) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets the kernel's peak RSS (VmHWM) of the process to its current RSS. */
function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

// ---- The upload ---------------------------------------------------------------------------

/**
 * `bytes` of a PDF-headed file ending in a trailer (the server checks both), generated on the fly
 * in 1 MiB chunks; hashed as it is sent.
 */
function* pdfBytes(bytes: number, hash: crypto.Hash): Generator<Buffer> {
  const block = crypto.randomBytes(MiB);
  const header = Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1');
  const trailer = Buffer.from('\nstartxref\n9\n%%EOF\n', 'latin1');
  for (let sent = 0, n = 0; sent < bytes; n++) {
    const chunk = Buffer.from(block.subarray(0, Math.min(MiB, bytes - sent)));
    if (n === 0) header.copy(chunk);
    else chunk.writeUInt32BE(n, 0); // every chunk differs
    if (sent + chunk.length >= bytes) trailer.copy(chunk, chunk.length - trailer.length);
    hash.update(chunk);
    sent += chunk.length;
    yield chunk;
  }
}

interface UploadOutcome {
  status: number;
  body: string;
  seconds: number;
  sha256: string;
}

/** Waits until the document's reading job has finished (any end state). */
async function readingDone(
  sender: { token: string; companyId: number },
  documentId: number,
): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const res = await fetch(`http://127.0.0.1:${port}/api/documents/${documentId}`, {
      headers: { authorization: `Bearer ${sender.token}`, 'company-id': String(sender.companyId) },
    });
    const status = ((await res.json()) as { extraction?: { status: string } | null }).extraction
      ?.status;
    if (status !== 'pending' && status !== 'running') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`document ${documentId} was still being read after two minutes`);
}

async function upload(
  sender: { token: string; companyId: number; partyId: number },
  bytes: number,
  fileName: string,
): Promise<UploadOutcome> {
  const boundary = `----flowline-bench-${crypto.randomUUID()}`;
  const fileUploadData = JSON.stringify({
    documentTypeId: DocumentTypeId.ArInvoice,
    receivingPartyId: sender.partyId,
  });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fileUploadData"\r\n\r\n${fileUploadData}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = crypto.createHash('sha256');
  const body = Readable.from(
    (function* () {
      yield head;
      yield* pdfBytes(bytes, hash);
      yield tail;
    })(),
  );
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/documents/upload',
        headers: {
          authorization: `Bearer ${sender.token}`,
          'company-id': String(sender.companyId),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + bytes + tail.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            seconds: (performance.now() - start) / 1000,
            sha256: hash.digest('hex'),
          }),
        );
      },
    );
    req.on('error', reject);
    body.on('error', reject);
    body.pipe(req);
  });
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MiB }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

// ---- Run ----------------------------------------------------------------------------------

const mb = (bytes: number) => (bytes / MiB).toFixed(1);
let server: ChildProcess | undefined;
try {
  console.log(
    `database: ${databaseUrl ? 'postgres' : 'pglite'}, DATA_DIR ${dataDir}; ${machineLoad()}`,
  );
  const sender = await prepareSender();
  server = startServer();
  await waitForHealth(server);
  const pid = server.pid!;

  // Warm-up: an 8 MiB upload loads the multipart, hashing and database code paths once. Files up
  // to 4 MiB are parsed whole by the content check (http/content-check.ts), which this generated
  // filler would fail; larger ones are checked by their trailer, like the measured upload.
  const warm = await upload(sender, 8 * MiB, 'warm-up.pdf');
  if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
  // Every upload is then read by a background job (document intelligence); the baseline is taken
  // once the warm-up's reading is over, so the figure is the upload path's own memory. (The 500 MB
  // file itself is above the reading limit and is not read.)
  await readingDone(sender, (JSON.parse(warm.body) as { documentIds: number[] }).documentIds[0]!);
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const baseline = memoryOf(pid).rss;
  resetPeak(pid);
  let sampledPeak = baseline;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
  }, 50);
  const result = await upload(sender, fileBytes, `bench-${args.mb}mb.pdf`);
  clearInterval(sampler);
  const { rss: after, hwm } = memoryOf(pid);
  sampledPeak = Math.max(sampledPeak, after);
  if (result.status !== 201) throw new Error(`upload failed: ${result.status} ${result.body}`);
  const documentId = (JSON.parse(result.body) as { documentIds: number[] }).documentIds[0]!;

  // The stored blob: under its content key, byte-identical to what was sent.
  const blobFile = path.join(
    dataDir,
    'files',
    ...contentKey('documents', result.sha256).split('/'),
  );
  const storedSha = fs.existsSync(blobFile) ? await sha256OfFile(blobFile) : 'missing';
  await stopServer(server);
  const database = await openBenchDatabase();
  const [row] = await database.db
    .select({ sha: documents.fileSha256, size: documents.fileSize })
    .from(documents)
    .where(eq(documents.id, documentId));
  await database.close();

  // The kernel's peak and the sampled one differ by page accounting; count the larger.
  const peak = Math.max(hwm, sampledPeak);
  const growth = peak - baseline;
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(`\nupload of ${mb(fileBytes)} MiB (document ${documentId})`);
  console.log(
    table(
      ['measure', 'value', 'target', ''],
      [
        ['total time', `${result.seconds.toFixed(2)} s`, '', ''],
        ['throughput', `${(fileBytes / MiB / result.seconds).toFixed(1)} MiB/s`, '', ''],
        ['server RSS before', `${mb(baseline)} MiB`, '', ''],
        ['server RSS peak (sampled every 50 ms)', `${mb(sampledPeak)} MiB`, '', ''],
        ['server RSS peak (kernel VmHWM)', `${mb(hwm)} MiB`, '', ''],
        [
          'server RSS growth (peak − before)',
          `${mb(growth)} MiB`,
          `≤ ${RSS_TARGET_MB} MiB`,
          pass(growth <= RSS_TARGET_MB * MiB),
        ],
        ['server RSS after', `${mb(after)} MiB`, '', ''],
        ['sha256 sent', result.sha256.slice(0, 16) + '…', '', ''],
        [
          'sha256 of the stored blob',
          storedSha.slice(0, 16) + '…',
          '= sent',
          pass(storedSha === result.sha256),
        ],
        [
          'documents.file_sha256 / file_size',
          `${row?.sha.slice(0, 16)}… / ${row?.size}`,
          '= sent',
          pass(row?.sha === result.sha256 && row.size === fileBytes),
        ],
      ],
    ),
  );
  console.log(`(sampled peak − before: ${mb(sampledPeak - baseline)} MiB)`);
} finally {
  if (server) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
