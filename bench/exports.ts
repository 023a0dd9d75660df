// List exports (issue 30 item 5, 'Speed'): 100,000 received AR invoices bulk loaded, then the
// receiving company's AR invoice list exported to CSV and to XLSX through the real exporter (keyset reads + streaming writer) into a counting sink; rows/s and the
// process's RSS growth are printed (goals: CSV ≥ 20,000 rows/s, XLSX ≥ 5,000 rows/s, RSS ≤ 64 MB).
//   npm run bench:exports [-- --rows=100000]          (PGlite in a temporary folder)
//   DATABASE_URL=postgres://… npm run bench:exports   (an empty PostgreSQL database)
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DocumentTypeId, PartyType, Role, RouteStatus, UserType } from '@flowline/shared';
import { documentListExport } from '../apps/server/src/modules/document-lists/service';
import { exportStream } from '../apps/server/src/modules/list-export/writer';
import { buildCompany, buildMember } from '../apps/server/test/helpers/factories';
import { openBenchDatabase } from './lib/bench-database';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const rows = Number(args.rows);
const bench = await openBenchDatabase('exports');
const { db } = bench;

const vendor = await buildCompany(db, { name: 'Bench Vendor', partyTypes: [PartyType.Vendor] });
const operator = await buildCompany(db, { name: 'Bench Operator' });
const user = await buildMember(db, operator, [Role.User]);

// Bulk load: documents and the receiver's routes with their list values, in SQL.
const loadStart = performance.now();
await db.execute(sql`
  INSERT INTO documents (document_type_id, owner_company_id, file_name, file_key, file_sha256,
    file_size, content_type, published_at)
  SELECT ${DocumentTypeId.ArInvoice}, ${vendor.id}, 'invoice-' || g || '.pdf', 'documents/x',
    lpad(to_hex(g), 64, '0'), 1000, 'application/pdf', now()
  FROM generate_series(1, ${rows}) g`);
await db.execute(sql`
  INSERT INTO document_routes (document_id, company_id, side, document_type_id, route_status_id,
    is_read, counterparty_company_id, list_values, created_at)
  SELECT d.id, ${operator.id}, 'received', d.document_type_id, ${RouteStatus.Received}, false,
    ${vendor.id},
    jsonb_build_object('docNumber', 'INV-' || d.id, 'docTotal', ((d.id % 50000) * 1.37)::numeric(12,2)::text,
      'docInvoiceDate', to_char(date '2026-01-01' + (d.id % 300), 'YYYY-MM-DD')),
    now() - (d.id % 1000) * interval '1 minute'
  FROM documents d WHERE d.owner_company_id = ${vendor.id}`);
console.log(`loaded ${rows} documents in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

const ctx = {
  companyId: operator.id,
  userId: user.id,
  userType: UserType.Regular,
  roles: [Role.User],
};

async function run(format: 'csv' | 'xlsx') {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  let bytes = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const source = await documentListExport(db, ctx as never, {
    list: 'type',
    documentTypeId: DocumentTypeId.ArInvoice,
    orderBy: 'id',
    orderByDirection: 'desc',
  });
  await pipeline(
    exportStream(source, { format, dateFormat: 'MM/dd/yyyy', sheetName: source.name }),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `${format.toUpperCase()}: ${rows} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MB written, RSS growth ${((peak - rssBefore) / 1024 / 1024).toFixed(0)} MB ` +
      `(${bench.engine}), ` +
      `this process's CPU ${(((cpu.user + cpu.system) / 1000 / rows) * 1000).toFixed(0)} ms per 1,000 rows, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
}

await run('csv');
await run('xlsx');
await bench.close();
