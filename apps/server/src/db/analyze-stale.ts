import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { hasServerCursors } from './cursor';
import { withoutTenantScope } from './tenant-scope';

/**
 * PGlite runs PostgreSQL in single-user mode: there is no autovacuum, so its planner statistics
 * are whatever the last ANALYZE left — none at all for a database that was only ever written to.
 * Without them a keyset page of a list export is planned as 'read every remaining row, then
 * sort' (each page costs the rest of the list: 100,000 rows exported at 38 instead of 16 ms of
 * CPU per 1,000). Before a long read, this analyzes the tables it reads when autovacuum would
 * have: never analyzed, more than 10 % (+ 50) of the rows changed since, or grown by more than
 * a fifth since (the change counters restart with the process). PostgreSQL servers have
 * autovacuum: nothing is done there.
 */

/** How often one process checks one table (the check is one catalog query). */
const CHECK_EVERY_MS = 60_000;
const lastCheck = new WeakMap<Db, Map<string, number>>();

export async function analyzeStaleTables(db: Db, tables: readonly string[]): Promise<string[]> {
  if (hasServerCursors(db)) return [];
  let checked = lastCheck.get(db);
  if (!checked) lastCheck.set(db, (checked = new Map()));
  const now = Date.now();
  const due = tables.filter((t) => now - (checked.get(t) ?? 0) >= CHECK_EVERY_MS);
  if (due.length === 0) return [];
  for (const t of due) checked.set(t, now);
  // As the connecting role (the tables' owner): a tenant-scoped role may not ANALYZE (PostgreSQL
  // only warns and skips). Statistics and the catalog, never a company's rows.
  const result = await withoutTenantScope(() =>
    db.execute(sql`
    SELECT c.relname AS name
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
    LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE c.relname IN (${sql.join(
      due.map((t) => sql`${t}`),
      sql`, `,
    )}) AND c.relkind = 'r'
      AND (c.reltuples < 0
        OR coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * c.reltuples
        OR pg_relation_size(c.oid) / current_setting('block_size')::int > 1.2 * c.relpages + 8)`),
  );
  const stale = ((result as { rows?: { name: string }[] }).rows ?? []).map((r) => r.name);
  for (const table of stale) {
    // A table name from the caller's fixed list, found in the catalog: never user input.
    await withoutTenantScope(() => db.execute(sql.raw(`ANALYZE "${table.replaceAll('"', '""')}"`)));
  }
  return stale;
}
