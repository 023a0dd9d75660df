#!/usr/bin/env node
// Runs every test suite of the monorepo and prints one total line: "N passed, N failed[, N skipped]".
// Server tests use PGlite by default and the PostgreSQL server when TEST_DATABASE_URL is set;
// the browser journeys run against the real app on the same kind of database.
//
//   node scripts/run-tests.mjs                 every suite on PGlite (or on TEST_DATABASE_URL's server)
//   node scripts/run-tests.mjs server e2e      only those suites
//   node scripts/run-tests.mjs --both          CI (.ci/run): PGlite, then the PostgreSQL server
//                                              (TEST_DATABASE_URL) for the suites that use a database
//   ... --serial                               one suite at a time (for measuring; see docs/testing.md)
//
// Two lanes run side by side (docs/testing.md "CI time"): the browser journeys, which wait on the
// browser and the app most of the time (~0.6–1 core of 2), and the vitest suites, which fill the
// other core and whatever the journeys leave idle. The vitest lane runs at a lower priority
// (nice 10) so the journeys' timed waits are not starved. While both lanes run, each suite's
// output goes to .test-output/<suite>.log and is printed in one block when the suite ends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.test-output');
fs.mkdirSync(outDir, { recursive: true });
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const both = flags.includes('--both');
const serial = flags.includes('--serial');

const vitestSuite = (name, dir, usesDatabase) => ({
  name,
  dir,
  usesDatabase,
  lane: 'vitest',
  command: (report) => [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ],
  count: (report) => ({
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  }),
  failures: (report) =>
    report.testResults.flatMap((file) => [
      // A file that failed to load has no assertions, only a message.
      ...(file.status === 'failed' && file.assertionResults.length === 0
        ? [{ name: path.relative(root, file.name), message: file.message }]
        : []),
      ...file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => ({
          name: `${path.relative(root, file.name)} > ${test.fullName}`,
          // A time-out's message is only 'STACK_TRACE_ERROR' in the JSON report: the time tells.
          seconds: test.duration == null ? undefined : Math.round(test.duration / 1000),
          message: test.failureMessages?.[0],
        })),
    ]),
});

const suites = [
  vitestSuite('shared', 'packages/shared', false),
  {
    ...vitestSuite('server', 'apps/server', true),
    // With --both, the files that never open a database (OCR, PDF checks, signing crypto) run on
    // PGlite only: apps/server/test/database-free-files.ts finds them from their imports.
    secondDatabaseEnv: { FLOWLINE_SKIP_DATABASE_FREE_TESTS: '1' },
  },
  vitestSuite('web', 'apps/web', false),
  {
    name: 'e2e',
    usesDatabase: true,
    dir: 'e2e',
    lane: 'browser',
    // The SPA and the compiled server the journeys run against, built when their sources changed.
    before: ['node', 'scripts/ensure-built.mjs'],
    command: () => ['npx', 'playwright', 'test', '--reporter=list,json'],
    // On the PostgreSQL server only the journeys whose server paths differ by database run again
    // (full-text search, LISTEN/NOTIFY real time, the job queue, multi-step transactions, signing);
    // the server suite covers every route on both databases. The rest run on PGlite.
    onServerOnly: [
      'tests/documents-exchange.spec.ts',
      'tests/invoice-workflow.spec.ts',
      'tests/notification-digest.spec.ts',
      'tests/invitations.spec.ts',
      'tests/signing.spec.ts',
      'tests/document-intelligence.spec.ts',
      'tests/chat.spec.ts',
    ],
    env: (report) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: report }),
    count: (report) => ({
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    }),
    failures: (report) => playwrightFailures(report.suites ?? [], []),
  },
];

/** The journeys whose outcome was 'unexpected', with the first error's message. */
function playwrightFailures(suites, titles) {
  return suites.flatMap((s) => {
    const trail = [...titles, s.title].filter(Boolean);
    const own = (s.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => ({
          name: [...trail, spec.title].join(' > '),
          message: t.results.at(-1)?.error?.message,
        })),
    );
    return [...own, ...playwrightFailures(s.suites ?? [], trail)];
  });
}

const serverUrl = process.env.TEST_DATABASE_URL;
if (both && !serverUrl) {
  console.error('run-tests: --both needs TEST_DATABASE_URL (the PostgreSQL server)');
  process.exit(2);
}
const databases = both ? ['pglite', 'postgres'] : [serverUrl ? 'postgres' : 'pglite'];
const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };

// On the PostgreSQL server only the suites that touch a database run again (unless named):
// the shared rules and the web components are the same whatever the database.
const jobs = [];
for (const database of databases) {
  const onServer = database === 'postgres';
  const selected = suites.filter((s) =>
    only.length > 0 ? only.includes(s.name) : !onServer || s.usesDatabase,
  );
  for (const suite of selected) {
    const id = both ? `${suite.name}-${database}` : suite.name;
    jobs.push({ suite, database, onServer, id, title: `${suite.name} (${label[database]})` });
  }
}
const lanes = [...new Set(jobs.map((j) => j.suite.lane))];
const sideBySide = !serial && lanes.length > 1;
console.log(
  `Running tests on ${databases.map((d) => (d === 'postgres' ? 'the PostgreSQL server' : 'PGlite')).join(', then ')}` +
    (sideBySide ? ' (browser journeys and vitest suites side by side)' : ''),
);
if (databases.includes('postgres') && only.length === 0)
  console.log('(shared and web suites do not use a database: run on PGlite only)');

