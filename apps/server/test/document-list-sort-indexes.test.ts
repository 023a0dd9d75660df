import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataFieldSeeds, type MetadataFieldSeed } from '@flowline/shared';
import type { Db } from '../src/db/client';
import { findRoutePage } from '../src/modules/document-lists/repository';
import { hasSortIndex, listSortIndexes } from '../src/modules/document-lists/sort-indexes';
import { metadataSortKey, rowsOf } from '../src/modules/document-lists/sql-fragments';
import { buildTestApp, type TestApp } from './helpers/app';

/**
 * The list-sort expression indexes (issue 16): the migrations create exactly one per list-column
 * key of the field seeds, and the planner can read a type list's page sorted by any list column
 * from its index (so adding a list column without its index, or changing a sort expression
 * without its index, fails here).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The statements findRoutePage sends, without running them. */
function statementsOf(run: (db: Db) => Promise<unknown>): Promise<SQL[]> {
  const statements: SQL[] = [];
  const db = new Proxy(t.db, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (query: SQL) => {
          statements.push(query);
          return Promise.resolve({ rows: [] });
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return run(db).then(() => statements);
}

/** EXPLAIN with sorts and sequential scans priced out: what an index can serve shows. */
async function planOf(statement: SQL): Promise<string> {
  let plan = '';
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    await tx.execute(sql`SET LOCAL enable_sort = off`);
    await tx.execute(sql`SET LOCAL enable_incremental_sort = off`);
    const rows = rowsOf<Record<string, string>>(await tx.execute(sql`EXPLAIN ${statement}`));
    plan = rows.map((r) => Object.values(r)[0]).join('\n');
  });
  return plan;
}

const listColumns = metadataFieldSeeds.filter(
  (f): f is MetadataFieldSeed & { listColumn: number } => f.listColumn !== undefined,
);

describe('list-sort indexes', () => {
  it('the migrated database has one per list-column key of the seeds, and no other', async () => {
    const rows = rowsOf<{ name: string }>(
      await t.db.execute(sql`
        SELECT indexname AS name FROM pg_indexes
        WHERE tablename = 'document_routes' AND indexname LIKE 'document_routes_sort_%'
        ORDER BY indexname`),
    );
    const expected = listSortIndexes.map((i) => i.name).sort();
    expect(rows.map((r) => r.name)).toEqual(expected);
    expect(new Set(listColumns.map((f) => f.key)).size).toBe(listSortIndexes.length);
    for (const f of listColumns) expect(hasSortIndex(f.documentTypeId, f.key)).toBe(true);
    expect(hasSortIndex(93, 'docPaymentTerms')).toBe(false); // a field, not a list column
  });

  it('a type list sorted by any list column reads its page from that column’s index', async () => {
    const missing: string[] = [];
    for (const field of listColumns) {
      const index = listSortIndexes.find((i) => i.key === field.key)!;
      for (const direction of ['asc', 'desc'] as const) {
        const [page] = await statementsOf((db) =>
          findRoutePage(
            db,
            1,
            { documentTypeIds: [field.documentTypeId] },
            {
              key: metadataSortKey(field.key, field.fieldTypeId),
              direction,
              indexed: hasSortIndex(field.documentTypeId, field.key),
            },
            { limit: 25, offset: 0 },
            { withNames: false },
          ),
        );
        const plan = await planOf(page!);
        // The part with a value comes from the index in its order (the part without may use
        // another index of the same order on an empty table; at scale it is this one too).
        const uses = new RegExp(`Index (Only )?Scan (Backward )?using ${index.name} `);
        if (!uses.test(plan))
          missing.push(`type ${field.documentTypeId} ${field.key} ${direction}:\n${plan}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
