// Documents at scale: 1,000,000 documents across 1,000 companies bulk loaded into PostgreSQL, then
// p50/p95/p99 of the list page, full-text search and type-ahead through the HTTP API and, side by
// side, the same repository SQL run directly, on a large and on a median company; EXPLAIN
// (ANALYZE, BUFFERS) of every statement goes to docs/documents-performance-plans.txt.
// Prints figures; it is not a timed test.
//   npm run bench:documents                       (drops and reloads flowline_bench_documents)
//   npm run bench:documents -- --reuse            (keeps an earlier load of the same size)
//   npm run bench:documents -- --reuse --proposed (with the indexes the page proposes)
//   npm run bench:documents -- --documents=100000 --companies=200 --runs=100 --throughput
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TYPEAHEAD_LIMIT } from '@flowline/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { generateSigningKeys } from '../apps/server/src/auth/keys';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { withTenantScope } from '../apps/server/src/db/tenant-scope';
import { findTypeaheadRows } from '../apps/server/src/modules/document-lists/search-repository';
import { prepareBenchDatabase } from './documents/database';
import { proposedIndexes, setProposedIndexes } from './documents/proposed';
import { explainAll, report, type Company, type Measured } from './documents/report';
import { scenariosFor, typeaheadFragments, type Scenario } from './documents/scenarios';
import {
  latencyOf,
  machineLoad,
  ms,
  rowsOf,
  sample,
  sampleInterleaved,
  table,
  type Latency,
} from './lib/measure';
import { signAccessToken } from './lib/token';
import { refreshCost, sortIndexSizes } from './documents/write-cost';

const { values: args } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    documents: { type: 'string', default: '1000000' },
    companies: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '200' },
    port: { type: 'string', default: '3207' },
    throughput: { type: 'boolean', default: false },
    proposed: { type: 'boolean', default: false },
    'load-only': { type: 'boolean', default: false },
    plans: { type: 'string' },
  },
});
const size = { documents: Number(args.documents), companies: Number(args.companies) };
const runs = Number(args.runs);
const port = Number(args.port);
const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const repoRoot = path.resolve(import.meta.dirname, '..');

const bench = await prepareBenchDatabase({
  serverUrl,
  name: 'flowline_bench_documents',
  size,
  reuse: args.reuse,
});
if (args['load-only']) process.exit(0);

// ---- The real app on the loaded database ---------------------------------------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-bench-documents-'));
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  DATABASE_URL: bench.url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
});
const appDatabase = await openDatabase({ url: bench.url });
const keys = await generateSigningKeys();
const app = await buildApp({ config, database: appDatabase, keys, logger: false });
await app.listen({ port, host: '127.0.0.1' });
const direct = await openDatabase({ url: bench.url, poolSize: 4 });
const baseUrl = `http://127.0.0.1:${port}`;

/** The company with the most routes, and the one in the middle. */
async function measuredCompanies(db: Db): Promise<Company[]> {
  const rows = rowsOf<Omit<Company, 'label'> & { rank: number; total: number }>(
    await db.execute(sql`
      WITH sizes AS (
        SELECT company_id AS id, count(*)::int AS routes,
          count(*) FILTER (WHERE document_type_id = 93 AND route_status_id = 2)::int AS "receivedInvoices"
        FROM document_routes GROUP BY company_id
      ), ranked AS (
        SELECT *, row_number() OVER (ORDER BY routes DESC, id)::int AS rank, count(*) OVER ()::int AS total
        FROM sizes
      )
      SELECT r.id, c.name, r.routes, r."receivedInvoices", r.rank, r.total
      FROM ranked r JOIN companies c ON c.id = r.id
      WHERE r.rank = 1 OR r.rank = (r.total + 1) / 2
      ORDER BY r.rank`),
  );
  return rows.map((r) => ({ ...r, label: r.rank === 1 ? 'LARGE' : 'MEDIAN' }));
}

function headersFor(token: string, companyId: number): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    'company-id': String(companyId),
    'content-type': 'application/json',
  };
}