const runStart = Date.now();
const since = () => Math.round((Date.now() - runStart) / 1000);

/** Runs one command; resolves to its exit status. Output to the console, or to `log`. */
function run(argv, { cwd, env, log, nice }) {
  const command = nice ? ['nice', '-n', '10', ...argv] : argv;
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('error', (err) => {
      log?.write(`${err.message}\n`);
      resolve(1);
    });
    child.on('close', (status) => resolve(status ?? 1));
  });
}

async function runJob(job) {
  const { suite, onServer } = job;
  const report = path.join(outDir, `${job.id}.json`);
  fs.rmSync(report, { force: true });
  const env = { ...process.env, ...suite.env?.(report) };
  if (onServer) env.TEST_DATABASE_URL = serverUrl;
  else delete env.TEST_DATABASE_URL;
  if (onServer && both) Object.assign(env, suite.secondDatabaseEnv);
  const logFile = path.join(outDir, `${job.id}.log`);
  const log = sideBySide ? fs.createWriteStream(logFile) : null;
  const nice = sideBySide && suite.lane === 'vitest';
  const opts = { cwd: path.join(root, suite.dir), env, log, nice };
  const startedAt = Date.now();
  const result = { job, counts: null, seconds: 0, broken: false, startedAt: since() };
  if (sideBySide) console.log(`[${since()} s] ${job.title} started`);
  else console.log(`\n=== ${job.title} ===`);

  const finish = async (message) => {
    result.seconds = Math.round((Date.now() - startedAt) / 1000);
    if (log) {
      await new Promise((resolve) => log.end(resolve));
      console.log(`\n=== ${job.title} (output of ${path.relative(root, logFile)}) ===`);
      process.stdout.write(fs.readFileSync(logFile, 'utf8'));
    }
    if (message) console.error(message);
    return result;
  };

  if (suite.before) {
    const built = await run(suite.before, { ...opts, cwd: root });
    if (built !== 0) {
      result.broken = true;
      return finish(`\n${job.title}: preparation failed`);
    }
  }
  const args = suite.command(report);
  if (onServer && suite.onServerOnly && only.length === 0) {
    const present = suite.onServerOnly.filter((f) => fs.existsSync(path.join(root, suite.dir, f)));
    const note = `(on the PostgreSQL server: ${present.length} database-sensitive journeys)\n`;
    if (log) log.write(note);
    else process.stdout.write(note);
    args.push(...present);
  }
  const status = await run(args, opts);
  if (!fs.existsSync(report)) {
    result.broken = true;
    result.seconds = Math.round((Date.now() - startedAt) / 1000);
    return finish(
      `${job.title}: the runner produced no report (exit ${status}, ${result.seconds} s)`,
    );
  }
  const parsed = JSON.parse(fs.readFileSync(report, 'utf8'));
  result.counts = suite.count(parsed);
  result.failures = result.counts.failed > 0 ? suite.failures(parsed) : [];
  if (status !== 0 && result.counts.failed === 0) result.broken = true;
  await finish();
  const c = result.counts;
  console.log(
    `${job.title}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped (${result.seconds} s)`,
  );
  return result;
}

/** Each lane runs its jobs in order; the lanes run side by side unless --serial. */
async function runLane(laneJobs) {
  const results = [];
  for (const job of laneJobs) results.push(await runJob(job));
  return results;
}
let results;
if (sideBySide) {
  const byLane = lanes.map((lane) => jobs.filter((j) => j.suite.lane === lane));
  results = (await Promise.all(byLane.map(runLane))).flat();
} else {
  results = await runLane(jobs);
}

const line = (t) =>
  `${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`;
const sum = (rs) =>
  rs.reduce(
    (t, r) => {
      for (const key of Object.keys(t)) t[key] += r.counts?.[key] ?? 0;
      return t;
    },
    { passed: 0, failed: 0, skipped: 0 },
  );
console.log(`\nTimes (${since()} s in all${sideBySide ? ', two lanes side by side' : ''}):`);
for (const r of results) {
  const outcome = r.counts ? line(r.counts) : 'no report';
  console.log(
    `  ${r.job.title.padEnd(22)} ${String(r.seconds).padStart(5)} s  (from ${r.startedAt} s)  ${outcome}`,
  );
}
if (both)
  for (const database of databases) {
    const mine = results.filter((r) => r.job.database === database);
    console.log(`${label[database]}: ${line(sum(mine))}`);
  }
// The failures again at the end, so a CI log cut to its tail still names them.
const failed = results.filter((r) => r.failures?.length > 0);
if (failed.length > 0) console.log('\nFailed:');
for (const r of failed)
  for (const f of r.failures) {
    const first = stripVTControlCharacters(f.message ?? '')
      .trim()
      .split('\n')[0];
    const took = f.seconds == null ? '' : ` (${f.seconds} s)`;
    console.log(`  [${r.job.title}] ${f.name}${took}${first ? ` — ${first.slice(0, 300)}` : ''}`);
  }
const totals = sum(results);
const broken = results.some((r) => r.broken);
console.log(`\n${line(totals)}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
