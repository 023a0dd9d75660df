// The staged documents bench (issue 33 item 5): load the first stage (1M documents), measure every
// list, search, type-ahead and saved-view call of the largest and a median company, load the next
// stage's documents on top of it, measure the same companies again, and print the stages side by
// side with each call's growth factor, the load rate, the database size per document and the
// plans of the slowest calls. Before the long part it prints how long the whole load will take.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { latencyOf, machineLoad, ms, rowsOf, seconds, table } from '../lib/measure';
import { checkIndexColumns, createBenchDatabase, recordLoaded } from './database';
import { companiesNow, measureCompany, measuredCompanies, startHarness } from './harness';
import {
  BATCH,
  dropSecondaryIndexes,
  finishLoad,
  loadRange,
  openLoader,
  prepareLoad,
  recreateIndexes,
  step,
} from './load';
import { explainCalls, workOf, type Company, type Measured, type Work } from './report';
import { scenariosFor } from './scenarios';

/** Every call's API p95 must stay within this at every stage… */
const P95_LIMIT = 50;
/** …and grow at most this much from the first stage to the last. */
const GROWTH_LIMIT = 1.5;
/** The documents timed first, for the estimate of the whole load. */
const PROBE = 100_000;

/**
 * The stages of a run: `--stages a,b,…` (ascending), else 1M then `--documents` when that is at
 * least 2M; null for the single-size bench.
 */
export function stagesOf(stages: string | undefined, documents: string | undefined) {
  if (stages !== undefined) {
    const list = stages.split(',').map((s) => Number(s.trim()));
    if (list.length < 1 || list.some((n, i) => !Number.isInteger(n) || n < 1 || n <= list[i - 1]!))
      throw new Error('--stages takes ascending document counts, e.g. 1000000,10000000');
    if (documents !== undefined && Number(documents) !== list[list.length - 1])
      throw new Error('--documents must be the last stage');
    return list;
  }
  const n = Number(documents ?? 0);
  return n >= 2_000_000 ? [1_000_000, n] : null;
}

export interface StagedOptions {
  serverUrl: string;
  name: string;
  stages: number[];
  companies: number;
  skew: number;
  runs: number;
  port: number;
  /** Indexes while a later stage loads: kept, dropped and rebuilt, or whichever is estimated faster. */
  indexes: 'auto' | 'keep' | 'drop';
  plansFile: string;
}

interface Stage {
  documents: number;
  routes: number;
  /** Wall time of the stage's load: rows, indexes, vacuum. */
  loadMs: number;
  /** Of which inserting rows (no index maintenance when the indexes were dropped). */
  insertMs: number;
  indexMs: number;
  strategy: string;
  bytes: number;
  measured: Measured[];
  /** Per call (company label + name): buffers and server time of its statements. */
  work: Map<string, Work>;
  load: string;
}

const keyOf = (m: Measured) => `${m.company.label} ${m.scenario.name}`;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${(s / 3600).toFixed(1)} h`;
};

async function routeCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM document_routes`),
  );
  return row?.n ?? 0;
}

async function databaseBytes(db: Db): Promise<number> {
  const [row] = rowsOf<{ bytes: string }>(
    await db.execute(sql`SELECT pg_database_size(current_database()) AS bytes`),
  );
  return Number(row?.bytes ?? 0);
}

