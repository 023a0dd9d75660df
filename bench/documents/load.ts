// Bulk load of the documents benchmark: companies, a connection graph, users, documents with
// metadata and their route rows, all generated set-wise in SQL (INSERT … SELECT over
// generate_series, deterministic hashes instead of random()), in batches of documents.
import { metadataFieldSeeds } from '@flowline/shared';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client';
import { documentIndexSql } from '../../apps/server/src/modules/documents/search-index';
import { rowsOf, seconds } from '../lib/measure';
import { fileNameSql, metadataByTypes, r } from './values';
import { words } from './words';

export interface LoadSize {
  companies: number;
  documents: number;
  /**
   * Zipf exponent s of the company sizes: company c is picked with weight (c + 5)^-s. 0.9 (the
   * default) is the 1,000-company bench; the staged bench uses 1.0 over 50,000 companies.
   */
  skew?: number;
}

export const BATCH = 50_000;
const FIRST_DAY = '2023-12-01';
const DAYS = 1_095; // three years of documents

const log = (line: string) => console.log(line);

/** Runs fn, prints its time, and returns it in ms. */
export async function step(label: string, fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  const elapsed = performance.now() - start;
  log(`  ${label}: ${seconds(elapsed)}`);
  return elapsed;
}

/** The lookup values of a seeded List field, so generated values are ones the UI offers. */
function lookupValues(key: string): string[] {
  const field = metadataFieldSeeds.find((f) => f.key === key && f.lookupValues);
  if (!field?.lookupValues) throw new Error(`no lookup values for ${key}`);
  return field.lookupValues;
}

/** Runs `fn` over the items with `workers` concurrent chains (one connection each). */
async function inParallel<T>(items: T[], workers: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

export const loadWorkers = Math.max(1, os.availableParallelism());

/**
 * The loader's connections (one per core). Foreign keys are guaranteed by construction, so their
 * per-row triggers are skipped (session_replication_role = replica).
 */
export function openLoader(url: string): Promise<Database> {
  const options = [
    'session_replication_role=replica',
    'synchronous_commit=off',
    'maintenance_work_mem=512MB',
    'work_mem=64MB',
  ]
    .map((o) => `-c ${o}`)
    .join(' ');
  return openDatabase({
    url: `${url}?options=${encodeURIComponent(options)}`,
    poolSize: loadWorkers,
  });
}

/**
 * Everything before the documents: helpers, companies, the connection graph and the plan of
 * `size.documents` documents. A document's plan row depends only on its id and the company count,
 * so the first n rows of a 10M plan are exactly a 1M load's plan (the staged bench loads a prefix,
 * measures, then the next range).
 */
export async function prepareLoad(db: Db, size: LoadSize): Promise<void> {
  await step('helpers and word lists', () => createHelpers(db));
  await step(`${size.companies} companies, party types, users, memberships`, () =>
    loadCompanies(db, size.companies, size.skew ?? 0.9),
  );
  await step('connection graph (parties on both sides)', () => loadConnections(db, size.companies));
  await step(`plan of ${size.documents.toLocaleString('en-US')} documents`, () =>
    planDocuments(db, size.documents, size.companies),
  );
}

/** Documents lo..hi (with metadata and routes) in 50k batches, `loadWorkers` at a time. */
export async function loadRange(db: Db, lo: number, hi: number): Promise<void> {
  const batches: [number, number][] = [];
  for (let from = lo; from <= hi; from += BATCH)
    batches.push([from, Math.min(hi, from + BATCH - 1)]);
  await inParallel(batches, loadWorkers, async ([from, to]) => {
    const start = performance.now();
    await loadBatch(db, from, to);
    const range = `${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')}`;
    log(`    ${range}: ${seconds(performance.now() - start)}`);
  });
}

/** Recreates dropped indexes from their definitions, `loadWorkers` at a time. */
export async function recreateIndexes(db: Db, indexes: string[]): Promise<void> {
  // The GIN indexes take longest: start them first.
  const ordered = [...indexes].sort(
    (a, b) => Number(b.includes('USING gin')) - Number(a.includes('USING gin')),
  );
  await inParallel(ordered, loadWorkers, async (definition) => {
    await db.execute(sql.raw(definition));
  });
}

/** Sequences past the loaded ids, then VACUUM ANALYZE (visibility map, statistics). */
export async function finishLoad(db: Db): Promise<void> {
  for (const table of ['companies', 'users', 'parties', 'documents', 'document_routes'])
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
      ),
    );
  await db.execute(sql`VACUUM ANALYZE`);
}

