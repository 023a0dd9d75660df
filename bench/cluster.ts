// Cluster bench (issue 33 item 2, docs/scale-out.md): three compiled API instances with
// JOB_WORKERS=off, one `npm run worker`, a PostgreSQL primary and its streaming replica
// (pg_basebackup -R, reads routed by DATABASE_READ_URL), an S3 API (s3rver) and Debian's haproxy
// in front, health-checked on /api/health/ready. The soak's virtual users (bench/soak/) sign in
// through the issuer's real pages and work through the balancer; in the middle one API instance is
// killed with SIGKILL. Prints requests, errors by kind, p50/p95/p99, what was in flight on the
// killed instance, and the invariants that say no write was left half done. Exit 1 on any error
// that was not in flight on the killed instance, or any broken invariant.
//   npm run bench:cluster [-- --minutes 5 --users 60 --think 3 --kill-at 2.5]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { startS3 } from '../apps/server/test/helpers/s3rver';
import {
  startStreamingPair,
  streamingPairUnavailable,
} from '../apps/server/test/helpers/streaming-replica';
import { startHaproxy, type Balancer } from './cluster/haproxy';
import { checkInvariants } from './cluster/invariants';
import { latencyOf, machineLoad, ms, table } from './lib/measure';
import { Stats, type CallRecord } from './soak/http';
import { addPeople, startInstance, type Instance, type Person } from './soak/instances';
import type { SocketCounts } from './soak/socket';
import { runVirtualUser } from './soak/virtual-user';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const minutes = option('minutes', 5);
const userCount = option('users', 60);
const thinkSeconds = option('think', 3);
const killAtMinutes = option('kill-at', minutes / 2);
const port = Number(process.env.BENCH_PORT ?? 3871);
const KILLED = 1; // the second instance (api2)
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

const unavailable = streamingPairUnavailable();
if (unavailable) throw new Error(`the cluster bench needs a streaming replica: ${unavailable}`);
if (spawnSync('haproxy', ['-v']).status !== 0)
  throw new Error('the cluster bench needs haproxy (apt-get install haproxy)');