export async function runStaged(o: StagedOptions): Promise<void> {
  const final = o.stages[o.stages.length - 1]!;
  const url = `${o.serverUrl}/${o.name}`;
  const runStart = performance.now();
  console.log(
    `staged documents bench into ${o.name}: stages ${o.stages.map(int).join(' → ')} documents, ` +
      `${int(o.companies)} companies (Zipf s = ${o.skew}), ${o.runs} runs per call; ${machineLoad()}`,
  );
  const database = await createBenchDatabase(o.serverUrl, o.name);
  const loader = await openLoader(url);
  const stages: Stage[] = [];
  let companies: Company[] = [];
  const plans: string[] = [];
  try {
    const db = loader.db;
    const prepareMs = await step('prepare (companies, connections, plan of every stage)', () =>
      prepareLoad(db, { companies: o.companies, documents: final, skew: o.skew }),
    );
    let indexes = await dropSecondaryIndexes(db);
    const first = o.stages[0]!;

    // The estimate: rows/s of the first 100k documents × the documents still to load.
    const probe = Math.min(PROBE, first);
    const probeMs = await step(`documents 1–${int(probe)} (timed for the estimate)`, () =>
      loadRange(db, 1, probe),
    );
    const rate = probe / (probeMs / 1000);
    console.log(
      `\nESTIMATE: ${int(rate)} documents/s on the first ${int(probe)} (${machineLoad()}) → ` +
        `${int(final - probe)} more documents ≈ ${duration(((final - probe) / rate) * 1000)} of inserts, ` +
        `plus index builds and vacuum (re-estimated after the first stage); prepare took ${duration(prepareMs)}\n`,
    );

    let loaded = probe;
    for (const [k, target] of o.stages.entries()) {
      const stageStart = performance.now();
      let insertMs = k === 0 ? probeMs : 0;
      let indexMs = 0;
      let strategy = 'indexes dropped, rebuilt';
      if (k === 0) {
        if (target > loaded)
          insertMs += await step(`documents ${int(loaded + 1)}–${int(target)}`, () =>
            loadRange(db, loaded + 1, target),
          );
        indexMs = await step(`build ${indexes.length} indexes`, () => recreateIndexes(db, indexes));
      } else {
        const previous = stages[k - 1]!;
        const first_ = stages[0]!;
        // Dropped and rebuilt: rows at the first stage's insert rate + every index rebuilt at the
        // first stage's build rate (per row, a little optimistic: a build is n log n).
        const dropEstimate =
          ((target - loaded) / first_.documents) * first_.insertMs +
          (target / first_.documents) * first_.indexMs;
        let keepRate = 0;
        if (o.indexes === 'auto' && target - loaded > BATCH) {
          const probeKeep = await step(
            `documents ${int(loaded + 1)}–${int(loaded + BATCH)} with the indexes kept (timed)`,
            () => loadRange(db, loaded + 1, loaded + BATCH),
          );
          insertMs += probeKeep;
          loaded += BATCH;
          keepRate = BATCH / probeKeep;
        }
        const keepEstimate = keepRate > 0 ? (target - loaded) / keepRate : Infinity;
        const keep = o.indexes === 'keep' || (o.indexes === 'auto' && keepEstimate < dropEstimate);
        if (o.indexes === 'auto')
          console.log(
            `  the rest: indexes kept ≈ ${duration(keepEstimate)} (${int(keepRate * 1000)} documents/s), ` +
              `dropped and rebuilt ≈ ${duration(dropEstimate)} → ${keep ? 'keep' : 'drop'} them`,
          );
        if (keep) {
          strategy = 'indexes kept';
          insertMs += await step(`documents ${int(loaded + 1)}–${int(target)}, indexes kept`, () =>
            loadRange(db, loaded + 1, target),
          );
        } else {
          if (loaded > previous.documents)
            strategy = `indexes kept for ${int(BATCH)}, then dropped`;
          indexes = await dropSecondaryIndexes(db);
          insertMs += await step(`documents ${int(loaded + 1)}–${int(target)}`, () =>
            loadRange(db, loaded + 1, target),
          );
          indexMs = await step(`rebuild ${indexes.length} indexes`, () =>
            recreateIndexes(db, indexes),
          );
        }
      }
      loaded = target;
      await step('sequences, vacuum analyze', () => finishLoad(db));
      const loadMs = performance.now() - stageStart + (k === 0 ? probeMs : 0);
      if (k === 0) await checkIndexColumns(database);
      const routes = await routeCount(db);
      const bytes = await databaseBytes(db);
      const load = machineLoad();
      const added = target - (k === 0 ? 0 : o.stages[k - 1]!);
      console.log(
        `\nSTAGE ${k + 1}: ${int(target)} documents (${int(routes)} routes) loaded; this stage ` +
          `${int(added)} documents in ${duration(loadMs)} = ${int(added / (loadMs / 1000))} documents/s ` +
          `(${strategy}); database ${mib(bytes)} = ${int(bytes / target)} bytes per document; ${load}`,
      );
      if (k === 0 && o.stages.length > 1) {
        const rest = final - target;
        const perDoc = loadMs / target;
        console.log(
          `ESTIMATE for the rest: ${int(rest)} documents at this stage's ${int(1000 / perDoc)} documents/s ` +
            `(rows + indexes + vacuum) ≈ ${duration(rest * perDoc)}; the whole run ≈ ` +
            `${duration(performance.now() - runStart + rest * perDoc)} plus measuring`,
        );
      }

      // Measure the same two companies at every stage: the largest and the median of stage 1.
      const harness = await startHarness(url, o.port);
      try {
        companies =
          k === 0
            ? await measuredCompanies(harness.direct.db)
            : await companiesNow(harness.direct.db, companies);
        for (const c of companies)
          console.log(
            `${c.label}: company ${c.id} '${c.name}', ${int(c.routes)} routes, ${int(c.receivedInvoices)} AR invoices Received`,
          );
        const measured: Measured[] = [];
        for (const company of companies)
          measured.push(
            ...(await measureCompany(
              harness,
              company,
              await scenariosFor(harness.direct.db, company.id),
              o.runs,
            )),
          );
        const work = new Map<string, Work>();
        for (const m of measured)
          work.set(keyOf(m), await workOf(harness.direct.db, m.company, m.scenario));
        stages.push({
          work,
          documents: target,
          routes,
          loadMs,
          insertMs,
          indexMs,
          strategy,
          bytes,
          measured,
          load: `${load}; measured at ${machineLoad()}`,
        });
        const slowest = [...measured].sort((a, b) => b.api.p95 - a.api.p95).slice(0, 3);
        plans.push(
          `##### STAGE ${k + 1}: ${int(target)} documents — the slowest three calls by API p95\n\n` +
            (await explainCalls(
              harness.direct.db,
              slowest.map((m) => ({
                company: m.company,
                scenario: m.scenario,
                note: `API p95 ${ms(m.api.p95)} ms`,
              })),
            )),
        );
      } finally {
        await harness.close();
      }
    }
    await recordLoaded(database, { companies: o.companies, documents: final });
  } finally {
    await loader.close();
    await database.close();
  }

  console.log(`\n${summary(stages)}\n\n${sideBySide(stages)}`);
  const worst = latencyOf(stages[stages.length - 1]!.measured.map((m) => m.api.p95));
  console.log(`(worst API p95 at ${int(final)}: ${ms(worst.max)} ms)`);
  fs.mkdirSync(path.dirname(o.plansFile), { recursive: true });
  fs.writeFileSync(
    o.plansFile,
    `EXPLAIN (ANALYZE, BUFFERS) of the statements behind the three slowest calls (API p95) of each\n` +
      `stage, run once after that stage's measurements (warm cache). Generated by the staged\n` +
      `npm run bench:documents on ${new Date().toISOString().slice(0, 10)}: stages ` +
      `${o.stages.map(int).join(' → ')} documents, ${int(o.companies)} companies (Zipf s = ${o.skew}), ` +
      `${os.availableParallelism()} cores.\n\n${plans.join('\n')}`,
  );
  console.log(
    `plans written to ${o.plansFile}; run took ${duration(performance.now() - runStart)}`,
  );
}

