// The real-time channel at scale (issue 15 item 5, docs/realtime.md): N authenticated sockets on
// one instance — or split across two instances on one PostgreSQL — while events are fired on
// the first instance. Prints p50/p99 delivery latency (from the bench asking for the event to
// the socket receiving it: IPC + insert + commit + NOTIFY + fan-out), messages/s, server RSS.
//   npm run bench:realtime                              (PGlite in the server process)
//   DATABASE_URL=postgres://… npm run bench:realtime     (an existing database)
//   npm run bench:realtime -- --postgres                (a fresh database on 127.0.0.1:5432)
//   --instances 2 (PostgreSQL; a fresh database unless DATABASE_URL), --users 2000,
//   --companies 100, --events 4000 (one user each), --wide 200 (company-wide), --rate 1000/s
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { WebSocket } from 'ws';
import { generateSigningKeys } from '../apps/server/src/auth/keys';
import { loadConfig } from '../apps/server/src/config';
import { signAccessToken } from './lib/token';
import type { ServerCommand } from './realtime/server';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const instances = option('instances', 1);
const userCount = option('users', 2000);
const companyCount = option('companies', 100);
const personalEvents = option('events', 4000);
const wideEvents = option('wide', 200);
const rate = option('rate', 1000);
const now = () => performance.timeOrigin + performance.now();

const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let url = process.env.DATABASE_URL ?? '';
let dropDatabase: (() => Promise<void>) | null = null;
if (!url && (instances > 1 || argv.includes('--postgres'))) {
  const name = `flowline_bench_rt_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(SERVER);
  dbUrl.pathname = `/${name}`;
  url = dbUrl.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: SERVER });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

// Both processes issue and verify tokens for the same issuer (PUBLIC_URL), whatever their port.
process.env.PUBLIC_URL ??= 'http://localhost:3615';
const keys = await generateSigningKeys();
const keysFile = path.join(os.tmpdir(), `flowline-bench-rt-${process.pid}.json`);
fs.writeFileSync(keysFile, JSON.stringify(keys));
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });

type Command = ServerCommand extends infer C
  ? C extends { id: number }
    ? Omit<C, 'id'>
    : never
  : never;

interface Instance {
  child: ChildProcess;
  port: number;
  call<T>(command: Command): Promise<T>;
}

async function startInstance(): Promise<Instance> {
  const child = fork(path.join(import.meta.dirname, 'realtime/server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_KEYS_FILE: keysFile, DATABASE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const started = new Promise<{ port: number; kind: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (raw) => {
      const m = raw as {
        ready?: boolean;
        port: number;
        kind: string;
        id: number;
        result: unknown;
        error?: string;
      };
      if (m.ready) return resolve(m);
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.error) p?.reject(new Error(m.error));
      else p?.resolve(m.result);
    });
  });
  const { port, kind } = await started;
  console.log(`instance on port ${port} (${kind})`);
  return {
    child,
    port,
    call: <T>(command: Command) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ ...command, id });
      }),
  };
}

const servers: Instance[] = [];
for (let i = 0; i < instances; i++) servers.push(await startInstance()); // one migrates first
const first = servers[0]!;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const rssOf = () => Promise.all(servers.map((s) => s.call<number>({ cmd: 'rss' })));

const run = crypto.randomBytes(2).toString('hex');
const people = await first.call<
  Array<{ userId: number; companyId: number; externalId: string; email: string }>
>({ cmd: 'setup', users: userCount, companies: companyCount, run });
const rssBefore = await rssOf();

// Sockets: person i on instance i % instances.
interface Client {
  ws: WebSocket;
  instance: number;
  received: number;
}
const latencies: number[][] = servers.map(() => []);
let delivered = 0;
let lastDelivery = 0;
const openStart = now();
const clients: Client[] = [];
const connectOne = async (person: (typeof people)[number], index: number) => {
  const instance = index % servers.length;
  const token = await signAccessToken(keys, config, person.externalId, person.email);
  const ws = new WebSocket(`ws://127.0.0.1:${servers[instance]!.port}/api/notifications/subscribe`);
  const client: Client = { ws, instance, received: 0 };
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`socket closed with ${code} before ready`)));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as {
        type: string;
        sentAt?: number;
        notification?: { title: string };
      };
      if (m.type === 'ready') return resolve();
      const sentAt =
        m.type === 'bench' ? m.sentAt : Number(m.notification?.title.replace('bench:', ''));
      if (!sentAt) return;
      const at = now();
      latencies[instance]!.push(at - sentAt);
      client.received++;
      delivered++;
      lastDelivery = at;
    });
    ws.once('open', () =>
      ws.send(JSON.stringify({ type: 'auth', token, companyId: person.companyId })),
    );
  });
  clients.push(client);
};
for (let i = 0; i < people.length; i += 100)
  await Promise.all(people.slice(i, i + 100).map((p, j) => connectOne(p, i + j)));
