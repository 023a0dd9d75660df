// Issue 32 item 1: price books published to a connection — import from CSV or XLSX with every bad
// row named, 'import the valid rows', versions both sides read, a third company refused (404),
// type-ahead for line entry, CSV/XLSX bombs refused, formulas never evaluated, exports escaped.
import { deflateRawSync } from 'node:zlib';

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  PriceBook,
  PriceBookImportResult,
  PriceBookItemPage,
  PriceBookSuggestion,
  PriceBookVersion,
} from '@flowline/shared';
import { priceBooks, priceBookItems, priceBookVersions } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { caller, openDocumentWorld, type DocumentWorld } from './helpers/document-world';
import { multipartBody } from './helpers/multipart';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
});
beforeEach(async () => {
  await t.db.delete(priceBooks);
});
afterAll(() => t.close());

const HEADER =
  'Item Code,Description,UOM,Unit Price,Tier 1 Min Qty,Tier 1 Unit Price,Effective From,Effective To,Contract Number';
const GOOD = [
  'VAC-130,"Vacuum truck, 130 bbl",HR,95.00,,,,,MSA-14',
  'HOT-OIL,Hot oil unit,hr,140,8,130.00,,,',
  'FW-BBL,Fresh water,BBL,"1,250.5",,,2026-01-01,2026-06-30,',
];

function csv(...rows: string[]) {
  return Buffer.from([HEADER, ...rows].join('\r\n') + '\r\n');
}

async function importFile(
  who: ReturnType<typeof caller>,
  file: { name: string; data: Buffer; type?: string },
  options: Record<string, unknown>,
) {
  const { payload, headers } = await multipartBody([
    ['options', JSON.stringify(options)],
    ['file', { type: 'text/csv', ...file }],
  ]);
  return who({ method: 'POST', url: '/api/pricebooks/import', payload, headers });
}

const publish = (
  data: Buffer,
  options: Record<string, unknown> = {},
  who = asVendor,
  name = 'prices.csv',
) =>
  importFile(
    who,
    { name, data },
    { partyId: w.toPurchaser.id, effectiveFrom: '2026-01-01', ...options },
  );

