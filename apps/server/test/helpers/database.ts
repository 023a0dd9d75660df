import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { databaseFreeTestFiles } from '../database-free-files';
import { runtimeUrl } from './runtime-role';

/**
 * A clean, migrated database for one test file: a copy of the template on the PostgreSQL server
 * (TEST_DATABASE_URL), else an in-memory PGlite loaded from the template dump.
 */
export async function createTestDatabase(
  opts: {
    /** Connect through this address instead (a proxy in front of the server); server only. */
    via?: { host: string; port: number };
  } = {},
): Promise<Database> {
  refuseInDatabaseFreeFile();
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('templateDatabase');
  if (url && template) {
    const name = `flowline_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const ownerUrl = new URL(url);
    ownerUrl.pathname = `/${name}`;
    // The app connects as the suite's runtime role (global-setup.ts), as production should:
    // not the owner, not a superuser, not BYPASSRLS. The superuser stays the migration role.
    const dbUrl = runtimeUrl(ownerUrl);
    if (opts.via) {
      dbUrl.hostname = opts.via.host;
      dbUrl.port = String(opts.via.port);
      ownerUrl.hostname = opts.via.host;
      ownerUrl.port = String(opts.via.port);
    }
    const database = await openDatabase({
      url: dbUrl.toString(),
      migrationUrl: ownerUrl.toString(),
      poolSize: 4,
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dumpFile = inject('pgliteDumpFile');
  if (!dumpFile) throw new Error('global setup did not prepare a template database');
  const pglite = await PGlite.create({
    loadDataDir: new Blob([fs.readFileSync(dumpFile)]),
    extensions: { pg_trgm, btree_gin },
  });
  return openDatabase({ url: null, pglite });
}

const serverRoot = path.resolve(import.meta.dirname, '../..');
let databaseFree: Set<string> | undefined;

/** A file classed as database-free runs on one database only in CI: it must not open one. */
function refuseInDatabaseFreeFile() {
  const testPath = expect.getState().testPath;
  if (!testPath) return;
  databaseFree ??= new Set(databaseFreeTestFiles(serverRoot));
  const file = path.relative(serverRoot, testPath);
  if (databaseFree.has(file))
    throw new Error(
      `${file} opens a database but its imports class it as database-free (test/database-free-files.ts)`,
    );
}

/**
 * Runs SQL as the schema owner: test set-up that changes the schema (a trigger, a disabled
 * trigger) — the app's runtime role may not (docs/row-level-security.md). On PGlite the one
 * superuser session. Several statements in one string run in one transaction.
 */
export async function executeAsOwner(database: Database, statements: string): Promise<void> {
  if (database.raw.kind === 'postgres' && database.raw.migrationUrl) {
    const owner = new pg.Client({ connectionString: database.raw.migrationUrl });
    await owner.connect();
    try {
      await owner.query(statements);
    } finally {
      await owner.end();
    }
    return;
  }
  if (database.raw.kind === 'pglite') await database.raw.pglite.exec(statements);
  else await database.db.execute(sql.raw(statements));
}
