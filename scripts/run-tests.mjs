#!/usr/bin/env node
// Runs every test suite of the monorepo and prints one total line: "N passed, N failed[, N skipped]".
// Server tests use PGlite by default and the PostgreSQL server when TEST_DATABASE_URL is set;
// the browser journeys run against the real app on the same kind of database.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.test-output');
fs.mkdirSync(outDir, { recursive: true });
const only = process.argv.slice(2);

const vitestSuite = (name, dir, usesDatabase) => ({
  name,
  dir,
  usesDatabase,
  command: [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${path.join(outDir, `${name}.json`)}`,
  ],
  count: (report) => ({
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  }),
});

const suites = [
  vitestSuite('shared', 'packages/shared', false),
  vitestSuite('server', 'apps/server', true),
  vitestSuite('web', 'apps/web', false),
  {
    name: 'e2e',
    usesDatabase: true,
    dir: 'e2e',
    // The SPA and the compiled server the journeys run against, built when their sources changed.
    before: ['node', 'scripts/ensure-built.mjs'],
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
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
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(outDir, 'e2e.json') },
    count: (report) => ({
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    }),
  },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
const onServer = Boolean(process.env.TEST_DATABASE_URL);
console.log(`Running tests on ${onServer ? 'the PostgreSQL server' : 'PGlite'}`);
// On the PostgreSQL server only the suites that touch a database run again (unless named):
// the shared rules and the web components are the same whatever the database.
const selected = suites.filter((s) =>
  only.length > 0 ? only.includes(s.name) : !onServer || s.usesDatabase,
);
if (onServer && only.length === 0)
  console.log('(shared and web suites do not use a database: run on PGlite only)');

for (const suite of selected) {
  const report = path.join(outDir, `${suite.name}.json`);
  fs.rmSync(report, { force: true });
  const opts = {
    cwd: path.join(root, suite.dir),
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  };
  if (suite.before) {
    const built = spawnSync(suite.before[0], suite.before.slice(1), { ...opts, cwd: root });
    if (built.status !== 0) {
      console.error(`\n${suite.name}: preparation failed`);
      broken = true;
      continue;
    }
  }
  console.log(`\n=== ${suite.name} ===`);
  const args = suite.command.slice(1);
  if (onServer && suite.onServerOnly && only.length === 0) {
    const present = suite.onServerOnly.filter((f) => fs.existsSync(path.join(root, suite.dir, f)));
    console.log(`(on the PostgreSQL server: ${present.length} database-sensitive journeys)`);
    args.push(...present);
  }
  const startedAt = Date.now();
  const run = spawnSync(suite.command[0], args, opts);
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  if (!fs.existsSync(report)) {
    console.error(
      `${suite.name}: the runner produced no report (exit ${run.status}, ${seconds} s)`,
    );
    broken = true;
    continue;
  }
  const counts = suite.count(JSON.parse(fs.readFileSync(report, 'utf8')));
  console.log(
    `${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds} s)`,
  );
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  if (run.status !== 0 && counts.failed === 0) broken = true;
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