function summary(stages: Stage[]): string {
  const rows = stages.map((s, k) => {
    const added = s.documents - (k === 0 ? 0 : stages[k - 1]!.documents);
    return [
      int(s.documents),
      int(s.routes),
      duration(s.loadMs),
      int(added / (s.loadMs / 1000)),
      `${seconds(s.insertMs)} / ${seconds(s.indexMs)}`,
      s.strategy,
      mib(s.bytes),
      int(s.bytes / s.documents),
      s.load,
    ];
  });
  return table(
    [
      'documents',
      'routes',
      'stage load',
      'documents/s',
      'inserts / index builds',
      'indexes during the load',
      'database',
      'bytes per document',
      'machine',
    ],
    rows,
  );
}

/**
 * Each call's API p50/p95 per stage and the growth of p95 from the first stage to the last, flags;
 * then what its statements read (buffers) and their server time, whose growth is the data's own.
 */
export function sideBySide(stages: Stage[]): string {
  const first = stages[0]!;
  const last = stages[stages.length - 1]!;
  const rows = first.measured.map((m) => {
    const key = keyOf(m);
    const cells = [key];
    const p95s: number[] = [];
    for (const stage of stages) {
      const same = stage.measured.find((x) => keyOf(x) === key);
      cells.push(same ? `${ms(same.api.p50)} / ${ms(same.api.p95)}` : '—');
      p95s.push(same?.api.p95 ?? NaN);
    }
    const growth = p95s[p95s.length - 1]! / p95s[0]!;
    const flags = [
      p95s.some((p) => p > P95_LIMIT) ? `> ${P95_LIMIT} ms` : '',
      growth > GROWTH_LIMIT ? `> ${GROWTH_LIMIT}×` : '',
    ].filter(Boolean);
    cells.push(`${growth.toFixed(2)}×`, flags.length ? `FLAG ${flags.join(', ')}` : 'ok');
    for (const stage of stages) {
      const w = stage.work.get(key);
      cells.push(w ? `${int(w.buffers)} / ${w.executionMs.toFixed(1)}` : '—');
    }
    const w0 = first.work.get(key);
    const w1 = last.work.get(key);
    cells.push(w0 && w1 ? `${(w1.buffers / Math.max(1, w0.buffers)).toFixed(2)}×` : '—');
    cells.push(last.measured.find((x) => keyOf(x) === key)?.result ?? '');
    return cells;
  });
  return (
    `API p50 / p95 in ms per stage (SQL side in the per-call lines above); growth = p95 at ` +
    `${int(last.documents)} ÷ p95 at ${int(first.documents)}; goal: every p95 ≤ ${P95_LIMIT} ms and ` +
    `growth ≤ ${GROWTH_LIMIT}×. Then the call's statements for its first input: shared buffers / ` +
    `server execution ms (EXPLAIN ANALYZE), and the buffers' growth — independent of machine load\n` +
    table(
      [
        'call',
        ...stages.map((s) => `API at ${int(s.documents)}`),
        'growth',
        'goal',
        ...stages.map((s) => `buffers / ms at ${int(s.documents)}`),
        'buffers growth',
        `result at ${int(last.documents)}`,
      ],
      rows,
    )
  );
}