const root = path.resolve(import.meta.dirname, '..');
const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('the build failed');

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-cluster-'));
const dataDir = path.join(workDir, 'data');
fs.mkdirSync(dataDir);
const startedAt = Date.now();
// Four processes with a primary pool each, three with a replica pool, pg-boss's connections.
const pair = await startStreamingPair(200);
const s3 = await startS3('flowline-cluster');
// s3rver keeps keys as files and removes a directory left empty: deleting the last temporary
// upload while another is being written lost the `tmp/` directory under the write (ENOENT, and
// the stand-in's unhandled stream error ended this process). A kept object holds the directory.
await s3.client.send(
  new PutObjectCommand({ Bucket: s3.config.bucket, Key: 'tmp/.keep', Body: '' }),
);
const databaseUrl = pair.primaryUrl.replace(/\/postgres$/, '/flowline');
const replicaUrl = pair.replicaUrl.replace(/\/postgres$/, '/flowline');
{
  const admin = new pg.Client({ connectionString: pair.primaryUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE flowline');
  await admin.end();
}
const publicUrl = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...s3.env,
  DATABASE_URL: databaseUrl,
  DATABASE_READ_URL: replicaUrl,
  DATA_DIR: dataDir,
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DEV_MAILBOX: 'false',
  JOB_WORKERS: 'off',
  // The workload puts every operator and owner user in one chat thread (no company does that):
  // the per-thread post limit (20 a minute) would refuse a third of the posts.
  CHAT_POSTS_PER_MINUTE_PER_THREAD: '1000',
};
const backends = [1, 2, 3].map((n) => ({ name: `api${n}`, port: port + n }));
const instances: Instance[] = [];
let worker: ChildProcess | null = null;
let balancer: Balancer | null = null;
let exitCode = 1;
let stopped = false;
// If this process dies on an uncaught error, `finally` does not run: the cluster must not outlive
// it (a later run would find its ports and databases taken).
process.once('exit', () => {
  if (stopped) return;
  balancer?.stop();
  worker?.kill('SIGKILL');
  for (const instance of instances) instance.child.kill('SIGKILL');
  pair.stop();
});
try {
  instances.push(
    await startInstance({
      port: backends[0]!.port,
      env: { ...env, SEED_DEMO_DATA: 'always' },
      logDir: workDir,
    }),
  );
  const people = await addPeople(databaseUrl, {
    vendor: Math.ceil(userCount / 3),
    operator: Math.ceil((userCount - 1) / 3),
    owner: Math.floor(userCount / 3),
  });
  for (const b of backends.slice(1))
    instances.push(
      await startInstance({
        port: b.port,
        env: { ...env, SEED_DEMO_DATA: 'never' },
        logDir: workDir,
      }),
    );
  const workerLog = fs.openSync(path.join(workDir, 'worker.log'), 'a');
  worker = spawn(process.execPath, ['dist/worker.js'], {
    cwd: path.join(root, 'apps/server'),
    env: { ...env, JOB_WORKERS: undefined },
    stdio: ['ignore', workerLog, workerLog],
  });
  balancer = await startHaproxy(port, backends, workDir);
  console.log(
    `cluster up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: haproxy ${publicUrl} → ` +
      `${backends.map((b) => `${b.name}:${b.port}`).join(', ')}, worker, primary + replica, s3rver; ` +
      `${people.length} users; logs in ${workDir}`,
  );
  exitCode = await run(people, balancer);
} finally {
  balancer?.stop();
  worker?.kill('SIGTERM');
  await Promise.all(instances.map((i) => i.stop()));
  await s3.close();
  pair.stop();
  stopped = true;
  if (exitCode === 0) fs.rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);

async function run(people: Person[], lb: Balancer): Promise<number> {
  const stats = new Stats();
  stats.measuring = true;
  const sockets: SocketCounts = { messages: 0, unexpectedCloses: [] };
  const userErrors: Array<{ at: number; text: string }> = [];
  const start = Date.now();
  const end = start + minutes * 60_000;
  let killedAt = Number.POSITIVE_INFINITY;
  const killer = setTimeout(() => {
    killedAt = Date.now();
    instances[KILLED]!.child.kill('SIGKILL');
    console.log(
      `  ${Math.round((killedAt - start) / 1000)} s: SIGKILL to ${backends[KILLED]!.name}`,
    );
  }, killAtMinutes * 60_000);
  const progress = setInterval(() => {
    const failed = stats.records.filter(isError).length;
    console.log(
      `  ${Math.round((Date.now() - start) / 1000)} s: ${stats.records.length} requests, ` +
        `${failed} failed answers, ${machineLoad()}`,
    );
  }, 30_000);
  const rampMs = 30_000 / people.length;
  const runUser = async (person: Person, index: number) => {
    await sleep(index * rampMs);
    await runVirtualUser({
      person,
      index,
      base: lb.base,
      publicUrl,
      address: `10.78.${index >> 8}.${(index & 255) + 1}`,
      stats,
      sockets,
      end,
      thinkSeconds,
      retryClosedGets: true,
      onError: (text) => userErrors.push({ at: Date.now(), text }),
    });
  };
  await Promise.all(people.map((p, k) => runUser(p, k)));
  clearTimeout(killer);
  clearInterval(progress);
  await sleep(1500); // haproxy's last log lines
  return report(stats, lb, killedAt, sockets, userErrors);
}

function isError(r: CallRecord) {
  return !r.expected && (r.status < 200 || r.status >= 400);
}

async function report(
  stats: Stats,
  lb: Balancer,
  killedAt: number,
  sockets: SocketCounts,
  userErrors: Array<{ at: number; text: string }>,
): Promise<number> {
  const served = lb.served();
  const killedName = backends[KILLED]!.name;
  // In flight on the killed instance: haproxy had sent it there, and the answer was cut off —
  // the request started before the kill and the server's side ended without a full answer.
  const inFlight = (r: CallRecord) => {
    const s = served.get(r.id);
    if (s) return s.server === killedName && r.startedAt <= killedAt && r.at >= killedAt;
    // A write on a client connection the balancer closed as the instance behind it died: haproxy
    // logs nothing for it (no server was chosen), the client sees the connection close.
    return r.status === 0 && r.startedAt <= killedAt + 2000 && r.at >= killedAt;
  };
  const failed = stats.records.filter(isError);
  const cut = failed.filter(inFlight);
  const other = failed.filter((r) => !inFlight(r));
  const kinds = new Map<string, number>();
  for (const r of other) {
    const s = served.get(r.id);
    const kind = `${r.status || 'network'} ${s ? `via ${s.server} (${s.termination})` : 'not logged'} ${r.label}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const labels = [...new Set(stats.records.map((r) => r.label))].sort();
  console.log(
    table(
      ['endpoint', 'count', 'errors', 'expected', 'p50 ms', 'p95 ms', 'p99 ms'],
      labels.map((label) => {
        const of = stats.records.filter((r) => r.label === label);
        const l = latencyOf(of.map((r) => r.ms));
        return [
          label,
          String(of.length),
          String(of.filter(isError).length),
          String(of.filter((r) => r.expected).length),
          ms(l.p50),
          ms(l.p95),
          ms(l.p99),
        ];
      }),
    ),
  );
  const all = latencyOf(stats.records.map((r) => r.ms));
  const byServer = new Map<string, number>();
  for (const r of stats.records) {
    const name = served.get(r.id)?.server ?? 'not logged';
    byServer.set(name, (byServer.get(name) ?? 0) + 1);
  }
  console.log(
    `\n${stats.records.length} requests in ${minutes} min by ${userCount} users: p50 ${ms(all.p50)} ms, ` +
      `p95 ${ms(all.p95)} ms, p99 ${ms(all.p99)} ms; by server: ` +
      [...byServer].map(([n, c]) => `${n} ${c}`).join(', '),
  );
  console.log(
    `in flight on ${killedName} when it was killed: ${cut.length} ` +
      (cut.length ? `(${cut.map((r) => `${r.status || 'network'} ${r.label}`).join('; ')})` : ''),
  );
  console.log(
    `other errors: ${other.length}; GETs sent again after the balancer closed their connection: ${stats.retried}`,
  );
  for (const [kind, count] of kinds) console.log(`  ${count} × ${kind}`);
  for (const [label, bodies] of stats.failures)
    console.log(`  ${label}:\n    ${bodies.slice(0, 3).join('\n    ')}`);
  const userFailures = userErrors.filter((e) => e.at < killedAt || e.at > killedAt + 5000);
  console.log(
    `virtual users' failed steps: ${userErrors.length} (${userErrors.length - userFailures.length} within 5 s of the kill)`,
  );
  for (const e of userErrors.slice(0, 5)) console.log(`  ${e.text.slice(0, 300)}`);
  console.log(
    `sockets: ${sockets.messages} messages, ${sockets.unexpectedCloses.length} closed (reconnected after 1 s)`,
  );
  const invariants = await checkInvariants(databaseUrl, await s3.listKeys());
  let broken = 0;
  for (const inv of invariants) {
    broken += inv.violations;
    console.log(
      `invariant '${inv.name}': ${inv.violations} ${inv.examples.length ? `(${inv.examples.join(', ')})` : ''}`,
    );
  }
  return other.length > 0 || userFailures.length > 0 || broken > 0 ? 1 : 0;
}
