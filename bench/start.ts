// `npm run bench:start [-- --postgres [--demo]] [-- --tsx]`: how long `npm start` takes to answer
// GET /api/health on an already-built checkout (a first start on an empty data directory, then a
// restart on the same data), and the server's idle RSS beside a bare process that only opens the
// same PGlite data directory (with Node's defaults, and with the server's flags). --tsx runs the
// TypeScript sources through tsx instead of the compiled server (the way `npm start` ran before
// issue 16), for comparison. Figures in bench/README.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import serverNodeFlags from '../apps/server/node-flags.json';

const root = path.resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
const onPostgres = args.has('--postgres');
const viaTsx = args.has('--tsx');
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 15_000);
const SETTLED_MS = Number(process.env.BENCH_SETTLED_MS ?? 15_000);
const port = Number(process.env.BENCH_PORT ?? 3790);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

/** VmRSS of a process in kB (Linux). */
function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

/** Every descendant of a process, through /proc (npm start runs the server as a grandchild). */
function descendants(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** The server: the largest process under the command (npm, sh and tsx's launcher are small). */
function serverPid(parent: number): number | undefined {
  let best: { pid: number; rss: number } | undefined;
  for (const pid of descendants(parent)) {
    try {
      const rss = rssKb(pid);
      if (!best || rss > best.rss) best = { pid, rss };
    } catch {
      // ended
    }
  }
  return best?.pid;
}

async function waitForHealth(child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (ended(child)) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

interface Rss {
  median: number;
  min: number;
  max: number;
  /** The median over the SETTLED_MS after that, once V8 has given back what the start grew. */
  settled: number;
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;

async function sampleRss(pid: number, ms: number): Promise<number[]> {
  const samples: number[] = [];
  for (let waited = 0; waited < ms; waited += 1000) {
    await sleep(1000);
    samples.push(rssKb(pid));
  }
  return samples.sort((a, b) => a - b);
}

/**
 * Idle RSS, sampled each second for IDLE_MS after the first answer: the median and the range. On
 * this machine a PGlite process's RSS sometimes drops by ~170 MB for no reason of its own (seen
 * in bare PGlite processes doing nothing), so the range is printed too. Then the median of the
 * next SETTLED_MS: V8 shrinks the young generation the start grew (16 MB) at its first collection
 * once allocation has been slow for a few seconds, ~15–20 s after a start on this machine.
 */
async function idleRss(pid: number): Promise<Rss> {
  const samples = await sampleRss(pid, IDLE_MS);
  const settled = SETTLED_MS > 0 ? median(await sampleRss(pid, SETTLED_MS)) : NaN;
  return { median: median(samples), min: samples[0]!, max: samples.at(-1)!, settled };
}

const showRss = (r: Rss) =>
  `${mb(r.median)} (${mb(r.min)}–${mb(r.max)})${Number.isNaN(r.settled) ? '' : `, settled ${mb(r.settled)}`}`;

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function stop(child: ChildProcess) {
  if (ended(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (!ended(child)) process.kill(-child.pid!, 'SIGKILL');
}

interface Run {
  ms: number;
  /** CPU seconds the server used until its first answer (steadier than wall time on a busy box). */
  cpuS: number;
  rss: Rss;
}

/** User + system CPU of a process in seconds (Linux clock ticks, 100 per second). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Run> {
  const command = viaTsx ? ['npx', 'tsx', 'apps/server/src/main.ts'] : ['npm', 'start'];
  const started = performance.now();
  // Its own process group, so stopping it stops npm and the server under it.
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const ms = await waitForHealth(child, started);
    const pid = serverPid(child.pid!);
    if (!pid) throw new Error('could not find the server process');
    const cpuS = cpuSeconds(pid);
    return { ms, cpuS, rss: await idleRss(pid) };
  } finally {
    await stop(child);
  }
}

/**
 * A process that only opens the PGlite data directory (same extensions) and idles, with Node's
 * default flags or with the server's (node-flags.json: its V8 thread pool and young generation
 * sizes change the bare process's figure too).
 */
async function barePglite(dataDir: string, nodeFlags: string[]): Promise<Rss> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
    import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
    const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)}, extensions: { pg_trgm, btree_gin } });
    await db.query('select 1');
    console.log('ready');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, [...nodeFlags, '--input-type=module', '-e', script], {
    cwd: path.join(root, 'apps/server'),
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      child.once('exit', (code, signal) =>
        reject(new Error(`bare PGlite exited (${code ?? signal})`)),
      );
    });
    return await idleRss(child.pid!);
  } finally {
    await stop(child);
  }
}

async function main() {
  if (!viaTsx) {
    // The bench is about an already-built checkout: build first if anything is stale (untimed).
    const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  let dropDatabase: (() => Promise<void>) | null = null;
  if (onPostgres) {
    const name = `flowline_bench_start_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    // A fresh database as an operator starts one: no demo data (SEED_DEMO_DATA=auto), unless asked.
    if (args.has('--demo')) env.SEED_DEMO_DATA = 'always';
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  try {
    const kind = `${viaTsx ? 'tsx (TypeScript sources)' : 'compiled (npm start)'}, ${onPostgres ? 'PostgreSQL server' : 'PGlite'}`;
    console.log(
      `Start bench: ${kind}; idle RSS over ${IDLE_MS / 1000} s after the first answer: median (min–max), then the median of the next ${SETTLED_MS / 1000} s (settled)\n`,
    );
    const first = await startServer(env);
    console.log(
      `first start (empty database${env.SEED_DEMO_DATA === 'never' || (onPostgres && !args.has('--demo')) ? '' : ', demo data'}): ${(first.ms / 1000).toFixed(1)} s to /api/health (server CPU ${first.cpuS.toFixed(1)} s), idle RSS ${showRss(first.rss)}`,
    );
    const restart = await startServer(env);
    console.log(
      `restart (same data):                     ${(restart.ms / 1000).toFixed(1)} s to /api/health (server CPU ${restart.cpuS.toFixed(1)} s), idle RSS ${showRss(restart.rss)}`,
    );
    if (!onPostgres) {
      const bareDefaults = await barePglite(path.join(dataDir, 'db'), []);
      const bareLikeServer = await barePglite(path.join(dataDir, 'db'), serverNodeFlags);
      console.log(`bare PGlite opening the same data:       idle RSS ${showRss(bareDefaults)}`);
      console.log(
        `  the same with the server's node flags: idle RSS ${showRss(bareLikeServer)} (${serverNodeFlags.join(' ')})`,
      );
      console.log(
        `server above bare PGlite (restart):      ${mb(restart.rss.median - bareDefaults.median)}, ${mb(restart.rss.median - bareLikeServer.median)} with the same flags (medians; target ≤ 100 MB)`,
      );
      console.log(
        `  settled:                               ${mb(restart.rss.settled - bareDefaults.settled)}, ${mb(restart.rss.settled - bareLikeServer.settled)} with the same flags`,
      );
    } else {
      console.log(`(target: idle RSS ≤ 150 MB with the PostgreSQL server)`);
    }
  } finally {
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
