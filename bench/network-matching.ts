// Network matching at scale: 1k companies with 100 connections each (100k parties), then one
// connection's match, a company's re-match (registration) and the top bar's count. Prints figures.
//   npx tsx bench/network-matching.ts            (PGlite in memory)
//   createdb -h 127.0.0.1 -U postgres flowline_bench_nm && DATABASE_URL=postgres://postgres@127.0.0.1:5432/flowline_bench_nm npx tsx bench/network-matching.ts
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import {
  refreshMatchForParty,
  refreshMatchesForCompany,
} from '../apps/server/src/modules/network/matching';
import { countPartiesWithStatus } from '../apps/server/src/modules/parties/repository';

const COMPANIES = 1_000;
const PER_COMPANY = 100;
const database = await openDatabase({ url: process.env.DATABASE_URL ?? null });
await database.migrate();
const { db } = database;
await db.execute(sql`truncate companies restart identity cascade`);

const timed = async <T>(label: string, fn: () => Promise<T>, runs = 1) => {
  const start = performance.now();
  let result: T | undefined;
  for (let i = 0; i < runs; i++) result = await fn();
  const ms = (performance.now() - start) / runs;
  console.log(`${label}: ${ms.toFixed(2)} ms${runs > 1 ? ` (mean of ${runs})` : ''}`);
  return result as T;
};

await timed('insert 1k companies + 100k parties', async () => {
  await db.execute(sql`
    insert into companies (name, code, state, country, zip_code, tax_number)
    select 'Basin Company ' || i || ', LLC', 'B' || i, 'TX', 'US', '797' || lpad((i % 100)::text, 2, '0'),
           lpad((100000000 + i)::text, 9, '0')
    from generate_series(1, ${COMPANIES}) i`);
  // Every 10th connection names another company (half by tax id, half by name); the rest are unknown.
  await db.execute(sql`
    insert into parties (company_id, party_type_id, name, number, state, tax_identifier)
    select c, 1,
      case when j % 10 = 0 then 'BASIN COMPANY ' || ((c + j) % ${COMPANIES} + 1) || ' Inc.'
           else 'Vendor ' || c || '-' || j end,
      'N' || j, 'TX',
      case when j % 20 = 0 then lpad((100000000 + (c + j) % ${COMPANIES} + 1)::text, 9, '0')
           else lpad((500000000 + c * ${PER_COMPANY} + j)::text, 9, '0') end
    from generate_series(1, ${COMPANIES}) c, generate_series(1, ${PER_COMPANY}) j`);
  await db.execute(sql`analyze companies`);
  await db.execute(sql`analyze parties`);
});

await timed('match all 100k: each company re-matched, as 1k registrations would', async () => {
  let changed = 0;
  for (let id = 1; id <= COMPANIES; id += 1) changed += await refreshMatchesForCompany(db, id);
  console.log(`  parties now on network: ${changed}`);
  await db.execute(sql`analyze parties`); // as autovacuum would after 10k updates
});
await timed(
  'one connection match (create/update)',
  () => refreshMatchForParty(db, 500, 50_000),
  50,
);
await timed('one company re-match (registration)', () => refreshMatchesForCompany(db, 500), 20);
const count = await timed(
  'count endpoint query (onNetwork of one company)',
  () => countPartiesWithStatus(db, 500, 'onNetwork', new Date()),
  50,
);
console.log(`  count for company 500: ${count}`);

const explain = async (label: string, query: ReturnType<typeof sql>) => {
  const result = await db.execute(sql`explain ${query}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: object[] }).rows) as Record<
    string,
    string
  >[];
  console.log(`\n${label}\n${rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
};
await explain(
  'EXPLAIN tax lookup',
  sql`select id from companies where tax_digits = '100000500' and id <> 1 order by id limit 1`,
);
await explain(
  'EXPLAIN name lookup',
  sql`select id from companies where normalized_name = 'basin company 500' order by id limit 1`,
);
await explain(
  'EXPLAIN parties that could match a company',
  sql`select id from parties p where p.suggested_company_id = 500 or p.tax_digits = '100000500' or p.normalized_name = 'basin company 500'`,
);
await explain(
  'EXPLAIN count (the onNetwork clause of status-sql.ts)',
  sql`select count(*) from parties where company_id = 500 and not is_disconnected
      and connected_company_id is null and not is_invite_sent and suggested_company_id is not null`,
);
console.log(`\ndatabase: ${database.kind}`);
await database.close();
