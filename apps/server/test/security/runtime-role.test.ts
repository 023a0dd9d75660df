import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { achs } from '../../src/db/schema/index';
import { runtimeRoleWarnings } from '../../src/db/runtime-role';
import { withoutTenantScope } from '../../src/db/tenant-scope';
import { createJobEngine } from '../../src/platform/jobs/engine';
import { Queue } from '../../src/platform/jobs/types';
import { prepareDatabase } from '../../src/startup';
import { buildTestApp, type TestApp } from '../helpers/app';
import { buildCompany } from '../helpers/factories';
import { runtimeUrl, TEST_RUNTIME_ROLE } from '../helpers/runtime-role';

/**
 * The production role model (issue 28 item 3, docs/row-level-security.md): the app connects as a
 * runtime role that is neither owner, superuser nor BYPASSRLS; migrations run as the owner.
 * The whole PostgreSQL suite runs under that role (test/helpers/database.ts); these tests check
 * the role itself and the start-up path with DATABASE_MIGRATION_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe.skipIf(!serverUrl)('the runtime database role (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the suite connects as a role that is not superuser, not BYPASSRLS and owns nothing', async () => {
    const [me] = rowsOf<{ user: string; superuser: boolean; bypass: boolean }>(
      await t.db.execute(sql`
        SELECT current_user AS "user", rolsuper AS superuser, rolbypassrls AS bypass
        FROM pg_roles WHERE rolname = current_user`),
    );
    expect(me).toEqual({ user: TEST_RUNTIME_ROLE.name, superuser: false, bypass: false });
    expect(await runtimeRoleWarnings(t.db)).toEqual([]);
  });

  it('start-up warns when DATABASE_URL is a superuser or owns the tables', async () => {
    const owner = await openDatabase({
      url: (t.database.raw as { migrationUrl: string }).migrationUrl,
    });
    try {
      const warnings = await runtimeRoleWarnings(owner.db);
      expect(warnings.join('\n')).toMatch(
        /is a superuser: row-level security does not restrict it/,
      );
    } finally {
      await owner.close();
    }
  });

  it('every table under row-level security has the runtime policy', async () => {
    const missing = rowsOf<{ table: string }>(
      await t.db.execute(sql`
        SELECT c.relname AS "table" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relrowsecurity
          AND NOT EXISTS (SELECT 1 FROM pg_policies p
                          WHERE p.schemaname = 'public' AND p.tablename = c.relname
                            AND 'flowline_runtime' = ANY (p.roles))`),
    );
    expect(missing).toEqual([]);
  });

  it('work outside a request sees every company; a company scope without the tenant role sees only that company', async () => {
    const a = await buildCompany(t.db, { name: 'Runtime A' });
    const b = await buildCompany(t.db, { name: 'Runtime B' });
    for (const c of [a, b])
      await t.db.insert(achs).values({
        companyId: c.id,
        bankName: 'Runtime bank',
        country: 'US',
        accountTypeId: 1,
        legacyRoutingNumber: '011000015',
        legacyAccountNumber: '1234567',
      });
    const all = rowsOf<{ company_id: number }>(
      await withoutTenantScope(() =>
        t.db.execute(sql`SELECT company_id FROM achs WHERE bank_name = 'Runtime bank'`),
      ),
    );
    expect(all.map((r) => r.company_id).sort()).toEqual([a.id, b.id].sort());
    // What a RESET ROLE inside a request would leave: the company set, the runtime role current.
    const leaked = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.company_id', ${String(a.id)}, true)`);
      return rowsOf<{ company_id: number }>(
        await tx.execute(sql`SELECT company_id FROM achs WHERE bank_name = 'Runtime bank'`),
      );
    });
    expect(leaked.map((r) => r.company_id)).toEqual([a.id]);
  });

  it('start-up with DATABASE_MIGRATION_URL: the owner migrates, the runtime role works the jobs', async () => {
    const name = `flowline_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const ownerUrl = new URL(serverUrl!);
    ownerUrl.pathname = `/${name}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-runtime-'));
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: runtimeUrl(ownerUrl).toString(),
        DATABASE_MIGRATION_URL: ownerUrl.toString(),
      });
      const database = await prepareDatabase(config);
      try {
        expect(await runtimeRoleWarnings(database.db)).toEqual([]);
        const [owner] = rowsOf<{ owner: string }>(
          await database.db.execute(
            sql`SELECT tableowner AS owner FROM pg_tables WHERE tablename = 'documents'`,
          ),
        );
        expect(owner?.owner).toBe(ownerUrl.username || 'postgres');
        const engine = createJobEngine(database, { runWorkers: true }, silent);
        const seen: unknown[] = [];
        engine.register(Queue.orphanSweep, async (job) => {
          seen.push(job.data);
        });
        await engine.start();
        try {
          await engine.send(Queue.orphanSweep, { probe: 1 });
          await engine.drain(Queue.orphanSweep);
        } finally {
          await engine.stop();
        }
        expect(seen).toEqual([{ probe: 1 }]);
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
