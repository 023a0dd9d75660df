import fs from 'node:fs';
import path from 'node:path';

/**
 * The server test files that never open a database: OCR of scans, PDF checks, signing crypto,
 * mail templates, pure rules. Their outcome cannot depend on PGlite or the PostgreSQL server, so
 * when CI runs the server suite on both databases they run on the first only
 * (`FLOWLINE_SKIP_DATABASE_FREE_TESTS`, set by scripts/run-tests.mjs --both; docs/testing.md).
 *
 * Read from the imports, so a file that starts using a database leaves the list by itself: a
 * file is database-using when it, or a test helper it imports (followed through `test/`), imports
 * the database layer, the app or the server process. Conservative by design — a helper that only
 * builds rows still counts. `createTestDatabase` refuses to run in a file classed as free.
 */
const DATABASE_MODULES = [
  /\/db\//, // src/db/client, schema, seeds …
  /\/src\/(app|startup|main)$/,
  /^@electric-sql\/pglite/,
  /^pg$/,
  /^drizzle-orm/,
];

/** Test helpers that import no database module themselves but always serve one. */
const DATABASE_HELPERS = /\/helpers\/(app|database|crash-server|runtime-role|streaming-replica)$/;

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function specifiersOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)].map((m) => m[1]!);
}

function resolveTestModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate)) return candidate;
  return null;
}

/** Whether this test file (through the test helpers it imports) reaches a database. */
export function usesDatabase(file: string, testRoot: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  for (const specifier of specifiersOf(file)) {
    if (DATABASE_MODULES.some((pattern) => pattern.test(specifier))) return true;
    if (!specifier.startsWith('.')) continue;
    if (DATABASE_HELPERS.test(specifier)) return true;
    const target = resolveTestModule(file, specifier);
    // Only test helpers are followed: the app's own modules are what the tests exercise.
    if (target?.startsWith(testRoot) && usesDatabase(target, testRoot, seen)) return true;
  }
  return false;
}

function testFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesUnder(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Paths relative to the server package, as vitest's `exclude` takes them. */
export function databaseFreeTestFiles(serverRoot: string): string[] {
  const testRoot = path.join(serverRoot, 'test');
  return [...testFilesUnder(testRoot), ...testFilesUnder(path.join(serverRoot, 'src'))]
    .filter((file) => !usesDatabase(file, testRoot))
    .map((file) => path.relative(serverRoot, file))
    .sort();
}
