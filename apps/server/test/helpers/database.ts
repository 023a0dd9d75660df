import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';

/**
 * A clean, migrated database for one test file: a copy of the template on the PostgreSQL server
 * (TEST_DATABASE_URL), else an in-memory PGlite loaded from the template dump.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('templateDatabase');
  if (url && template) {
    const name = `flowline_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ url: dbUrl.toString(), poolSize: 4 });
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
