// Issue 12 item 3: the sender's line items, the receiver's coding on its own side, proposed line
// items, account codes and the detail total check on Send — roles, sides, other companies, bad
// input (400 with clear messages) and nothing half-written.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountKind,
  HistoryOperation,
  Role,
  RouteStatus,
  type LineItemRowDto,
  UserType,
  type DocumentDto,
  type DocumentLineItems,
  type ProposedLineItems,
} from '@flowline/shared';
import { documentLineItems, documentRoutes, lineItemCoding } from '../src/db/schema/index';
import { insertAccountCodes } from '../src/modules/line-items/repository';
import type { TestApp } from './helpers/app';
import { buildDocument } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';
import { buildMember } from './helpers/factories';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asVendorReadOnly: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;
let asPurchaserReadOnly: ReturnType<typeof caller>;
let asPurchaserGlobal: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  asVendorReadOnly = caller(t, w.readOnly, w.vendor);
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  asPurchaserReadOnly = caller(t, w.purchaserReadOnly, w.purchaser);
  const global = await buildMember(t.db, w.purchaser, [Role.User], {
    userTypeId: UserType.Global,
  });
  asPurchaserGlobal = caller(t, global, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
  await insertAccountCodes(t.db, [
    { companyId: w.purchaser.id, accountKind: AccountKind.AFE, code: '24-017', name: 'Delaware' },
    { companyId: w.purchaser.id, accountKind: AccountKind.AFE, code: '24-022', name: 'Mesa' },
    { companyId: w.purchaser.id, accountKind: AccountKind.CostCenter, code: 'CC-100', name: 'Dr' },
    { companyId: w.stranger.id, accountKind: AccountKind.AFE, code: '99-999', name: 'Other' },
  ]);
});
afterAll(() => t.close());

const twoLines = [
  { description: 'Hauling', quantity: '2', unitPrice: '500.00', amount: '1000.00' },
  { description: 'Rig-up labour', quantity: 1, unitPrice: 250, amount: '250.00' },
];

let invoiceNumber = 0;

/** An unsent AR invoice of the vendor (total 1,250.00), each with its own number. */
async function draftInvoice() {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice, docNumber: `LI-${++invoiceNumber}` },
    receivingPartyId: w.toPurchaser.id,
  });
  return doc.id;
}

const saveLines = (id: number, lines: unknown, who = asVendor) =>
  who({ method: 'PUT', url: `/api/documents/${id}/lineItems`, payload: { lines } });
const saveCoding = (id: number, lines: unknown, who = asPurchaser) =>
  who({ method: 'PUT', url: `/api/documents/${id}/lineItems/coding`, payload: { lines } });
const publish = (id: number) =>
  asVendor({ method: 'PUT', url: `/api/documents/${id}/publish`, payload: { metadata: [] } });
const readLines = (id: number, who = asVendor) =>
  who({ method: 'GET', url: `/api/documents/${id}/lineItems` });

