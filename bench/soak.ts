// Soak (issue 17 item 6): virtual users on two compiled instances sharing one fresh PostgreSQL
// database, for minutes. Each user signs in through the embedded issuer's real pages (code + PKCE,
// its own client address), keeps the notifications socket open, renews its token, and loops a
// weighted mix for its company's kind (bench/soak/workload.ts): lists, search, type-ahead, open,
// notifications, chat; vendor upload + send; operator approve + pay and division orders out;
// owner returns them, half signed. Prints per endpoint count, errors, p50/p95/p99, each instance's
// RSS every 10 s and its growth after the warm-up. Exit 1 on any error or growth > 10 %.
//   npm run bench:soak [-- --minutes 10 --users 100 --warmup 1 --think 3] (--keep: keep the database)
//   --snapshots: heap snapshots of the first instance at the warm-up's end and a minute before the
//   end (each pauses it for seconds), and what grew between them by constructor.
//   BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORT (3861)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { latencyOf, machineLoad, ms, table } from './lib/measure';
import { Stats } from './soak/http';
import {
  addPeople,
  freshDatabase,
  rssOf,
  startInstance,
  type Instance,
  type Person,
} from './soak/instances';
import {
  grownBetween,
  majorCollections,
  summariseSnapshot,
  takeSnapshot,
  type HeapSummary,
} from './soak/memory';
import type { SocketCounts } from './soak/socket';
import { runVirtualUser } from './soak/virtual-user';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const minutes = option('minutes', 10);
const userCount = option('users', 100);
const warmupMinutes = option('warmup', 1);
const thinkSeconds = option('think', 3);
const snapshots = argv.includes('--snapshots');
const port = Number(process.env.BENCH_PORT ?? 3861);
const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RSS_EVERY_MS = 10_000;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const root = path.resolve(import.meta.dirname, '..');
const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('the build failed');

const database = await freshDatabase(SERVER);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-soak-'));
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-soak-logs-'));
const publicUrl = `http://localhost:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  PUBLIC_URL: publicUrl,
  // Each virtual user comes from its own address (X-Forwarded-For, trusted from loopback only),
  // so the per-address sign-in throttle sees 100 people rather than one attacker.
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DEV_MAILBOX: 'false',
};
const instances: Instance[] = [];
let exitCode: number | undefined;
try {
  const startedAt = Date.now();
  instances.push(
    await startInstance({
      port,
      env: { ...env, SEED_DEMO_DATA: 'always' },
      logDir,
      nodeFlags: snapshots ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${logDir}`] : [],
    }),
  );
  const perKind = {
    vendor: Math.ceil(userCount / 3),
    operator: Math.ceil((userCount - 1) / 3),
    owner: Math.floor(userCount / 3),
  };
  const people = await addPeople(database.url, perKind);
  instances.push(
    await startInstance({ port: port + 1, env: { ...env, SEED_DEMO_DATA: 'never' }, logDir }),
  );
  console.log(
    `two instances on ${database.url.replace(/^.*\//, '')} (demo data + ${people.length} users) ` +
      `in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; logs in ${logDir}`,
  );
  exitCode = await soak(people);
} finally {
  await Promise.all(instances.map((i) => i.stop()));
  if (argv.includes('--keep')) console.log(`kept the database: ${database.url}`);
  else await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode ?? 1);