/**
 * Loads everything into a freshly migrated database (reference data seeded), with one connection
 * per core; secondary indexes are dropped and built once at the end.
 */
export async function bulkLoad(url: string, size: LoadSize): Promise<void> {
  const database = await openLoader(url);
  const { db } = database;
  try {
    await prepareLoad(db, size);
    const indexes = await dropSecondaryIndexes(db);
    const batches = Math.ceil(size.documents / BATCH);
    await step(`documents, metadata, routes (${batches} batches, ${loadWorkers} at a time)`, () =>
      loadRange(db, 1, size.documents),
    );
    await step(`recreate ${indexes.length} indexes`, () => recreateIndexes(db, indexes));
    await step('sequences, vacuum analyze', () => finishLoad(db));
  } finally {
    await database.close();
  }
}

async function createHelpers(db: Db) {
  const lists = {
    ...words,
    paymentTerms: lookupValues('docPaymentTerms'),
    interestTypes: lookupValues('docInterestType'),
    formTypes: lookupValues('docFormType'),
    doResponses: lookupValues('docDOResponseStatus'),
  };
  const columns = Object.keys(lists)
    .map((k) => `array(SELECT jsonb_array_elements_text(j->'${k}')) AS "${k}"`)
    .join(', ');
  await db.execute(sql`DROP SCHEMA IF EXISTS bench CASCADE`);
  await db.execute(sql`CREATE SCHEMA bench`);
  // Uniform [0, 1) from a 64-bit hash of (row, purpose): repeatable, and parallel-safe.
  await db.execute(sql`
    CREATE FUNCTION bench.rnd(seed bigint, k int) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT (hashint8extended(seed, k) >> 11)::float8 / 9007199254740992.0 + 0.5 $$`);
  await db.execute(sql`
    CREATE FUNCTION bench.pick(list text[], r float8) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT list[1 + floor(r * cardinality(list))::int] $$`);
  await db.execute(sql`
    CREATE TABLE bench.words AS
    SELECT ${sql.raw(columns)} FROM (SELECT ${JSON.stringify(lists)}::jsonb AS j) s`);
}

/**
 * Company sizes are skewed (Zipf-like): company c is picked (as a document's owner, as a
 * connection) with weight (c + 5)^-s. With s = 0.9 over 1,000 companies company 1 holds ~2.5% of
 * all routes, company 10 ~1% and the median company ~0.05%; with s = 1.0 over 50,000 companies
 * the largest owns ~1.8% of the documents (183k of 10M), the median ~44. bench.company_of(u, n)
 * maps a uniform u to a company by the inverse of the (continuous) cumulative weight — a lookup
 * array with width_bucket was 40 µs per row.
 */
