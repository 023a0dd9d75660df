// What the list-sort indexes (issue 16) cost: their size, and the time refreshDocumentIndex (the
// write behind every metadata save, upload and publish) takes with and without them.
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { DocumentTypeId } from '@flowline/shared';
import type { Db } from '../../apps/server/src/db/client';
import { listSortIndexes } from '../../apps/server/src/modules/document-lists/sort-indexes';
import { refreshDocumentIndex } from '../../apps/server/src/modules/documents/search-index';
import { ms, rowsOf, table } from '../lib/measure';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export async function sortIndexSizes(db: Db): Promise<string> {
  const rows = rowsOf<{ name: string; bytes: string; entries: string }>(
    await db.execute(sql`
      SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes, c.reltuples::bigint AS entries
      FROM pg_class c WHERE c.relname LIKE 'document_routes_sort_%' ORDER BY pg_relation_size(c.oid) DESC`),
  );
  const [table_] = rowsOf<{ heap: string; indexes: string }>(
    await db.execute(sql`
      SELECT pg_relation_size('document_routes') AS heap, pg_indexes_size('document_routes') AS indexes`),
  );
  const total = rows.reduce((s, r) => s + Number(r.bytes), 0);
  const lines = rows.map((r) => [
    r.name,
    Number(r.entries).toLocaleString('en-US'),
    mib(Number(r.bytes)),
  ]);
  lines.push(['all list-sort indexes', '', mib(total)]);
  return (
    `list-sort index sizes (document_routes heap ${mib(Number(table_?.heap))}, all its indexes ${mib(Number(table_?.indexes))})\n` +
    table(['index', 'entries', 'size'], lines)
  );
}

/** refreshDocumentIndex of `count` AR invoices of the company, in a transaction rolled back. */
async function timedRefresh(db: Db, ids: number[], withIndexes: boolean): Promise<number> {
  let elapsed = 0;
  await db
    .transaction(async (tx) => {
      if (!withIndexes)
        for (const index of listSortIndexes)
          await tx.execute(sql.raw(`DROP INDEX "${index.name}"`));
      const start = performance.now();
      for (const id of ids) await refreshDocumentIndex(tx, id);
      elapsed = performance.now() - start;
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return elapsed / ids.length;
}

export async function refreshCost(db: Db, companyId: number, count = 200): Promise<string> {
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT document_id AS id FROM document_routes
      WHERE company_id = ${companyId} AND document_type_id = ${DocumentTypeId.ArInvoice}
      ORDER BY hashint4(document_id) LIMIT ${count}`),
  ).map((r) => r.id);
  await timedRefresh(db, ids, true); // warm-up
  const withIndexes: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < 3; round++) {
    withIndexes.push(await timedRefresh(db, ids, true));
    without.push(await timedRefresh(db, ids, false));
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[1]!;
  return (
    `refreshDocumentIndex of ${ids.length} AR invoices (each with 2 route rows), ms per document, median of 3 rounds: ` +
    `with the list-sort indexes ${ms(median(withIndexes))}, without ${ms(median(without))}` +
    ` (rounds: ${withIndexes.map(ms).join('/')} vs ${without.map(ms).join('/')})`
  );
}