async function soak(people: Person[]): Promise<number> {
  const stats = new Stats();
  stats.measuring = true;
  const sockets: SocketCounts = { messages: 0, unexpectedCloses: [] };
  const vuErrors: string[] = [];
  const start = Date.now();
  const warmupEnd = start + warmupMinutes * 60_000;
  const end = start + minutes * 60_000;
  const loads: number[] = [];

  // RSS of each instance every 10 s (and the load average beside it).
  const rss: Array<Array<{ at: number; bytes: number }>> = instances.map(() => []);
  const sample = () => {
    loads.push(os.loadavg()[0]!);
    instances.forEach((inst, i) => rss[i]!.push({ at: Date.now(), bytes: rssOf(inst.child.pid!) }));
  };
  sample();
  const sampler = setInterval(sample, RSS_EVERY_MS);

  // Heap snapshots of the first instance, both under load: at the warm-up's end and a minute
  // before the end.
  const snapshotFiles: Array<Promise<string | null>> = [];
  const snapshotTimers = snapshots
    ? [warmupEnd, Math.max(warmupEnd + 60_000, end - 60_000)].map((at) =>
        setTimeout(() => {
          console.log(
            `  heap snapshot of instance 1 at ${Math.round((Date.now() - start) / 1000)} s`,
          );
          snapshotFiles.push(
            takeSnapshot(instances[0]!.child.pid!, logDir).catch((e: unknown) => {
              console.log(`  heap snapshot failed: ${String(e)}`);
              return null;
            }),
          );
        }, at - start),
      )
    : [];

  // Users start over the first half of the warm-up (or 30 s), kinds and instances interleaved.
  const rampMs = Math.min(30_000, (warmupMinutes * 60_000) / 2) / people.length;
  // Round-robin over the kinds, so each kind is spread over both instances and the ramp.
  const byKind = (['vendor', 'operator', 'owner'] as const).map((k) =>
    people.filter((p) => p.kind === k),
  );
  const order = Array.from({ length: Math.max(...byKind.map((g) => g.length)) }).flatMap((_, i) =>
    byKind.map((g) => g[i]).filter((p): p is Person => p !== undefined),
  );
  const runUser = async (person: Person, index: number) => {
    await sleep(index * rampMs);
    await runVirtualUser({
      person,
      index,
      base: instances[index % instances.length]!.base,
      publicUrl,
      address: `10.77.${index >> 8}.${(index & 255) + 1}`,
      stats,
      sockets,
      end,
      thinkSeconds,
      onError: (text) => vuErrors.push(text),
    });
  };
  const progress = setInterval(() => {
    const done = stats.records.length;
    const failed = stats.records.filter((r) => isError(r)).length;
    console.log(
      `  ${Math.round((Date.now() - start) / 1000)} s: ${done} requests, ${failed} errors, ` +
        `RSS ${rss.map((s) => `${mb(s.at(-1)!.bytes)} MB`).join(' / ')}, ${machineLoad()}`,
    );
  }, 60_000);
  await Promise.all(order.map((p, k) => runUser(p, k)));
  clearInterval(progress);
  clearInterval(sampler);
  snapshotTimers.forEach(clearTimeout);
  sample();
  const files = (await Promise.all(snapshotFiles)).filter((f): f is string => f !== null);
  const failed = report(stats, rss, warmupEnd, sockets, vuErrors, loads);
  const heapGrew = reportMemory(warmupEnd, files);
  return failed || heapGrew ? 1 : 0;
}

function isError(r: { status: number; expected: boolean }) {
  return !r.expected && (r.status < 200 || r.status >= 400);
}