async function loadCompanies(db: Db, count: number, skew: number) {
  const e = Number((1 - skew).toFixed(6));
  // The integral of x^-s is x^(1-s)/(1-s), or ln x when s = 1.
  const inverse =
    Math.abs(e) < 1e-9
      ? 'exp(ln(5.5) + u * (ln(n + 5.5) - ln(5.5)))'
      : `power(power(5.5, ${e}) + u * (power(n + 5.5, ${e}) - power(5.5, ${e})), ${Number((1 / e).toFixed(6))})`;
  await db.execute(
    sql.raw(`
    CREATE FUNCTION bench.company_of(u float8, n int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT least(n, greatest(1, floor(${inverse} - 4.5)::int)) $$`),
  );
  await db.execute(sql`
    INSERT INTO companies (id, name, code, address_line_one, city, state, country, zip_code, tax_id_type, tax_number, created_at)
    SELECT c,
      w."companyFirst"[1 + (c - 1) % 40] || ' ' || w."companySecond"[1 + ((c - 1) / 40) % 30] || ' ' ||
        CASE WHEN c <= 10 THEN 'Operating Co.' ELSE bench.pick(w."companySuffix", bench.rnd(c, 1)) END
        || CASE WHEN c > 1200 THEN ' ' || c ELSE '' END,
      'BC' || lpad(c::text, 5, '0'),
      (100 + c % 900) || ' ' || bench.pick(w.streets, bench.rnd(c, 2)) || ' St',
      bench.pick(w.counties, bench.rnd(c, 3)), bench.pick(w.states, bench.rnd(c, 4)), 'US',
      '79' || lpad((c % 1000)::text, 3, '0'), 'EIN', lpad((700000000 + c)::text, 9, '0'),
      now() - interval '4 years'
    FROM generate_series(1, ${count}) c, bench.words w`);
  // The ten largest are operators (and purchasers); the rest vendors, operators, owners, purchasers.
  await db.execute(sql`
    INSERT INTO company_party_types (company_id, party_type_id)
    SELECT c, t FROM generate_series(1, ${count}) c, LATERAL (
      SELECT unnest(CASE
        WHEN c <= 10 OR c % 10 = 9 THEN ARRAY[3, 5]
        WHEN c % 10 IN (5, 6) THEN ARRAY[3]
        WHEN c % 10 = 7 THEN ARRAY[2]
        WHEN c % 10 = 8 THEN ARRAY[5]
        ELSE ARRAY[1] END) AS t) x`);
  // One administrator per company; tokens name them by subject 'bench-<company id>'.
  await db.execute(sql`
    INSERT INTO users (id, external_id, email_address, first_name, last_name, user_type_id)
    SELECT c, 'bench-' || c, 'ap' || c || '@bench.example', bench.pick(w."firstNames", bench.rnd(c, 5)),
      bench.pick(w.surnames, bench.rnd(c, 6)), 1
    FROM generate_series(1, ${count}) c, bench.words w`);
  await db.execute(sql`
    INSERT INTO memberships (company_id, user_id) SELECT c, c FROM generate_series(1, ${count}) c`);
  await db.execute(sql`
    INSERT INTO membership_roles (company_id, user_id, role_id, is_main)
    SELECT c, c, 1, true FROM generate_series(1, ${count}) c`);
}

/**
 * Each company picks ~10 connections by the same skew, so the large companies end up with a few
 * hundred; every connection is a party row on both sides, linked (connected_company_id).
 */
