// Indexes this benchmark proposes (docs/documents-performance.md). They are not in the app's
// migrations: `--proposed` creates them in the benchmark database for the run, and every run
// removes them again, so a plain run always measures the schema as migrated.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';

export const proposedIndexes: { name: string; definition: string }[] = [
  {
    // The lists' "live document" anti-join hashes this (usually tiny) set instead of reading
    // all documents or probing the primary key once per route row.
    name: 'bench_proposed_documents_not_live_idx',
    definition: 'ON documents (id) WHERE deleted_at IS NOT NULL OR is_temporary',
  },
];

export async function setProposedIndexes(db: Db, present: boolean): Promise<void> {
  for (const index of proposedIndexes)
    await db.execute(sql.raw(`DROP INDEX IF EXISTS ${index.name}`));
  if (!present) return;
  for (const index of proposedIndexes)
    await db.execute(sql.raw(`CREATE INDEX ${index.name} ${index.definition}`));
  await db.execute(sql`ANALYZE documents`);
}