/** A sent invoice with the two lines: Received for the purchaser. */
async function sentInvoiceWithLines() {
  const id = await draftInvoice();
  expect((await saveLines(id, twoLines)).statusCode).toBe(200);
  const sent = await publish(id);
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

const cell = (row: { cells: { key: string; value: string | null }[] }, key: string) =>
  row.cells.find((c) => c.key === key)?.value;

describe("the sender's lines", () => {
  it('saves, reads back in order on the document, and records each line in history', async () => {
    const id = await draftInvoice();
    const res = await saveLines(id, twoLines);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DocumentLineItems>();
    expect(body.canEditLines).toBe(true);
    expect(body.canEditCoding).toBe(false);
    expect(body.columns.map((c) => c.key)).toEqual([
      'description',
      'quantity',
      'unitPrice',
      'amount',
    ]);
    expect(body.rows.map((r) => [r.lineNumber, cell(r, 'description'), cell(r, 'amount')])).toEqual(
      [
        [1, 'Hauling', '1000.00'],
        [2, 'Rig-up labour', '250.00'],
      ],
    );
    const doc = (
      await asVendor({ method: 'GET', url: `/api/documents/${id}` })
    ).json<DocumentDto>();
    expect(doc.lineItems).toHaveLength(2);
    expect(cell(doc.lineItems[1]!, 'quantity')).toBe('1');

    // Change line 1, drop line 2.
    await saveLines(id, [{ ...twoLines[0], unitPrice: '450.00', amount: '900.00' }]);
    const ops = (await historyOf(t.db, id))
      .filter((h) => h.objectType === 'lineItem')
      .map((h) => [h.operationId, h.rowNumber]);
    expect(ops).toEqual([
      [HistoryOperation.LineItemAdded, 1],
      [HistoryOperation.LineItemAdded, 2],
      [HistoryOperation.LineItemEdited, 1],
      [HistoryOperation.LineItemDeleted, 2],
    ]);
  });

  it('answers bad cells with clear 400s and writes nothing', async () => {
    const id = await draftInvoice();
    await saveLines(id, twoLines);
    const bad = await saveLines(id, [twoLines[0], { description: 'X', quantity: 'abc' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Line 2: Quantity must be a number');
    // Issue 27 item 15: Quantity × Unit Price must give the Amount (a cent of rounding allowed).
    const product = await saveLines(id, [
      { description: 'Hauling', quantity: '1', unitPrice: '10', amount: '20' },
    ]);
    expect(product.statusCode).toBe(400);
    expect(product.json().error.message).toBe(
      'Line 1: Quantity × Unit Price (1 × $10.00 = $10.00) does not match Amount ($20.00)',
    );
    const long = await saveLines(id, [{ description: 'x'.repeat(501), amount: '1' }]);
    expect(long.json().error.message).toBe('Line 1: Description can be at most 500 characters');
    const many = await saveLines(
      id,
      Array.from({ length: 501 }, () => ({ description: 'a', amount: '1' })),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toBe('A document can have at most 500 line items');
    expect((await saveLines(id, 'nope')).statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(documentLineItems)
      .where(eq(documentLineItems.documentId, id));
    expect(rows.map((r) => r.description)).toEqual(['Hauling', 'Rig-up labour']);
  });

  it('refuses ReadOnly members, the receiver, other companies and a sent document', async () => {
    const id = await sentInvoiceWithLines();
    const draft = await draftInvoice();
    expect((await saveLines(draft, twoLines, asVendorReadOnly)).statusCode).toBe(403);
    expect((await saveLines(draft, twoLines, asStranger)).statusCode).toBe(404);
    expect((await readLines(draft, asStranger)).statusCode).toBe(404);
    expect((await saveLines(id, twoLines, asPurchaser)).statusCode).toBe(403);
    const sent = await saveLines(id, []);
    expect(sent.statusCode).toBe(409);
    expect((await saveLines(999_999, twoLines)).statusCode).toBe(404);
    expect((await saveLines(0, twoLines)).statusCode).toBe(400);
  });
});

describe('the detail total check on Send', () => {
  it("refuses lines that do not add up to the invoice total, in the spec's words", async () => {
    const id = await draftInvoice();
    await saveLines(id, [twoLines[0]]);
    const res = await publish(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Detail item total ($1,000.00) does not match Invoice Total ($1,250.00)',
    );
    const [route] = await t.db
      .select()
      .from(documentRoutes)
      .where(eq(documentRoutes.documentId, id));
    expect(route?.routeStatusId).toBeNull();
    // A line without its required cells names it.
    await saveLines(id, [...twoLines, { quantity: '1' }]);
    expect((await publish(id)).json().error.message).toBe(
      'Fields Description (line 3), Amount (line 3) are required',
    );
    await saveLines(id, twoLines);
    expect((await publish(id)).statusCode).toBe(200);
  });
});

describe("the receiver's coding", () => {
  it("codes lines on its own side: the vendor's values and view never change", async () => {
    const id = await sentInvoiceWithLines();
    const before = await readLines(id, asPurchaser);
    const view = before.json<DocumentLineItems>();
    expect(view.canEditCoding).toBe(true);
    expect(view.canEditLines).toBe(false);
    expect(view.columns.filter((c) => !c.isReadonly).map((c) => c.key)).toEqual([
      'afe',
      'costCenter',
      'accountCode',
      'well',
      'property',
    ]);

    const res = await saveCoding(id, [
      { lineNumber: 1, afe: '24-017', costCenter: 'cc-100' },
      { lineNumber: 2, afe: '24-022', well: 'Any well' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<DocumentLineItems>().rows;
    expect(rows.map((r) => [cell(r, 'afe'), cell(r, 'costCenter'), cell(r, 'well')])).toEqual([
      ['24-017', 'CC-100', null],
      ['24-022', null, 'Any well'],
    ]);
    expect(cell(rows[0]!, 'description')).toBe('Hauling');

    // A later save changes only the keys it gives.
    await saveCoding(id, [{ lineNumber: 2, well: null }]);
    const again = (await readLines(id, asPurchaser)).json<DocumentLineItems>().rows;
    expect([cell(again[1]!, 'afe'), cell(again[1]!, 'well')]).toEqual(['24-022', null]);

    // The vendor sees its own cells only; history names the line, not the codes.
    const vendorView = (await readLines(id)).json<DocumentLineItems>();
    expect(vendorView.rows[0]!.cells.map((c) => c.key)).toEqual([
      'description',
      'quantity',
      'unitPrice',
      'amount',
    ]);
    const coded = (await historyOf(t.db, id)).filter((h) => h.objectName?.startsWith('Coding'));
    expect(coded.map((h) => [h.objectName, h.newValue, h.companyId])).toContainEqual([
      'Coding (line 1)',
      null,
      w.purchaser.id,
    ]);
  });

  it('refuses unknown codes, lines and duplicates with a 400 and writes nothing', async () => {
    const id = await sentInvoiceWithLines();
    const unknown = await saveCoding(id, [
      { lineNumber: 1, afe: '24-017' },
      { lineNumber: 2, afe: '99-999' },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Line 2: 99-999 is not one of your AFE codes');
    expect((await saveCoding(id, [{ lineNumber: 3, afe: '24-017' }])).json().error.message).toBe(
      'Line 3 does not exist on this document',
    );
    expect(
      (
        await saveCoding(id, [
          { lineNumber: 1, afe: '24-017' },
          { lineNumber: 1, afe: '24-022' },
        ])
      ).json().error.message,
    ).toBe('Line 1 is given more than once');
    expect((await saveCoding(id, [])).statusCode).toBe(400);
    expect((await saveCoding(id, [{ lineNumber: 1, afe: 'x'.repeat(51) }])).statusCode).toBe(400);
    const stored = await t.db
      .select()
      .from(lineItemCoding)
      .where(eq(lineItemCoding.documentId, id));
    expect(stored).toEqual([]);
  });

  it('refuses the sender, ReadOnly and Global users, other companies and a closed status', async () => {
    const id = await sentInvoiceWithLines();
    const coding = [{ lineNumber: 1, afe: '24-017' }];
    const bySender = await saveCoding(id, coding, asVendor);
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().error.message).toBe('Only the receiving company can do this.');
    expect((await saveCoding(id, coding, asPurchaserReadOnly)).statusCode).toBe(403);
    expect((await saveCoding(id, coding, asPurchaserGlobal)).statusCode).toBe(403);
    expect((await saveCoding(id, coding, asStranger)).statusCode).toBe(404);
    await asPurchaser({
      method: 'POST',
      url: `/api/documents/${id}/reject`,
      payload: { reason: 'Wrong rate' },
    });
    const closed = await saveCoding(id, coding);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(
      'A document in status Rejected can no longer be coded.',
    );
  });

  it('codes an approved invoice too', async () => {
    const id = await sentInvoiceWithLines();
    await asPurchaser({ method: 'POST', url: `/api/documents/${id}/approve` });
    expect((await saveCoding(id, [{ lineNumber: 1, afe: '24-017' }])).statusCode).toBe(200);
  });
});

describe('proposed line items', () => {
  const proposed = (id: number, page: number | string, size: number | string, who = asPurchaser) =>
    who({ method: 'GET', url: `/api/documents/${id}/ProposedLineItems/${page}/${size}` });

  it("suggests the receiver's most used coding of the same vendor and description", async () => {
    const first = await sentInvoiceWithLines();
    await saveCoding(first, [
      { lineNumber: 1, afe: '24-017', costCenter: 'CC-100' },
      { lineNumber: 2, afe: '24-022' },
    ]);
    const second = await sentInvoiceWithLines();
    const res = await proposed(second, 1, -1);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ProposedLineItems>();
    expect(body.columnHeaders.map((c) => c.key)).toContain('afe');
    expect(body.totalRecords).toBe(2);
    expect(body.rows).toHaveLength(2);
    expect(
      body.suggestedRows.map((s) => [s.lineNumber, cell(s, 'afe'), cell(s, 'costCenter')]),
    ).toEqual([
      [1, '24-017', 'CC-100'],
      [2, '24-022', null],
    ]);
    // Paged: the second line only.
    const page2 = (await proposed(second, 2, 1)).json<ProposedLineItems>();
    expect(page2.rows.map((r) => r.lineNumber)).toEqual([2]);
    // Another company sees nothing; bad paging is a 400.
    expect((await proposed(second, 1, -1, asStranger)).statusCode).toBe(404);
    expect((await proposed(second, 0, -1)).statusCode).toBe(400);
    expect((await proposed(second, 1, 0)).statusCode).toBe(400);
    expect((await proposed(second, 1, 'all')).statusCode).toBe(400);
  });

  it('suggests the sender lines it sent the same receiver before', async () => {
    await sentInvoiceWithLines();
    const draft = await draftInvoice();
    await saveLines(draft, [twoLines[0]]);
    const body = (await proposed(draft, 1, -1, asVendor)).json<ProposedLineItems>();
    const rigUp = body.suggestedRows.find((s) => cell(s, 'description') === 'Rig-up labour');
    expect(rigUp).toMatchObject({ lineNumber: null });
    expect([cell(rigUp!, 'quantity'), cell(rigUp!, 'unitPrice')]).toEqual(['1', '250']);
    expect(body.suggestedRows.some((s) => cell(s, 'description') === 'Hauling')).toBe(false);
  });
});

describe('account codes', () => {
  it("lists this company's codes of a kind with type-ahead, never another company's", async () => {
    const all = await asPurchaser({ method: 'GET', url: `/api/accountcodes/${AccountKind.AFE}` });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((c: { code: string }) => c.code)).toEqual(['24-017', '24-022']);
    const typed = await asPurchaser({ method: 'GET', url: '/api/accountcodes/1?query=mesa' });
    expect(typed.json().map((c: { code: string }) => c.code)).toEqual(['24-022']);
    const theirs = await asStranger({ method: 'GET', url: '/api/accountcodes/1' });
    expect(theirs.json().map((c: { code: string }) => c.code)).toEqual(['99-999']);
    const bad = await asPurchaser({ method: 'GET', url: '/api/accountcodes/9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('The account kind is a number from 1 to 8');
  });
});

describe('resubmit', () => {
  it("copies the sender's lines to the new version", async () => {
    const id = await sentInvoiceWithLines();
    await asPurchaser({
      method: 'POST',
      url: `/api/documents/${id}/reject`,
      payload: { reason: 'Wrong rate' },
    });
    const res = await asVendor({ method: 'POST', url: `/api/documents/${id}/resubmit` });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<DocumentDto>();
    expect(next.id).not.toBe(id);
    expect(next.lineItems.map((r) => cell(r, 'description'))).toEqual(['Hauling', 'Rig-up labour']);
    // Issue 27 item 5: the new version is sent at once.
    expect(next.routeStatusId).toBe(RouteStatus.Sent);
  });

  it("sends the sender's corrected lines with the new version, the old one keeps its own", async () => {
    const id = await sentInvoiceWithLines();
    await asPurchaser({
      method: 'POST',
      url: `/api/documents/${id}/reject`,
      payload: { reason: 'Wrong rate' },
    });
    const corrected = [twoLines[0], { ...twoLines[1], description: 'Rig-up labour (day rate)' }];
    const res = await asVendor({
      method: 'POST',
      url: `/api/documents/${id}/resubmit`,
      payload: { lines: corrected },
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<DocumentDto>();
    expect(next.lineItems.map((r) => cell(r, 'description'))).toEqual([
      'Hauling',
      'Rig-up labour (day rate)',
    ]);
    const old = await readLines(id);
    expect(old.json().rows.map((r: LineItemRowDto) => cell(r, 'description'))).toEqual([
      'Hauling',
      'Rig-up labour',
    ]);
  });
});