async function loadConnections(db: Db, count: number) {
  await db.execute(sql`
    CREATE TABLE bench.edge AS
    SELECT DISTINCT least(a, b) AS a, greatest(a, b) AS b FROM (
      SELECT a, bench.company_of(bench.rnd(a, 100 + j), ${count}) AS b
      FROM generate_series(1, ${count}) a, generate_series(1, 10) j) x
    WHERE a <> b`);
  await db.execute(sql`
    INSERT INTO parties (company_id, party_type_id, name, number, address_line_one, city, state, country,
                         zip_code, tax_type_id, tax_identifier, connected_company_id, created_at, updated_at)
    SELECT e.me, (SELECT min(party_type_id) FROM company_party_types t WHERE t.company_id = e.other),
      o.name, 'C' || lpad(e.other::text, 5, '0'), o.address_line_one, o.city, o.state, 'US', o.zip_code,
      'EIN', o.tax_number, e.other, o.created_at, o.created_at
    FROM (SELECT a AS me, b AS other FROM bench.edge UNION ALL SELECT b, a FROM bench.edge) e
    JOIN companies o ON o.id = e.other
    ORDER BY e.me, e.other`);
  // Statistics first: without them the planner takes the self-join below for a few rows and
  // nests loops over the large companies' thousands of parties (minutes at 5,000 companies).
  await db.execute(sql`ANALYZE parties`);
  await db.execute(sql`
    CREATE TABLE bench.conn AS
    SELECT p.company_id, row_number() OVER (PARTITION BY p.company_id ORDER BY p.id)::int AS n,
      p.id AS party_id, p.connected_company_id AS other_id, q.id AS other_party_id
    FROM parties p
    JOIN parties q ON q.company_id = p.connected_company_id AND q.connected_company_id = p.company_id`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bench.conn (company_id, n)`);
  await db.execute(sql`
    CREATE TABLE bench.degree AS SELECT company_id, count(*)::int AS cnt FROM bench.conn GROUP BY 1`);
}

/**
 * One row per document: owner (skewed), type, receiving connection, sent or draft, statuses,
 * dates and the values several fields share. ~60% are sent; ~70% are AR invoices; 3% of the
 * drafts were cancelled (soft-deleted: their routes stay, the lists leave them out).
 */
async function planDocuments(db: Db, count: number, companies: number) {
  await db.execute(sql`
    CREATE TABLE bench.plan AS
    SELECT s.id, s.owner, s.type, s.sent, c.party_id, c.other_id AS receiver, c.other_party_id,
      NOT s.sent AND bench.rnd(s.id, 18) < 0.03 AS deleted,
      CASE WHEN s.sent THEN (CASE s.status WHEN 2 THEN 1 ELSE s.status END) END AS status_sent,
      s.status AS status_recv,
      s.status <> 2 OR bench.rnd(s.id, 6) < 0.5 AS is_read_recv,
      s.day,
      ((s.day + 2 + floor(bench.rnd(s.id, 8) * 5)::int)::timestamp
        + make_interval(secs => 28800 + bench.rnd(s.id, 9) * 36000)) AT TIME ZONE 'America/Chicago' AS created_at,
      'INV-' || to_char(s.day, 'YYYY') || '-' || lpad((s.id % 1000000)::text, 6, '0') AS doc_no,
      round(least(250000, greatest(25, exp(ln(1800) + 1.3 * sqrt(-2 * ln(1 - bench.rnd(s.id, 11)))
        * cos(2 * pi() * bench.rnd(s.id, 12)))))::numeric, 2) AS amount,
      bench.pick(w.formations, bench.rnd(s.id, 13)) AS formation,
      bench.pick(w.surnames, bench.rnd(s.id, 14)) || ' ' || bench.pick(w."unitWords", bench.rnd(s.id, 15)) AS property,
      bench.pick(w.counties, bench.rnd(s.id, 16)) AS county,
      (1 + floor(bench.rnd(s.id, 17) * 40))::int AS well_no
    FROM (
      SELECT i AS id, bench.company_of(bench.rnd(i, 1), ${companies}) AS owner, t.type,
        bench.rnd(i, 4) < 0.6 AS sent,
        CASE
          WHEN bench.rnd(i, 4) >= 0.6 THEN NULL
          WHEN t.type = 94 THEN CASE WHEN bench.rnd(i, 5) < 0.2 THEN 2 WHEN bench.rnd(i, 5) < 0.7 THEN 8 ELSE 9 END
          WHEN t.type = 93 THEN CASE WHEN bench.rnd(i, 5) < 0.30 THEN 2 WHEN bench.rnd(i, 5) < 0.36 THEN 10
            WHEN bench.rnd(i, 5) < 0.56 THEN 3 WHEN bench.rnd(i, 5) < 0.93 THEN 4 ELSE 5 END
          ELSE CASE WHEN bench.rnd(i, 5) < 0.5 THEN 2 ELSE 10 END
        END AS status,
        ${FIRST_DAY}::date + floor(bench.rnd(i, 2) * ${DAYS})::int AS day
      FROM generate_series(1, ${count}) i,
      LATERAL (SELECT CASE
        WHEN bench.rnd(i, 3) < 0.70 THEN 93 WHEN bench.rnd(i, 3) < 0.78 THEN 87
        WHEN bench.rnd(i, 3) < 0.81 THEN 94 WHEN bench.rnd(i, 3) < 0.87 THEN 89
        WHEN bench.rnd(i, 3) < 0.95 THEN 91 ELSE 90 END AS type) t
    ) s
    JOIN bench.degree g ON g.company_id = s.owner
    JOIN bench.conn c ON c.company_id = s.owner AND c.n = 1 + floor(bench.rnd(s.id, 7) * g.cnt)::int
    CROSS JOIN bench.words w
    ORDER BY s.id`);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM bench.plan`),
  );
  if (row?.n !== count) throw new Error(`planned ${row?.n} documents, expected ${count}`);
  await db.execute(sql`ALTER TABLE bench.plan ADD PRIMARY KEY (id)`);
}

