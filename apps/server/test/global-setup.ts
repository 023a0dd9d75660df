import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/client';
import { seedReferenceData } from '../src/db/seed/reference-data';
import { sql } from 'drizzle-orm';
import { ensureRuntimeLoginSql, grantJobSchemaSql } from '../src/db/runtime-role';
import { installJobSchema as installBoss, JOB_SCHEMA } from '../src/platform/jobs/engine';
import { TEST_RUNTIME_ROLE } from './helpers/runtime-role';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL server runs: the migrated template database each test file copies. */
    templateDatabase: string | null;
    /** PGlite runs: a dump of the migrated data directory each test file loads. */
    pgliteDumpFile: string | null;
  }
}

// One template per run and project (vitest.config.ts has two, each with its own global setup),
// so concurrent runs on the same server do not collide.
let templates = 0;

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * pg-boss's schema and queues, so no test file pays for creating them. As a worker (no handler
 * registered): its cron keeper creates its own queue at start, about a second on PGlite.
 */
async function installJobSchema(database: Database) {
  await installBoss(database, silent);
}

/** Builds one migrated database with reference data; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const TEMPLATE = `flowline_test_template_${process.pid}_${(templates += 1)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE}`;
    const database = await openDatabase({ url: templateUrl.toString(), poolSize: 1 });
    await database.migrate();
    await seedReferenceData(database.db);
    await installJobSchema(database);
    // Test files connect as a runtime role (no owner, no superuser, no BYPASSRLS), as production
    // should (docs/row-level-security.md): grants on pg-boss's schema, and the login role itself.
    for (const statement of grantJobSchemaSql(JOB_SCHEMA))
      await database.db.execute(sql.raw(statement));
    await database.db.execute(
      sql.raw(ensureRuntimeLoginSql(TEST_RUNTIME_ROLE.name, TEST_RUNTIME_ROLE.password)),
    );
    await database.close();
    project.provide('templateDatabase', TEMPLATE);
    project.provide('pgliteDumpFile', null);
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const pglite = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
  const database = await openDatabase({ url: null, pglite });
  await database.migrate();
  await seedReferenceData(database.db);
  await installJobSchema(database);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('templateDatabase', null);
  project.provide('pgliteDumpFile', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