async function callApi(headers: Record<string, string>, scenario: Scenario, n: number) {
  const call = scenario.http(n);
  const res = await fetch(`${baseUrl}${call.path}`, {
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${call.method} ${call.path}: ${res.status} ${text}`);
  return JSON.parse(text) as { totalRecords?: number; items?: unknown[]; rows?: unknown[] };
}

/** What the first call returned: total matches, or suggestions. */
function resultOf(body: { totalRecords?: number; items?: unknown[]; rows?: unknown[] }) {
  if (body.totalRecords !== undefined)
    return `${body.rows?.length ?? 0} of ${body.totalRecords.toLocaleString('en-US')}`;
  return `${body.items?.length ?? 0} suggestions`;
}

async function measure(company: Company): Promise<Measured[]> {
  const token = await signAccessToken(
    keys,
    config,
    `bench-${company.id}`,
    `ap${company.id}@bench.example`,
  );
  const headers = headersFor(token, company.id);
  const out: Measured[] = [];
  // What every call pays before its own work: token check, user, membership (+ one small query).
  const auth = await sample(runs, async () => {
    const res = await fetch(`${baseUrl}/api/featureflags`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/featureflags: ${res.status}`);
    await res.arrayBuffer();
  });
  console.log(
    `  ${company.label} auth path alone (GET /api/featureflags): p50 ${ms(auth.p50)} ms, p95 ${ms(auth.p95)} ms`,
  );
  for (const scenario of await scenariosFor(direct.db, company.id)) {
    const result = resultOf(await callApi(headers, scenario, 0));
    const [sqlLatency, apiLatency] = (await sampleInterleaved(
      Math.min(runs, scenario.maxRuns ?? runs),
      // The SQL side runs as a request does: as the tenant role, under row-level security.
      [
        (n) => withTenantScope(company.id, () => scenario.sql(direct.db, n)),
        (n) => callApi(headers, scenario, n),
      ],
    )) as [Latency, Latency];
    out.push({ company, scenario, sql: sqlLatency, api: apiLatency, result });
    console.log(
      `  ${company.label} ${scenario.name}: SQL p95 ${ms(sqlLatency.p95)} ms, API p95 ${ms(apiLatency.p95)} ms`,
    );
  }
  return out;
}

/** Type-ahead cost depends on the fragment (how many rows contain it, how common its trigrams). */
async function typeaheadByFragment(companies: Company[]) {
  const lines: string[][] = [];
  for (const fragment of typeaheadFragments) {
    const cells = [JSON.stringify(fragment)];
    for (const company of companies) {
      let found = 0;
      const latency = await sample(20, async () => {
        found = (
          await withTenantScope(company.id, () =>
            findTypeaheadRows(direct.db, company.id, fragment, TYPEAHEAD_LIMIT),
          )
        ).length;
      });
      cells.push(`${ms(latency.p50)} (${found})`);
    }
    lines.push(cells);
  }
  console.log('\ntype-ahead SQL p50 by fragment, ms (suggestions), 20 runs each');
  console.log(table(['fragment', ...companies.map((c) => c.label)], lines));
}

async function throughput(company: Company) {
  const token = await signAccessToken(
    keys,
    config,
    `bench-${company.id}`,
    `ap${company.id}@bench.example`,
  );
  const headers = headersFor(token, company.id);
  const lines: string[][] = [];
  for (const scenario of await scenariosFor(direct.db, company.id)) {
    const call = scenario.http(0);
    const result = await autocannon({
      url: `${baseUrl}${call.path}`,
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      connections: 10,
      duration: 5,
    });
    lines.push([
      scenario.name,
      Math.round(result.requests.average).toString(),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.non2xx),
    ]);
  }
  console.log(`\nthroughput, ${company.label} company, 10 connections × 5 s (autocannon)`);
  console.log(table(['call (first input)', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'], lines));
}

try {
  await setProposedIndexes(direct.db, args.proposed);
  console.log(
    args.proposed
      ? `schema as migrated + proposed: ${proposedIndexes.map((i) => i.name).join(', ')}`
      : 'schema as migrated',
  );
  const companies = await measuredCompanies(direct.db);
  for (const c of companies)
    console.log(
      `${c.label}: company ${c.id} '${c.name}', ${c.routes.toLocaleString('en-US')} routes, ${c.receivedInvoices.toLocaleString('en-US')} AR invoices in status Received`,
    );
  console.log(
    `\nsequential calls, ${runs} measured runs each (after 10 warm-up runs), SQL and API alternating; ${machineLoad()}`,
  );
  const results: Measured[] = [];
  for (const company of companies) results.push(...(await measure(company)));
  console.log(
    `\nall times in ms; targets are the API's p95 on this ${os.availableParallelism()}-core machine; ${machineLoad()} at the end`,
  );
  console.log(report(results));
  const overall = latencyOf(results.map((r) => r.api.p95));
  console.log(`(worst API p95 ${ms(overall.max)} ms)`);
  await typeaheadByFragment(companies);
  console.log(`\n${await sortIndexSizes(direct.db)}`);
  if (companies[0])
    console.log(`\n${await refreshCost(direct.db, companies[0].id)}; ${machineLoad()}`);
  if (args.throughput && companies[0]) await throughput(companies[0]);

  const plans = await explainAll(direct.db, companies);
  const plansFile = path.resolve(
    repoRoot,
    args.plans ?? `docs/documents-performance-plans${args.proposed ? '-proposed' : ''}.txt`,
  );
  fs.writeFileSync(
    plansFile,
    `EXPLAIN (ANALYZE, BUFFERS) of the statements behind each measured call, run once after the\n` +
      `measurements (warm cache). Generated by npm run bench:documents on ${new Date().toISOString().slice(0, 10)}, ` +
      `${size.documents.toLocaleString('en-US')} documents, ${size.companies} companies, ` +
      `${args.proposed ? 'with the proposed indexes' : 'schema as migrated'}.\n\n${plans}`,
  );
  console.log(`\nplans written to ${path.relative(repoRoot, plansFile)}`);
} finally {
  await setProposedIndexes(direct.db, false);
  await app.close();
  await appDatabase.close();
  await direct.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