console.log(`${clients.length} sockets authenticated in ${Math.round(now() - openStart)} ms`);
const rssConnected = await rssOf();

// Events: personal ones round-robin over the users, company-wide ones over the companies.
const companyIds = [...new Set(people.map((p) => p.companyId))];
const socketsOfCompany = new Map<number, number>();
for (const p of people)
  socketsOfCompany.set(p.companyId, (socketsOfCompany.get(p.companyId) ?? 0) + 1);
const plan: Array<{ companyId: number; userId: number | null }> = [];
for (let i = 0; i < personalEvents; i++) {
  const p = people[i % people.length]!;
  plan.push({ companyId: p.companyId, userId: p.userId });
  if (wideEvents && i % Math.max(1, Math.floor(personalEvents / wideEvents)) === 0)
    plan.push({ companyId: companyIds[plan.length % companyIds.length]!, userId: null });
}
const expected = plan.reduce(
  (sum, e) => sum + (e.userId === null ? socketsOfCompany.get(e.companyId)! : 1),
  0,
);
const BATCH_MS = 20;
const perBatch = Math.max(1, Math.round((rate * BATCH_MS) / 1000));
const fireStart = now();
const inFlight: Promise<unknown>[] = [];
for (let i = 0; i < plan.length; i += perBatch) {
  const events = plan.slice(i, i + perBatch).map((e) => ({ ...e, sentAt: now() }));
  inFlight.push(first.call({ cmd: 'fire', events }));
  const due = fireStart + (i / perBatch + 1) * BATCH_MS;
  await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
}
await Promise.all(inFlight);
const fired = now();
const deadline = now() + 30_000;
while (delivered < expected && now() < deadline) await new Promise((r) => setTimeout(r, 50));
const rssAfter = await rssOf();

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const all = latencies.flat();
console.log(
  `${plan.length} events (${personalEvents} personal, ${plan.length - personalEvents} company-wide) at ~${rate}/s ` +
    `in ${Math.round(fired - fireStart)} ms; ${delivered} of ${expected} messages delivered`,
);
console.log(
  `latency p50 ${pct(all, 50).toFixed(1)} ms  p99 ${pct(all, 99).toFixed(1)} ms  max ${pct(all, 100).toFixed(1)} ms; ` +
    `${Math.round(delivered / ((lastDelivery - fireStart) / 1000))} messages/s`,
);
servers.forEach((_, i) =>
  console.log(
    `instance ${i + 1}: ${latencies[i]!.length} messages, p50 ${pct(latencies[i]!, 50).toFixed(1)} ms, ` +
      `p99 ${pct(latencies[i]!, 99).toFixed(1)} ms; RSS ${mb(rssBefore[i]!)} MB before sockets, ` +
      `${mb(rssConnected[i]!)} MB with them, ${mb(rssAfter[i]!)} MB after the events ` +
      `(+${mb(rssAfter[i]! - rssBefore[i]!)} MB)`,
  ),
);
if (servers.length > 1) {
  const got = latencies[1]!.length;
  const want = plan.reduce(
    (sum, e) =>
      sum +
      (e.userId === null
        ? people.filter((p, i) => i % servers.length === 1 && p.companyId === e.companyId).length
        : people.findIndex((p) => p.userId === e.userId) % servers.length === 1
          ? 1
          : 0),
    0,
  );
  console.log(
    `second instance (events made on the first): ${got} of ${want} messages ${got === want ? '— all delivered' : `— MISSING ${want - got}`}`,
  );
}
const ok = delivered === expected;
for (const c of clients) c.ws.terminate();
for (const s of servers) s.child.disconnect();
await Promise.all(servers.map((s) => new Promise((r) => s.child.once('exit', r))));
fs.rmSync(keysFile, { force: true });
await dropDatabase?.();
process.exit(ok ? 0 : 1);
