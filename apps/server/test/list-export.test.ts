import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId, PreferenceKey } from '@flowline/shared';
import { userPreferences } from '../src/db/schema/index';
import { buildDocument } from './helpers/document-factories';
import { caller, openDocumentWorld } from './helpers/document-world';

/**
 * List exports (issue 30 item 5, docs/list-exports.md): every row of a list with its filters and
 * sort, as CSV and XLSX, parsed back and compared with the list's own JSON pages.
 */

/** RFC 4180 records (quoted fields, doubled quotes), a leading BOM dropped. */
function parse(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const world = await openDocumentWorld();
const { t, w } = world;
const ROWS = 2_150; // more than one keyset page of 2,000
const asPurchaser = caller(t, w.purchaserUser, w.purchaser);

beforeAll(async () => {
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < ROWS; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      await buildDocument(tx, {
        owner: w.vendor,
        user: w.user,
        receiver: w.purchaser,
        receivingPartyId: w.toPurchaser.id,
        metadata: {
          docNumber: `EXP-${String(i).padStart(5, '0')}`,
          docInvoiceDate: `2026-03-${day}`,
          docTotal: i % 10 === 0 ? null : `${(i * 7.25).toFixed(2)}`,
        },
      });
    }
  });
  await t.db
    .insert(userPreferences)
    .values({ userId: w.purchaserUser.id, key: PreferenceKey.dateFormat, value: 'dd/MM/yyyy' });
}, 300_000);
afterAll(() => t.close());

const exportUrl = (params: Record<string, string>) =>
  `/api/exports/documents?${new URLSearchParams(params).toString()}`;

async function listAll(orderBy: string, direction: 'asc' | 'desc') {
  const res = await asPurchaser({
    method: 'GET',
    url: `/api/documentroute/all/${DocumentTypeId.ArInvoice}?page=1&pageSize=25&orderBy=${orderBy}&orderByDirection=${direction}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    columns: { key: string; name: string }[];
    rows: { id: number; values: (string | null)[] }[];
    totalRecords: number;
  };
}

describe('GET /api/exports/documents', () => {
  it('exports every row of a type list to XLSX in the list order, with date and money formats', async () => {
    const list = await listAll('docTotal', 'desc');
    const res = await asPurchaser({
      method: 'GET',
      url: exportUrl({
        list: 'type',
        documentTypeId: String(DocumentTypeId.ArInvoice),
        format: 'xlsx',
        orderBy: 'docTotal',
        orderByDirection: 'desc',
      }),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="AR Invoice \d{4}-\d{2}-\d{2}\.xlsx"/,
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Doc #', ...list.columns.map((c) => c.name)]);
    expect(sheet.rowCount).toBe(ROWS + 1);
    // Same order as the screen: the first page's ids, then nulls last.
    const ids = Array.from({ length: ROWS }, (_, i) =>
      Number(sheet.getRow(i + 2).getCell(1).value),
    );
    expect(ids.slice(0, 25)).toEqual(list.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(ROWS);

    const col = (key: string) => list.columns.findIndex((c) => c.key === key) + 2;
    const top = sheet.getRow(2);
    expect(top.getCell(col('docTotal')).value).toBe(
      Number(list.rows[0]!.values[col('docTotal') - 2]),
    );
    expect(top.getCell(col('docTotal')).numFmt).toContain('#,##0.00');
    const date = top.getCell(col('docInvoiceDate'));
    expect(date.value).toBeInstanceOf(Date);
    expect(date.numFmt).toBe('dd/mm/yyyy');
    expect((date.value as Date).toISOString().slice(0, 10)).toBe(
      list.rows[0]!.values[col('docInvoiceDate') - 2],
    );
    // Rows without a total come last, as on the screen.
    expect(sheet.getRow(ROWS + 1).getCell(col('docTotal')).value).toBeNull();
  }, 120_000);

  it('exports the inbox as CSV with the filters applied, in the user’s formats', async () => {
    const res = await asPurchaser({
      method: 'GET',
      url: exportUrl({
        list: 'inbox',
        format: 'csv',
        query: 'EXP-0001',
        orderBy: 'id',
        orderByDirection: 'asc',
      }),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const records = parse(res.body) as string[][];
    expect(records[0]).toEqual(['Doc #', 'Type', 'Number', 'From', 'Amount', 'Status', 'Received']);
    // EXP-00010 … EXP-00019 and EXP-00001: the text filter as the screen applies it.
    const numbers = records.slice(1).map((r) => r[2]);
    expect(numbers).toContain('EXP-00011');
    expect(numbers.every((n) => n!.startsWith('EXP-0001'))).toBe(true);
    const row = records.find((r) => r[2] === 'EXP-00011')!;
    expect(row[4]).toBe('$79.75');
    expect(row[6]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/);
  });

  it('never writes text a spreadsheet would run as a formula into the CSV', async () => {
    await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      receiver: w.purchaser,
      receivingPartyId: w.toPurchaser.id,
      metadata: { docNumber: '=HYPERLINK("http://evil.example","EXPX")', docTotal: '-5.00' },
    });
    const res = await asPurchaser({
      method: 'GET',
      url: exportUrl({ list: 'inbox', format: 'csv', query: 'EXPX' }),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const row = parse(res.body).find((r) => r[2]?.includes('HYPERLINK'));
    expect(row?.[2]).toBe(`'=HYPERLINK("http://evil.example","EXPX")`);
  });

  it('refuses bad input clearly and shows another company nothing of this one', async () => {
    const bad = await asPurchaser({
      method: 'GET',
      url: exportUrl({ list: 'type', format: 'csv' }),
    });
    expect(bad.statusCode).toBe(400);
    const badFormat = await asPurchaser({
      method: 'GET',
      url: exportUrl({ list: 'inbox', format: 'pdf' }),
    });
    expect(badFormat.statusCode).toBe(400);
    const badSort = await asPurchaser({
      method: 'GET',
      url: exportUrl({ list: 'inbox', format: 'csv', orderBy: 'nope; drop table' }),
    });
    expect(badSort.statusCode).toBe(400);
    const unknownType = await asPurchaser({
      method: 'GET',
      url: exportUrl({ list: 'type', documentTypeId: '999999', format: 'csv' }),
    });
    expect(unknownType.statusCode).toBe(404);
    const stranger = caller(t, w.strangerUser, w.stranger);
    const theirs = await stranger({
      method: 'GET',
      url: exportUrl({ list: 'inbox', format: 'csv' }),
    });
    expect(theirs.statusCode).toBe(200);
    expect(parse(theirs.body)).toHaveLength(1);
    const noAuth = await t.app.inject({
      method: 'GET',
      url: exportUrl({ list: 'inbox', format: 'csv' }),
    });
    expect(noAuth.statusCode).toBe(401);
  });
});
