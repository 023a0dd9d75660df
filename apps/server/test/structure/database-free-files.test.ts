// The files CI runs on one database only (test/database-free-files.ts) are found from imports;
// a file that reaches the database in any of these ways must stay on both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseFreeTestFiles, usesDatabase } from '../database-free-files';

const serverRoot = path.resolve(import.meta.dirname, '../..');

describe('database-free test files', () => {
  it('class OCR, PDF and signing files as free, and files with an app or a database as using one', () => {
    const free = databaseFreeTestFiles(serverRoot);
    expect(free).toContain('test/scan-preparation.test.ts');
    expect(free).toContain('test/signing-stamp.test.ts');
    for (const using of [
      'test/documents.test.ts', // buildTestApp
      'test/faults-kill-9-sign-job.test.ts', // the server as a child process
      'test/embedded-issuer.test.ts', // src/db/client
      'test/document-odd-input.test.ts', // a test helper that builds rows
    ])
      expect(free).not.toContain(using);
  });

  it('follow test helpers, dynamic imports and the database drivers', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-free-'));
    const write = (name: string, source: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), source);
      return path.join(dir, name);
    };
    write('helpers/rows.ts', "import { sql } from 'drizzle-orm';\n");
    write('helpers/pure.ts', "import sharp from 'sharp';\n");
    const cases: [string, boolean][] = [
      ["import { rows } from './helpers/rows';", true],
      ["const { x } = await import('./helpers/rows');", true],
      ["import { PGlite } from '@electric-sql/pglite';", true],
      ["import pg from 'pg';", true],
      ["import { buildTestApp } from './helpers/app';", true],
      ["import { seed } from '../src/db/seed/reference-data';", true],
      [
        "import { pure } from './helpers/pure';\nimport { x } from '../src/http/upload-stream';",
        false,
      ],
    ];
    for (const [index, [source, expected]] of cases.entries())
      expect(usesDatabase(write(`case-${index}.test.ts`, source), dir), source).toBe(expected);
  });

  it('are a real part of the suite, not a rounding error', () => {
    expect(databaseFreeTestFiles(serverRoot).length).toBeGreaterThanOrEqual(10);
  });
});