function report(
  stats: Stats,
  rss: Array<Array<{ at: number; bytes: number }>>,
  warmupEnd: number,
  sockets: SocketCounts,
  vuErrors: string[],
  loads: number[],
): number {
  const labels = [...new Set(stats.records.map((r) => r.label))].sort();
  const rows = labels.map((label) => {
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
  });
  const errors = stats.records.filter(isError).length + vuErrors.length;
  console.log(
    `\n${userCount} users, ${minutes} min (warm-up ${warmupMinutes} min), think ~${thinkSeconds} s`,
  );
  console.log(
    table(['endpoint', 'count', 'errors', 'expected', 'p50 ms', 'p95 ms', 'p99 ms'], rows),
  );
  const total = stats.records.length;
  const seconds = (stats.records.at(-1)!.at - stats.records[0]!.at) / 1000;
  console.log(`\n${total} requests (${(total / seconds).toFixed(1)}/s), ${errors} errors`);
  for (const [label, bodies] of stats.failures)
    console.log(`  ${label}:\n    ${bodies.join('\n    ')}`);
  for (const e of vuErrors.slice(0, 10)) console.log(`  user error: ${e}`);
  console.log(
    `sockets: ${sockets.messages} messages received, ${sockets.unexpectedCloses.length} unexpected closes` +
      (sockets.unexpectedCloses.length
        ? ` (${sockets.unexpectedCloses.slice(0, 5).join('; ')})`
        : ''),
  );
  const sorted = [...loads].sort((a, b) => a - b);
  console.log(
    `load average (1 min) during the run: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)}, ` +
      `max ${sorted.at(-1)!.toFixed(1)} on ${os.availableParallelism()} cores`,
  );

  // RSS: median of the first minute after the warm-up against the median of the last minute
  // (printed; the saw-tooth makes it noisy), and the troughs — the lowest sample of the first and
  // of the last quarter after the warm-up — which is what the criterion uses.
  let grew = false;
  rss.forEach((samples, i) => {
    const after = samples.filter((s) => s.at >= warmupEnd);
    const window = Math.max(1, Math.min(6, Math.floor(after.length / 2)));
    const median = (xs: typeof samples) =>
      [...xs.map((s) => s.bytes)].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const base = median(after.slice(0, window));
    const last = median(after.slice(-window));
    const growth = (100 * (last - base)) / base;
    const quarter = Math.max(1, Math.floor(after.length / 4));
    const lowest = (xs: typeof samples) => Math.min(...xs.map((s) => s.bytes));
    const troughFirst = lowest(after.slice(0, quarter));
    const troughLast = lowest(after.slice(-quarter));
    const troughGrowth = (100 * (troughLast - troughFirst)) / troughFirst;
    // A heap snapshot makes V8 allocate hundreds of MB outside the heap, which RSS keeps: with
    // --snapshots the first instance's RSS no longer says anything, the second one's does.
    const judged = !(snapshots && i === 0);
    if (judged) grew ||= troughGrowth > 10;
    console.log(
      `instance ${i + 1} RSS (MB, every 10 s): ${samples.map((s) => mb(s.bytes)).join(' ')}`,
    );
    // The trend after the warm-up (least squares, MB per minute) and the range tell a leak from
    // the garbage collector's saw-tooth.
    const xs = after.map((s) => (s.at - warmupEnd) / 60_000);
    const ys = after.map((s) => s.bytes / 1024 / 1024);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const slope =
      xs.reduce((sum, x, k) => sum + (x - mx) * (ys[k]! - my), 0) /
      (xs.reduce((sum, x) => sum + (x - mx) ** 2, 0) || 1);
    console.log(
      `instance ${i + 1}: ${mb(base)} MB after the warm-up → ${mb(last)} MB at the end: ` +
        `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (medians); troughs ${mb(troughFirst)} → ` +
        `${mb(troughLast)} MB: ${troughGrowth >= 0 ? '+' : ''}${troughGrowth.toFixed(1)} % ` +
        `(${judged ? 'limit 10 %' : 'not judged: heap snapshots taken'}); after the warm-up ` +
        `${Math.round(Math.min(...ys))}–${Math.round(Math.max(...ys))} MB, trend ` +
        `${slope >= 0 ? '+' : ''}${slope.toFixed(1)} MB/min`,
    );
  });
  for (const inst of instances) {
    const lines = fs.readFileSync(inst.logFile, 'utf8').split('\n');
    const logged = lines.filter((l) => /"level":(50|60)/.test(l));
    console.log(`${path.basename(inst.logFile)}: ${logged.length} error lines`);
    for (const l of logged.slice(0, 5)) console.log(`  ${l.slice(0, 600)}`);
  }
  return errors > 0 || grew ? 1 : 0;
}

/** Live heap after each major collection per instance, and what grew between the snapshots. */
function reportMemory(warmupEnd: number, files: string[]): boolean {
  let grew = false;
  instances.forEach((inst, i) => {
    const after = majorCollections(inst.logFile).filter(
      (gc) => inst.spawnedAt + gc.at >= warmupEnd,
    );
    if (after.length < 2) {
      console.log(`instance ${i + 1}: ${after.length} major collections after the warm-up`);
      return;
    }
    const k = Math.min(3, Math.floor(after.length / 2));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const first = median(after.slice(0, k).map((gc) => gc.liveMb));
    const last = median(after.slice(-k).map((gc) => gc.liveMb));
    const growth = (100 * (last - first)) / first;
    grew ||= growth > 10;
    console.log(
      `instance ${i + 1} heap after each of ${after.length} major collections (MB): ` +
        `${after.map((gc) => Math.round(gc.liveMb)).join(' ')}\n` +
        `instance ${i + 1}: live heap ${first.toFixed(0)} → ${last.toFixed(0)} MB ` +
        `(median of the first and last ${k}): ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (limit 10 %)`,
    );
  });
  if (files.length === 2) {
    const [before, after]: HeapSummary[] = files.map(summariseSnapshot);
    console.log(
      `heap snapshots of instance 1: ${mb(before!.totalBytes)} → ${mb(after!.totalBytes)} MB live, ` +
        `${before!.nodes} → ${after!.nodes} objects (${files.join(', ')})`,
    );
    console.log(
      table(
        ['grew most', 'bytes', 'objects', 'total MB'],
        grownBetween(before!, after!).map((g) => [
          g.name.slice(0, 60),
          `${g.bytes >= 0 ? '+' : ''}${(g.bytes / 1024).toFixed(0)} KB`,
          `${g.count >= 0 ? '+' : ''}${g.count}`,
          (g.total / 1024 / 1024).toFixed(1),
        ]),
      ),
    );
  }
  return grew;
}