/** Indexes that back no constraint, dropped for the load and recreated from their definitions. */
export async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const rows = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relnamespace = 'public'::regnamespace
        AND t.relname IN ('documents', 'document_metadata', 'document_routes')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`),
  );
  for (const r of rows) await db.execute(sql.raw(`DROP INDEX ${r.name}`));
  return rows.map((r) => r.definition);
}

async function loadBatch(db: Db, lo: number, hi: number) {
  await db.execute(sql`
    INSERT INTO documents (id, document_type_id, owner_company_id, created_by_user_id, receiving_party_id,
      receiving_company_id, file_name, file_key, file_sha256, file_size, content_type, page_count,
      version_root_id, published_at, deleted_at, created_at, updated_at)
    SELECT p.id, p.type, p.owner, p.owner, p.party_id, p.receiver, ${sql.raw(fileNameSql)},
      'documents/sha256/' || left(h.sha, 2) || '/' || h.sha, h.sha,
      (20000 + ${sql.raw(r(61))} * 2000000)::bigint, 'application/pdf', 1 + floor(${sql.raw(r(62))} ^ 3 * 12)::int,
      p.id, CASE WHEN p.sent THEN p.created_at + interval '1 day' END,
      CASE WHEN p.deleted THEN p.created_at + interval '2 hours' END, p.created_at,
      CASE WHEN p.sent THEN p.created_at + interval '1 day' ELSE p.created_at END
    FROM bench.plan p, LATERAL (SELECT md5(p.id::text) || md5('f' || p.id) AS sha) h
    WHERE p.id BETWEEN ${lo} AND ${hi}`);

  for (const group of metadataByTypes) {
    const values = group.values.map(([key, value]) => `('${key}', ${value})`).join(',\n');
    await db.execute(sql`
      INSERT INTO document_metadata (document_id, metadata_definition_id, value, lookup_value_id, updated_at)
      SELECT p.id, md.id, v.value, lv.id, p.created_at
      FROM bench.plan p
      JOIN companies oc ON oc.id = p.owner
      JOIN companies rc ON rc.id = p.receiver
      CROSS JOIN bench.words w
      CROSS JOIN LATERAL (VALUES ${sql.raw(values)}) AS v(key, value)
      JOIN metadata_definitions md ON md.document_type_id = p.type AND md.key = v.key
      LEFT JOIN metadata_lookup_values lv ON lv.metadata_definition_id = md.id AND lv.lookup_value = v.value
      WHERE p.id BETWEEN ${lo} AND ${hi} AND p.type IN ${group.types} AND v.value IS NOT NULL
      ORDER BY p.id, md.id`);
  }

  // The denormalised list/search columns, computed by the same expressions as refreshDocumentIndex.
  const ix = documentIndexSql;
  await db.execute(sql`
    WITH meta AS (
      SELECT m.document_id, ${ix.listValues} AS list_values, ${ix.textValues} AS text_values
      FROM document_metadata m
      JOIN metadata_definitions md ON md.id = m.metadata_definition_id
      WHERE m.document_id BETWEEN ${lo} AND ${hi}
      GROUP BY m.document_id
    ), indexed AS MATERIALIZED (
      SELECT d.id, meta.list_values, ${ix.searchText} AS search_text, ${ix.searchVector} AS search_vector
      FROM meta
      JOIN documents d ON d.id = meta.document_id
      JOIN document_types dt ON dt.id = d.document_type_id
    )
    INSERT INTO document_routes (document_id, company_id, side, document_type_id, route_status_id, is_read,
      party_id, counterparty_company_id, list_values, search_text, search_vector, created_at, updated_at)
    SELECT p.id, s.company_id, s.side, p.type, s.status, s.is_read, s.party_id, s.counterparty,
      x.list_values, x.search_text, x.search_vector, p.created_at,
      CASE WHEN p.sent THEN p.created_at + interval '1 day' ELSE p.created_at END
    FROM indexed x
    JOIN bench.plan p ON p.id = x.id
    CROSS JOIN LATERAL (VALUES
      ('sent', p.owner, p.status_sent, true, p.party_id, CASE WHEN p.sent THEN p.receiver END),
      ('received', p.receiver, p.status_recv, p.is_read_recv, p.other_party_id, p.owner)
    ) AS s(side, company_id, status, is_read, party_id, counterparty)
    WHERE s.side = 'sent' OR p.sent
    ORDER BY p.id, s.side DESC`);
}
