// The benchmark's own database on the local PostgreSQL server: created, migrated with the app's
// migrations, reference data seeded, then bulk loaded (or reused when already loaded at this size).
import { sql, TransactionRollbackError } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { seedReferenceData } from '../../apps/server/src/db/seed/reference-data';
import { refreshDocumentIndex } from '../../apps/server/src/modules/documents/search-index';
import { rowsOf, seconds } from '../lib/measure';
import { bulkLoad, type LoadSize } from './load';

export interface BenchDatabase {
  url: string;
  /** Seconds the load took; null when an earlier load was reused. */
  loadSeconds: number | null;
}

async function admin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The size an earlier complete load recorded, or null. */
async function loadedSize(url: string): Promise<LoadSize | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const result = await client.query<{ companies: number; documents: number }>(
      'SELECT companies, documents FROM bench.loaded',
    );
    return result.rows[0] ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function prepareBenchDatabase(opts: {
  serverUrl: string;
  name: string;
  size: LoadSize;
  reuse: boolean;
}): Promise<BenchDatabase> {
  const url = `${opts.serverUrl}/${opts.name}`;
  if (opts.reuse) {
    const size = await loadedSize(url);
    if (size?.companies === opts.size.companies && size.documents === opts.size.documents) {
      console.log(`reusing ${opts.name} (${size.documents.toLocaleString('en-US')} documents)`);
      // Migrations added since the load (indexes) apply to the loaded data too.
      const database = await openDatabase({ url, poolSize: 1 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      return { url, loadSeconds: null };
    }
  }
  const start = performance.now();
  const database = await createBenchDatabase(opts.serverUrl, opts.name);
  try {
    console.log(`loading into ${opts.name}:`);
    await bulkLoad(url, opts.size);
    const loadSeconds = (performance.now() - start) / 1000;
    await checkIndexColumns(database);
    await recordLoaded(database, opts.size);
    console.log(`load total: ${seconds(loadSeconds * 1000)}`);
    return { url, loadSeconds };
  } finally {
    await database.close();
  }
}

/** Drops and creates the database, migrates it and seeds the reference data. */
export async function createBenchDatabase(serverUrl: string, name: string): Promise<Database> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await admin(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const database = await openDatabase({ url: `${serverUrl}/${name}`, poolSize: 1 });
  await database.migrate();
  await seedReferenceData(database.db);
  return database;
}

/** What `--reuse` compares: the size of a complete load. */
export async function recordLoaded(database: Database, size: LoadSize): Promise<void> {
  await database.db.execute(sql`DROP TABLE IF EXISTS bench.loaded`);
  await database.db.execute(sql`
    CREATE TABLE bench.loaded AS
    SELECT ${size.companies}::int AS companies, ${size.documents}::int AS documents, now() AS loaded_at`);
}

/**
 * The set-wise load must leave exactly what refreshDocumentIndex computes: recompute a sample of
 * documents with it (in a transaction that is rolled back) and compare.
 */
export async function checkIndexColumns(database: Database): Promise<void> {
  let differing = -1;
  let checked = 0;
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`
        CREATE TEMP TABLE loaded_sample ON COMMIT DROP AS
        SELECT id, document_id, list_values, search_text, search_vector FROM document_routes
        WHERE document_id IN (SELECT id FROM documents ORDER BY hashint4(id) LIMIT 200)`);
      const ids = rowsOf<{ id: number }>(
        await tx.execute(sql`SELECT DISTINCT document_id AS id FROM loaded_sample`),
      );
      for (const { id } of ids) await refreshDocumentIndex(tx, id);
      const [row] = rowsOf<{ n: number }>(
        await tx.execute(sql`
          SELECT count(*)::int AS n FROM loaded_sample s JOIN document_routes r ON r.id = s.id
          WHERE r.list_values <> s.list_values OR r.search_text <> s.search_text
             OR r.search_vector <> s.search_vector`),
      );
      differing = row?.n ?? -1;
      checked = ids.length;
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  if (differing !== 0 || checked === 0)
    throw new Error(`${differing} route rows differ from refreshDocumentIndex's values`);
  console.log(`  check: ${checked} documents recomputed by refreshDocumentIndex, identical`);
}