async function published(data: Buffer, options: Record<string, unknown> = {}) {
  const res = await publish(data, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PriceBookImportResult>();
}

describe('import', () => {
  it('refuses a file with three bad rows, naming each line and reason, and writes nothing', async () => {
    const res = await publish(
      csv(
        GOOD[0]!,
        'BAD-1,No unit,,12.00,,,,,', // line 3
        GOOD[1]!,
        'BAD-2,Price typo,HR,12.0O,,,,,', // line 5
        'VAC-130,Duplicate code,HR,1,,,,,', // line 6
        GOOD[2]!,
      ),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; message: string; rows: unknown[] } }>();
    expect(body.error.code).toBe('price_book_rows_invalid');
    expect(body.error.rows).toEqual([
      { line: 3, reason: 'UOM is required' },
      { line: 5, reason: 'Unit Price must be an amount like 95.00 (at most 4 decimals)' },
      { line: 6, reason: 'Item Code VAC-130 is already on line 2' },
    ]);
    expect(body.error.message).toMatch(/^3 rows are not valid; nothing was imported\. Line 3: /);
    expect(await t.db.select().from(priceBookVersions)).toEqual([]);
    expect(await t.db.select().from(priceBookItems)).toEqual([]);
  });

  it('imports the valid rows when asked, reporting the skipped ones', async () => {
    const result = await published(
      csv(GOOD[0]!, 'BAD-1,No unit,,12.00,,,,,', GOOD[1]!, GOOD[2]!, 'X,Tier,HR,5,10,,,,'),
      { importValidRows: true },
    );
    expect(result.imported).toBe(3);
    expect(result.skipped).toEqual([
      { line: 3, reason: 'UOM is required' },
      { line: 6, reason: 'Tier 1 needs both a Min Qty and a Unit Price' },
    ]);
    expect(result.version).toMatchObject({ versionNumber: 1, status: 'current', itemCount: 3 });
    expect(result.priceBook).toMatchObject({
      direction: 'published',
      partyId: w.toPurchaser.id,
      counterpartyName: 'Purchaser Co',
    });
    const page = await asVendor({ url: `/api/pricebooks/versions/${result.version.id}/items` });
    expect(page.json<PriceBookItemPage>()).toMatchObject({
      totalRecords: 3,
      items: [
        {
          lineNumber: 2,
          itemCode: 'VAC-130',
          description: 'Vacuum truck, 130 bbl',
          unitPrice: '95.00',
          contractNumber: 'MSA-14',
        },
        {
          lineNumber: 4,
          itemCode: 'HOT-OIL',
          uom: 'HR',
          unitPrice: '140',
          tiers: [{ minQuantity: '8', unitPrice: '130.00' }],
        },
        {
          lineNumber: 5,
          itemCode: 'FW-BBL',
          unitPrice: '1250.5',
          effectiveFrom: '2026-01-01',
          effectiveTo: '2026-06-30',
        },
      ],
    });
  });

  it('refuses every row bad even with import the valid rows', async () => {
    const res = await publish(csv('A,,HR,1,,,,,'), { importValidRows: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.rows).toEqual([{ line: 2, reason: 'Description is required' }]);
  });

  it('refuses a file without a required column or with an unknown one, whole', async () => {
    const missing = await publish(Buffer.from('Item Code,Description,UOM\nA,B,HR\n'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('The file has no Unit Price column');
    const unknown = await publish(Buffer.from('Item Code,Description,UOM,Unit Price,Colour\n'));
    expect(unknown.json().error.message).toBe(
      'The column Colour is not part of the price book template',
    );
  });

  it('checks the options: a date, To after From, a connected connection of the caller', async () => {
    const badDate = await publish(csv(GOOD[0]!), { effectiveFrom: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.message).toBe('Use a date like 2026-01-31');
    const reversed = await publish(csv(GOOD[0]!), { effectiveTo: '2025-12-31' });
    expect(reversed.json().error.message).toBe('Effective To must be on or after Effective From');
    const offline = await publish(csv(GOOD[0]!), { partyId: w.offline.id });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error.code).toBe('party_not_connected');
    const foreign = await publish(csv(GOOD[0]!), { partyId: w.strangerParty.id });
    expect(foreign.statusCode).toBe(404);
    expect(await t.db.select().from(priceBooks)).toEqual([]);
  });

  it('refuses ReadOnly users (403) and files that are not CSV or XLSX (415)', async () => {
    const asReadOnly = caller(t, w.readOnly, w.vendor);
    expect((await publish(csv(GOOD[0]!), {}, asReadOnly)).statusCode).toBe(403);
    const pdf = await publish(Buffer.from('%PDF-1.4\n'), {}, asVendor, 'prices.pdf');
    expect(pdf.statusCode).toBe(415);
  });
});

describe('bombs and formulas', () => {
  it('refuses a file over 5 MB (413) and more than 10,000 rows (400)', async () => {
    const big = await publish(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(big.statusCode).toBe(413);
    const rows = Array.from({ length: 10_001 }, (_, i) => `C${i},Item,HR,1`);
    const many = await publish(
      Buffer.from(['Item Code,Description,UOM,Unit Price', ...rows].join('\n')),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().error.code).toBe('too_many_rows');
  });

  it('refuses an XLSX that expands too much (a zip bomb) before opening it', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const res = await publish(zipOf([['xl/worksheets/sheet1.xml', zeros]]), {}, asVendor, 'b.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('zip_bomb');
  });

  it('never evaluates an XLSX formula: the row is refused with why', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Item Code', 'Description', 'UOM', 'Unit Price', 'Effective From']);
    sheet.addRow(['VAC-130', 'Vacuum truck', 'HR', 95, new Date(Date.UTC(2026, 0, 15))]);
    sheet.addRow(['HOT-OIL', 'Hot oil', 'HR', { formula: '1+1', result: 2 }]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const refused = await publish(data, {}, asVendor, 'prices.xlsx');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.rows).toEqual([
      { line: 3, reason: 'Unit Price is a formula; formulas are not evaluated — paste the values' },
    ]);
    const res = await publish(data, { importValidRows: true }, asVendor, 'prices.xlsx');
    expect(res.statusCode).toBe(201);
    const version = res.json<PriceBookImportResult>().version;
    const items = await asVendor({ url: `/api/pricebooks/versions/${version.id}/items` });
    expect(items.json<PriceBookItemPage>().items).toMatchObject([
      { itemCode: 'VAC-130', unitPrice: '95', effectiveFrom: '2026-01-15' },
    ]);
  });

  it('escapes formula injection in exported cells (CSV and XLSX)', async () => {
    const { version } = await published(
      csv('=HYPERLINK("http://x"),@SUM(A1),HR,5,,,,,+cmd', 'NEG,-2+3,HR,1,,,,,'),
    );
    const exported = await asPurchaser({
      url: `/api/pricebooks/versions/${version.id}/export?format=csv`,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")",'@SUM(A1),HR,5,,,,,,,,,'+cmd`);
    expect(lines[2]).toBe(`NEG,'-2+3,HR,1,,,,,,,,,`);

    const xlsx = await asVendor({
      url: `/api/pricebooks/versions/${version.id}/export?format=xlsx`,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0]!.getRow(2).getCell(1);
    expect(cell.value).toBe(`'=HYPERLINK("http://x")`);
    expect(cell.formula).toBeUndefined();
  });

  it('offers the template in both formats, and the template imports as it is', async () => {
    const template = await asVendor({ url: '/api/pricebooks/template?format=csv' });
    expect(template.body).toContain('Item Code,Description,UOM,Unit Price,Tier 1 Min Qty');
    const imported = await publish(template.rawPayload, {}, asVendor, 'template.csv');
    expect(imported.json<PriceBookImportResult>().imported).toBe(3);
    const xlsx = await asVendor({ url: '/api/pricebooks/template?format=xlsx' });
    const fromXlsx = await publish(xlsx.rawPayload, {}, asVendor, 'template.xlsx');
    expect(fromXlsx.statusCode, fromXlsx.body).toBe(201);
  });
});

describe('versions and reading', () => {
  it('keeps every version; both sides see current and past, a third company gets 404', async () => {
    const first = await published(csv(GOOD[0]!), { effectiveFrom: '2025-01-01' });
    const second = await published(csv(GOOD[1]!), { effectiveFrom: '2025-07-01' });
    const future = await published(csv(GOOD[2]!), { effectiveFrom: '2099-01-01' });
    const bookId = first.priceBook.id;
    expect(second.priceBook.id).toBe(bookId);

    for (const who of [asVendor, asPurchaser]) {
      const versions = await who({ url: `/api/pricebooks/${bookId}/versions` });
      expect(versions.statusCode).toBe(200);
      expect(versions.json<PriceBookVersion[]>().map((v) => [v.versionNumber, v.status])).toEqual([
        [3, 'scheduled'],
        [2, 'current'],
        [1, 'past'],
      ]);
      const items = await who({ url: `/api/pricebooks/versions/${first.version.id}/items` });
      expect(items.json<PriceBookItemPage>().items[0]?.itemCode).toBe('VAC-130');
    }

    const list = await asPurchaser({ url: '/api/pricebooks' });
    expect(list.json<PriceBook[]>()).toMatchObject([
      {
        id: bookId,
        direction: 'received',
        partyId: w.toVendor.id,
        counterpartyName: 'Vendor Co (as Purchaser knows it)',
        currentVersion: { id: second.version.id },
        versionCount: 3,
      },
    ]);

    for (const url of [
      `/api/pricebooks/${bookId}/versions`,
      `/api/pricebooks/versions/${future.version.id}/items`,
      `/api/pricebooks/versions/${future.version.id}/export`,
    ]) {
      const res = await asStranger({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('VAC-130');
    }
    expect((await asStranger({ url: '/api/pricebooks' })).json()).toEqual([]);
  });

  it('the operator publishes its contract prices to the vendor too; each sees both books', async () => {
    await published(csv(GOOD[0]!));
    const contract = await importFile(
      asPurchaser,
      { name: 'contract.csv', data: csv('VAC-130,Vacuum truck (contract),HR,90.00,,,,,C-9') },
      { partyId: w.toVendor.id, effectiveFrom: '2026-01-01' },
    );
    expect(contract.statusCode, contract.body).toBe(201);
    const mine = (await asVendor({ url: '/api/pricebooks' })).json<PriceBook[]>();
    expect(mine.map((b) => [b.direction, b.partyId])).toEqual([
      ['published', w.toPurchaser.id],
      ['received', w.toPurchaser.id],
    ]);
  });

  it('pages and filters the items in SQL', async () => {
    const rows = Array.from(
      { length: 120 },
      (_, i) => `P-${String(i).padStart(3, '0')},Part ${i},EA,${i + 1}`,
    );
    const { version } = await published(
      Buffer.from(['Item Code,Description,UOM,Unit Price', ...rows].join('\n')),
    );
    const page = await asPurchaser({
      url: `/api/pricebooks/versions/${version.id}/items?page=3&pageSize=50`,
    });
    const body = page.json<PriceBookItemPage>();
    expect(body.totalRecords).toBe(120);
    expect(body.items.map((i) => i.itemCode)).toEqual(
      Array.from({ length: 20 }, (_, i) => `P-${100 + i}`),
    );
    const found = await asVendor({
      url: `/api/pricebooks/versions/${version.id}/items?query=${encodeURIComponent('part 11')}`,
    });
    expect(found.json<PriceBookItemPage>().totalRecords).toBe(11); // 11, 110–119
    const odd = await asVendor({ url: `/api/pricebooks/versions/${version.id}/items?query=%25_` });
    expect(odd.json<PriceBookItemPage>().totalRecords).toBe(0);
  });
});

describe('type-ahead', () => {
  it('finds items by code or description in the version in force on the date, price included', async () => {
    await published(csv('VAC-130,Vacuum truck,HR,95.00,,,,,'), { effectiveFrom: '2025-01-01' });
    await published(
      csv('VAC-130,Vacuum truck,HR,99.00,,,,,', 'FW-BBL,Fresh water vac,BBL,1.25,,,2025-08-01,,'),
      {
        effectiveFrom: '2025-07-01',
      },
    );
    const ask = (query: string, date: string, who = asPurchaser, partyId = w.toVendor.id) =>
      who({
        url: `/api/pricebooks/typeahead?partyId=${partyId}&query=${encodeURIComponent(query)}&date=${date}`,
      });

    const june = await ask('vac', '2025-06-15');
    expect(
      june.json<PriceBookSuggestion[]>().map((s) => [s.itemCode, s.unitPrice, s.versionNumber]),
    ).toEqual([['VAC-130', '95.00', 1]]);
    const august = await ask('vac', '2025-08-15');
    expect(august.json<PriceBookSuggestion[]>().map((s) => [s.itemCode, s.unitPrice])).toEqual([
      ['VAC-130', '99.00'], // the code starts with the query: first
      ['FW-BBL', '1.25'],
    ]);
    const july = await ask('water', '2025-07-15'); // the item starts in August
    expect(july.json()).toEqual([]);
    const before = await ask('vac', '2024-12-31');
    expect(before.json()).toEqual([]);
    const vendorSide = await ask('VAC', '2025-08-15', asVendor, w.toPurchaser.id);
    expect(vendorSide.json<PriceBookSuggestion[]>()[0]).toMatchObject({ direction: 'published' });

    const stranger = await ask('vac', '2025-08-15', asStranger, w.toVendor.id);
    expect(stranger.statusCode).toBe(404);
    const empty = await asPurchaser({
      url: `/api/pricebooks/typeahead?partyId=${w.toVendor.id}&query=`,
    });
    expect(empty.statusCode).toBe(400);
  });
});

/** A zip of stored-then-deflated parts, written by hand (central directory included). */
function zipOf(entries: Array<[name: string, data: Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const compressed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
