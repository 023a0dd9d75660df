// Documents at scale: 1,000,000 documents across 1,000 companies bulk loaded into PostgreSQL, then
// p50/p95/p99 of the list page, full-text search and type-ahead through the HTTP API and, side by
// side, the same repository SQL run directly, on a large and on a median company; EXPLAIN
// (ANALYZE, BUFFERS) of every statement goes to docs/documents-performance-plans.txt.
// Prints figures; it is not a timed test.
//   npm run bench:documents                       (drops and reloads flowline_bench_documents)
//   npm run bench:documents -- --reuse            (keeps an earlier load of the same size)
//   npm run bench:documents -- --reuse --proposed (with the indexes the page proposes)
//   npm run bench:documents -- --documents=100000 --companies=200 --runs=100 --throughput
// Staged (issue 33 item 5; the default from 2,000,000 documents on): load the first stage, measure,
// load the next stage's rows on top, measure again; side by side with the growth factor
// (bench/documents/stages.ts):
//   npm run bench:documents -- --documents 10000000            (stages 1M, 10M; 50,000 companies)
//   npm run bench:documents -- --stages 100000,400000 --companies 5000 --database flowline_bench_mine
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TYPEAHEAD_LIMIT } from '@flowline/shared';
import autocannon from 'autocannon';
import { withTenantScope } from '../apps/server/src/db/tenant-scope';
import { findTypeaheadRows } from '../apps/server/src/modules/document-lists/search-repository';
import { prepareBenchDatabase } from './documents/database';
import { headersFor, measureCompany, measuredCompanies, startHarness } from './documents/harness';
import { proposedIndexes, setProposedIndexes } from './documents/proposed';
import { explainAll, report, type Company, type Measured } from './documents/report';
import { scenariosFor, typeaheadFragments } from './documents/scenarios';
import { runStaged, stagesOf } from './documents/stages';
import { latencyOf, machineLoad, ms, sample, table } from './lib/measure';
import { signAccessToken } from './lib/token';
import { refreshCost, sortIndexSizes } from './documents/write-cost';

const { values: args } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    documents: { type: 'string' },
    companies: { type: 'string' },
    runs: { type: 'string' },
    port: { type: 'string', default: '3207' },
    throughput: { type: 'boolean', default: false },
    proposed: { type: 'boolean', default: false },
    'load-only': { type: 'boolean', default: false },
    plans: { type: 'string' },
    database: { type: 'string' },
    stages: { type: 'string' },
    skew: { type: 'string' },
    'stage-indexes': { type: 'string', default: 'auto' },
  },
});
const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(args.port);
const stages = stagesOf(args.stages, args.documents);

if (stages) {
  const indexes = args['stage-indexes'];
  if (indexes !== 'auto' && indexes !== 'keep' && indexes !== 'drop')
    throw new Error('--stage-indexes is auto, keep or drop');
  await runStaged({
    serverUrl,
    name: args.database ?? 'flowline_bench_documents_stages',
    stages,
    companies: Number(args.companies ?? '50000'),
    skew: Number(args.skew ?? '1'),
    runs: Number(args.runs ?? '100'),
    port,
    indexes,
    plansFile: path.resolve(repoRoot, args.plans ?? 'docs/documents-performance-plans-stages.txt'),
  });
  process.exit(0);
}

const size = {
  documents: Number(args.documents ?? '1000000'),
  companies: Number(args.companies ?? '1000'),
  skew: args.skew === undefined ? undefined : Number(args.skew),
};
const runs = Number(args.runs ?? '200');

const bench = await prepareBenchDatabase({
  serverUrl,
  name: args.database ?? 'flowline_bench_documents',
  size,
  reuse: args.reuse,
});
if (args['load-only']) process.exit(0);

// ---- The real app on the loaded database ---------------------------------------------------

const harness = await startHarness(bench.url, port);
const { direct, keys, config, baseUrl } = harness;

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
  for (const company of companies)
    results.push(
      ...(await measureCompany(harness, company, await scenariosFor(direct.db, company.id), runs)),
    );
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
  await harness.close();
}
