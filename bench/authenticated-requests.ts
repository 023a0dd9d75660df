// Throughput of the authenticated, tenant-scoped request path (token verification, user lookup,
// membership check, one query) against the real app, beside the bare /api/health in the same run.
// Prints req/s and each endpoint's ratio to /api/health (medians of the rounds). Figures, not a
// timed test.
//   npx tsx bench/authenticated-requests.ts                 (PGlite in memory)
//   npx tsx bench/authenticated-requests.ts --postgres      (a fresh database on 127.0.0.1:5432)
//   DATABASE_URL=postgres://… npx tsx bench/authenticated-requests.ts   (an existing database)
//   --rounds N (default 5), --duration S per endpoint and round (default 3), --only PATH-PART
// The endpoints take turns in short slices (health, flags, current, health, …) after a warm-up,
// so a busy neighbour on the shared machine weighs on all of them alike; each round gives a ratio
// to the health figure of the same round.
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { generateSigningKeys } from '../apps/server/src/auth/keys';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/demo/demo';
import { seedReferenceData } from '../apps/server/src/db/seed/reference-data';
import { companies, users } from '../apps/server/src/db/schema/index';
import { signAccessToken } from './lib/token';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const rounds = option('rounds', 5);
const duration = option('duration', 3);
const PORT = 3199;

const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let url = process.env.DATABASE_URL ?? null;
let dropDatabase: (() => Promise<void>) | null = null;
if (!url && argv.includes('--postgres')) {
  const name = `flowline_bench_auth_${crypto.randomBytes(4).toString('hex')}`;
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

const config = loadConfig({
  ...process.env,
  PORT: String(PORT),
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
});
const database = await openDatabase({ url });
await database.migrate();
await seedReferenceData(database.db);
if ((await database.db.select().from(companies).limit(1)).length === 0)
  await seedDemoData(database.db);
const keys = await generateSigningKeys();
const app = await buildApp({ config, database, keys, logger: false });
await app.listen({ port: PORT, host: '127.0.0.1' });

const [user] = await database.db
  .select()
  .from(users)
  .where(eq(users.emailAddress, 'dana@flowline.example'));
const [company] = await database.db.select().from(companies).where(eq(companies.code, 'PBS'));
const token = await signAccessToken(keys, config, user!.externalId!, user!.emailAddress);
const tenantHeaders = { authorization: `Bearer ${token}`, 'company-id': String(company!.id) };

const targets = [
  { title: 'GET /api/health (no auth, select 1)', path: '/api/health', headers: {} },
  {
    title: 'GET /api/featureflags (token + Company-Id)',
    path: '/api/featureflags',
    headers: tenantHeaders,
  },
  {
    title: 'GET /api/users/current (token + Company-Id)',
    path: '/api/users/current',
    headers: tenantHeaders,
  },
  // Row-level security (docs/row-level-security.md): a list over the policed document tables.
  {
    title: 'GET /api/documentroute (a list page)',
    path: '/api/documentroute',
    headers: tenantHeaders,
  },
];

// --only users/current: health and that endpoint only (for profiling with --cpu-prof).
const only = argv.indexOf('--only') >= 0 ? argv[argv.indexOf('--only') + 1] : undefined;
if (only)
  targets.splice(1, targets.length, ...targets.filter((t, i) => i > 0 && t.path.includes(only)));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

console.log(
  `database: ${database.kind}; ${rounds} rounds × ${duration} s per endpoint, 20 connections`,
);
for (const t of targets)
  await autocannon({
    url: `http://127.0.0.1:${PORT}${t.path}`,
    headers: t.headers,
    connections: 20,
    duration: 2,
  });
const perTarget = targets.map(() => ({
  rps: [] as number[],
  p99: [] as number[],
  ratio: [] as number[],
}));
for (let round = 1; round <= rounds; round++) {
  let health = 0;
  const line: string[] = [];
  for (const [i, t] of targets.entries()) {
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}${t.path}`,
      headers: t.headers,
      connections: 20,
      duration,
    });
    if (result.non2xx) throw new Error(`${t.path}: ${result.non2xx} non-2xx responses`);
    const rps = result.requests.average;
    if (i === 0) health = rps;
    perTarget[i]!.rps.push(rps);
    perTarget[i]!.p99.push(result.latency.p99);
    perTarget[i]!.ratio.push(rps / health);
    line.push(`${Math.round(rps)} (${Math.round((100 * rps) / health)} %)`);
  }
  console.log(`round ${round}: ${line.join('  ')}`);
}
console.log('median of the rounds:');
for (const [i, t] of targets.entries()) {
  const r = perTarget[i]!;
  console.log(
    `${t.title.padEnd(48)} ${Math.round(median(r.rps)).toString().padStart(6)} req/s  p99 ${median(r.p99)} ms  ${Math.round(100 * median(r.ratio))} % of health`,
  );
}
await app.close();
await database.close();
await dropDatabase?.();
