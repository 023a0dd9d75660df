// Saved views at scale (issue 30 item 6, docs/list-views.md): on the documents bench's database
// (1,000,000 documents across 1,000 companies, bench/documents/load.ts), the AR invoice list of
// the largest company filtered as a saved view would filter it — an Invoice Date range and an
// Invoice Total range — timed through the list service (the same SQL the endpoint runs: the page
// and its count), with the EXPLAIN (ANALYZE, BUFFERS) of both statements. Prints figures; it is
// not a timed test. Goal: p95 ≤ 50 ms.
//   npx tsx bench/list-views.ts                  (loads flowline_bench_documents when missing)
//   npx tsx bench/list-views.ts --reuse          (keeps an earlier load of the same size)
//   npx tsx bench/list-views.ts --documents=100000 --companies=200
import { parseArgs } from 'node:util';
import { DocumentTypeId, Role, UserType, zDocumentListQuery } from '@flowline/shared';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { listByType } from '../apps/server/src/modules/document-lists/service';
import { prepareBenchDatabase } from './documents/database';
import { latencyOf, machineLoad, ms, rowsOf, table } from './lib/measure';

const { values: args } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    documents: { type: 'string', default: '1000000' },
    companies: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '200' },
  },
});
const size = { documents: Number(args.documents), companies: Number(args.companies) };
const runs = Number(args.runs);
const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

const bench = await prepareBenchDatabase({
  serverUrl,
  name: 'flowline_bench_documents',
  size,
  reuse: args.reuse,
});
const database = await openDatabase({ url: bench.url, poolSize: 4 });
const db: Db = database.db;

const [largest] = rowsOf<{ id: number; invoices: number; first: string; last: string }>(
  await db.execute(sql`
    SELECT company_id AS id, count(*)::int AS invoices,
      min(list_values ->> 'docInvoiceDate') AS first, max(list_values ->> 'docInvoiceDate') AS last
    FROM document_routes
    WHERE document_type_id = ${DocumentTypeId.ArInvoice}
      AND company_id = (SELECT company_id FROM document_routes GROUP BY company_id
                        ORDER BY count(*) DESC, company_id LIMIT 1)
    GROUP BY company_id`),
);
if (!largest) throw new Error('No AR invoices loaded');
const [amounts] = rowsOf<{ p25: string; p75: string }>(
  await db.execute(sql`
    SELECT percentile_disc(0.25) WITHIN GROUP (ORDER BY (list_values ->> 'docTotal')::numeric)::text AS p25,
           percentile_disc(0.75) WITHIN GROUP (ORDER BY (list_values ->> 'docTotal')::numeric)::text AS p75
    FROM document_routes WHERE company_id = ${largest.id} AND document_type_id = ${DocumentTypeId.ArInvoice}`),
);

// A quarter in the middle of the company's invoices, and the middle half of its amounts.
const mid = new Date((Date.parse(largest.first) + Date.parse(largest.last)) / 2);
const from = new Date(mid.getTime() - 45 * 86_400_000).toISOString().slice(0, 10);
const to = new Date(mid.getTime() + 45 * 86_400_000).toISOString().slice(0, 10);
const filters = {
  fields: [
    { field: 'docInvoiceDate', kind: 'dateRange', from, to },
    { field: 'docTotal', kind: 'amountRange', min: amounts!.p25, max: amounts!.p75 },
  ],
};
const ctx = {
  companyId: largest.id,
  userId: 0,
  userType: UserType.Regular,
  roles: [Role.Administrator],
};

const scenarios: { name: string; query: Record<string, string> }[] = [
  { name: 'view, default sort (Doc # desc)', query: {} },
  { name: 'view, sorted by Invoice Total desc', query: { orderBy: 'docTotal' } },
  {
    name: 'view, sorted by Invoice Date asc',
    query: { orderBy: 'docInvoiceDate', orderByDirection: 'asc' },
  },
  {
    name: 'view + Exported = no',
    query: { filters: JSON.stringify({ ...filters, exported: 'no' }) },
  },
  { name: 'view, page 20', query: { page: '20' } },
];

console.log(
  `company ${largest.id}: ${largest.invoices.toLocaleString('en-US')} AR invoices ` +
    `(${largest.first} … ${largest.last}); view: Invoice Date ${from} … ${to}, ` +
    `Invoice Total ${amounts!.p25} … ${amounts!.p75}; ${runs} runs each; ${machineLoad()}`,
);
const lines: string[][] = [];
for (const s of scenarios) {
  const query = zDocumentListQuery.parse({
    filters: JSON.stringify(filters),
    columns: 'docNumber,docInvoiceDate,docTotal,counterparty,exported',
    ...s.query,
  });
  let matched = 0;
  for (let i = 0; i < 10; i++) matched = (await listByType(db, ctx, 93, query)).totalRecords;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await listByType(db, ctx, 93, query);
    samples.push(performance.now() - start);
  }
  const l = latencyOf(samples);
  lines.push([s.name, String(matched), ms(l.p50), ms(l.p95), ms(l.p99)]);
}
console.log(table(['saved view (largest company)', 'rows', 'p50 ms', 'p95 ms', 'p99 ms'], lines));

// The plans of the default scenario's two statements.
const explain = async (statement: ReturnType<typeof sql>) =>
  rowsOf<{ 'QUERY PLAN': string }>(
    await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement}`),
  )
    .map((r) => r['QUERY PLAN'])
    .join('\n');
const where = sql`r.company_id = ${largest.id} AND r.document_type_id = 93
  AND (nullif(r.list_values ->> 'docInvoiceDate'::text, '') >= ${from}
       AND nullif(r.list_values ->> 'docInvoiceDate'::text, '') < ${to})
  AND ((CASE WHEN nullif(r.list_values ->> 'docTotal'::text, '') ~ '^-?([0-9]+[.]?[0-9]*|[.][0-9]+)$'
        THEN (nullif(r.list_values ->> 'docTotal'::text, ''))::numeric END) >= ${amounts!.p25}::numeric
   AND (CASE WHEN nullif(r.list_values ->> 'docTotal'::text, '') ~ '^-?([0-9]+[.]?[0-9]*|[.][0-9]+)$'
        THEN (nullif(r.list_values ->> 'docTotal'::text, ''))::numeric END) <= ${amounts!.p75}::numeric)
  AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = r.document_id
                  AND (d.deleted_at IS NOT NULL OR d.is_temporary))`;
console.log(
  '\npage:\n' +
    (await explain(sql`SELECT r.document_id FROM document_routes r
  WHERE ${where} ORDER BY r.document_id DESC LIMIT 25`)),
);
console.log(
  '\ncount:\n' + (await explain(sql`SELECT count(*) FROM document_routes r WHERE ${where}`)),
);
await database.close();
