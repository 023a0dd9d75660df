import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTypeId,
  RouteStatus,
  Role,
  type DocumentResultSet,
  type Inbox,
} from '@flowline/shared';
import { documentSignatures, documents } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildDocument, updateRoute, type DocumentRow } from './helpers/document-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

/** GET /documentroute/all/{typeId}, the inbox and the other route lists (spec 2 §7.3). */

let t: TestApp;
let vendor: CompanyRow;
let buyer: CompanyRow;
let stranger: CompanyRow;
let clerk: UserRow;
let reader: UserRow;
let buyerUser: UserRow;
let strangerUser: UserRow;
const doc: Record<string, DocumentRow> = {};

const get = (user: UserRow, company: CompanyRow, url: string) =>
  t.as(user, company.id)({ method: 'GET', url: `/api${url}` });
const list = async (url: string, user = clerk, company = vendor) => {
  const res = await get(user, company, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DocumentResultSet;
};
const ids = (set: { rows: { id: number }[] }) => set.rows.map((r) => r.id);

const invoice = (metadata: Record<string, string | null>, sent = true, fileName?: string) =>
  buildDocument(t.db, {
    owner: vendor,
    receiver: sent ? buyer : undefined,
    metadata,
    fileName,
  });

beforeAll(async () => {
  t = await buildTestApp();
  vendor = await buildCompany(t.db, { name: 'Permian Test Services' });
  buyer = await buildCompany(t.db, { name: 'Red Mesa Test Co' });
  stranger = await buildCompany(t.db, { name: 'Third Party Inc' });
  clerk = await buildMember(t.db, vendor, [Role.User]);
  reader = await buildMember(t.db, vendor, [Role.ReadOnly]);
  buyerUser = await buildMember(t.db, buyer, [Role.User]);
  strangerUser = await buildMember(t.db, stranger, [Role.Administrator]);

  // AR invoices of the vendor (ids increase in creation order).
  doc.one = await invoice({
    docNumber: 'INV-001',
    docInvoiceDate: '2026-01-15',
    docTotal: '100.50',
    docARPurchaserName: 'Beta Corp',
  });
  doc.two = await invoice({
    docNumber: 'INV-002',
    docInvoiceDate: '2025-12-01',
    docTotal: '99.99',
    docARPurchaserName: 'alpha llc',
  });
  doc.three = await invoice({
    docNumber: 'INV-003',
    docTotal: '1000',
    docARPurchaserName: 'gamma',
  });
  doc.draft = await invoice({ docNumber: 'INV-004', docTotal: '5' }, false, 'draft_scan.pdf');
  doc.deleted = await invoice({ docNumber: 'INV-005', docTotal: '7' });
  doc.tie = await invoice({
    docNumber: 'INV-006',
    docTotal: '99.99',
    docInvoiceDate: '2026-01-15',
  });
  // The buyer sends an invoice back (the vendor receives it) and two pending division orders.
  doc.incoming = await buildDocument(t.db, {
    owner: buyer,
    receiver: vendor,
    metadata: { docNumber: 'RM-900', docTotal: '42.00', docARPurchaserName: 'Zeta' },
  });
  doc.doOpen = await buildDocument(t.db, {
    owner: buyer,
    receiver: vendor,
    documentTypeId: DocumentTypeId.PendingDivisionOrder,
    metadata: { docOwnerName: 'Hawthorne', docOwnerNumber: 'OWN-1', docDecimalInterest: '0.125' },
  });
  doc.doReturned = await buildDocument(t.db, {
    owner: buyer,
    receiver: vendor,
    documentTypeId: DocumentTypeId.PendingDivisionOrder,
    metadata: { docOwnerName: 'Hawthorne', docOwnerNumber: 'OWN-2' },
  });
  // A buyer draft the vendor must never see.
  doc.buyerDraft = await buildDocument(t.db, { owner: buyer, metadata: { docNumber: 'RM-DRAFT' } });

  await updateRoute(t.db, doc.two!, vendor, { routeStatusId: RouteStatus.Rejected });
  await updateRoute(t.db, doc.tie!, vendor, { routeStatusId: RouteStatus.New });
  await updateRoute(t.db, doc.doReturned!, vendor, { routeStatusId: RouteStatus.Returned });
  await updateRoute(t.db, doc.incoming!, vendor, { isRead: true });
  await t.db
    .update(documents)
    .set({ deletedAt: new Date() })
    .where(eq(documents.id, doc.deleted!.id));
});
afterAll(() => t.close());

const ar = `/documentroute/all/${DocumentTypeId.ArInvoice}`;

describe('GET /documentroute/all/{documentTypeId}', () => {
  it('returns the type’s list columns and both sides’ rows, newest first', async () => {
    const body = await list(ar);
    // Both sides: the other company (From / To) replaces the Purchaser column (issue 27 item 1).
    expect(body.columns.map((c) => c.key)).toEqual([
      'docNumber',
      'docInvoiceDate',
      'counterparty',
      'docTotal',
      'docDueDate',
    ]);
    expect(body.columns[2]).toEqual({
      key: 'counterparty',
      name: 'From / To',
      metadataType: { id: 1 },
    });
    expect(body.columns[3]).toEqual({
      key: 'docTotal',
      name: 'Invoice Total',
      metadataType: { id: 3 },
    });
    expect(ids(body)).toEqual([
      doc.incoming!.id,
      doc.tie!.id,
      doc.draft!.id,
      doc.three!.id,
      doc.two!.id,
      doc.one!.id,
    ]);
    expect(body.totalRecords).toBe(6);
    const one = body.rows.find((r) => r.id === doc.one!.id);
    expect(one).toEqual({
      id: doc.one!.id,
      documentTypeId: DocumentTypeId.ArInvoice,
      routeStatusId: RouteStatus.Sent,
      isRead: true,
      side: 'sent',
      returnKind: null,
      values: ['INV-001', '2026-01-15', 'Red Mesa Test Co', '100.50', null],
    });
    const incoming = body.rows.find((r) => r.id === doc.incoming!.id);
    expect(incoming).toMatchObject({
      routeStatusId: RouteStatus.Received,
      isRead: true,
      side: 'received',
    });
    expect(body.rows.find((r) => r.id === doc.draft!.id)?.routeStatusId).toBeNull();
  });

  it('pages in SQL with the total of every matching row', async () => {
    const page2 = await list(`${ar}?page=2&pageSize=2`);
    expect(ids(page2)).toEqual([doc.draft!.id, doc.three!.id]);
    expect(page2.totalRecords).toBe(6);
    const past = await list(`${ar}?page=9&pageSize=25`);
    expect(past).toMatchObject({ rows: [], totalRecords: 6 });
    const all = await list(`${ar}?pageSize=100000`);
    expect(all.rows).toHaveLength(6);
  });

  it('sorts currency numerically, ties by document id in the sort direction', async () => {
    const asc = await list(`${ar}?orderBy=docTotal&orderByDirection=asc`);
    expect(ids(asc)).toEqual([
      doc.draft!.id, // 5
      doc.incoming!.id, // 42.00
      doc.two!.id, // 99.99 (older)
      doc.tie!.id, // 99.99
      doc.one!.id, // 100.50
      doc.three!.id, // 1000
    ]);
    const desc = await list(`${ar}?orderBy=docTotal&orderByDirection=desc`);
    expect(ids(desc)).toEqual([
      doc.three!.id,
      doc.one!.id,
      doc.tie!.id,
      doc.two!.id,
      doc.incoming!.id,
      doc.draft!.id,
    ]);
  });

  it('sorts dates chronologically with missing dates last', async () => {
    const asc = await list(`${ar}?orderBy=docInvoiceDate&orderByDirection=asc`);
    // one and tie share a date: the older first when ascending.
    expect(ids(asc)).toEqual([
      doc.two!.id,
      doc.one!.id,
      doc.tie!.id,
      // The three without a date come last in both directions, by id in the same direction.
      doc.three!.id,
      doc.draft!.id,
      doc.incoming!.id,
    ]);
    const desc = await list(`${ar}?orderBy=docInvoiceDate&orderByDirection=desc`);
    expect(ids(desc).slice(0, 3)).toEqual([doc.tie!.id, doc.one!.id, doc.two!.id]);
    expect(ids(desc).slice(3)).toEqual([doc.incoming!.id, doc.draft!.id, doc.three!.id]);
  });

  it('pages an indexed sort across the rows with a value and those without', async () => {
    // docInvoiceDate has a list-sort index: the page reads the dated rows, then the undated ones.
    const all = ids(await list(`${ar}?orderBy=docInvoiceDate&orderByDirection=desc`));
    for (const pageSize of [1, 2, 4]) {
      const pages: number[] = [];
      for (let page = 1; page <= Math.ceil(all.length / pageSize); page++) {
        const body = await list(
          `${ar}?orderBy=docInvoiceDate&orderByDirection=desc&page=${page}&pageSize=${pageSize}`,
        );
        expect(body.totalRecords).toBe(6);
        pages.push(...ids(body));
      }
      expect(pages).toEqual(all);
    }
    const filtered = await list(
      `${ar}?orderBy=docInvoiceDate&orderByDirection=asc&documentRouteStatusId=${RouteStatus.New}`,
    );
    expect(ids(filtered)).toEqual([doc.tie!.id, doc.draft!.id]);
    const searched = await list(`${ar}?orderBy=docTotal&orderByDirection=desc&query=inv-00`);
    expect(ids(searched)).toEqual([
      doc.three!.id,
      doc.one!.id,
      doc.tie!.id,
      doc.two!.id,
      doc.draft!.id,
    ]);
  });

  it('sorts text case-insensitively', async () => {
    const asc = await list(`${ar}?orderBy=docARPurchaserName&orderByDirection=asc`);
    expect(ids(asc).slice(0, 4)).toEqual([
      doc.two!.id, // alpha llc
      doc.one!.id, // Beta Corp
      doc.three!.id, // gamma
      doc.incoming!.id, // Zeta
    ]);
  });

  it('sorts by status (a missing status is New) and by id ascending', async () => {
    const byStatus = await list(`${ar}?orderBy=routeStatusId&orderByDirection=desc`);
    expect(ids(byStatus).slice(0, 2)).toEqual([doc.tie!.id, doc.draft!.id]); // New (7), New (null)
    const byId = await list(`${ar}?orderBy=id&orderByDirection=asc`);
    expect(ids(byId)[0]).toBe(doc.one!.id);
  });

  it('refuses a sort key the type does not have', async () => {
    for (const orderBy of ['docOwnerName', 'nope', 'docTotal; drop table documents']) {
      const res = await get(clerk, vendor, `${ar}?orderBy=${encodeURIComponent(orderBy)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_order_by');
    }
  });

  it('filters by status; New also matches a missing status; 0 means all', async () => {
    expect(ids(await list(`${ar}?documentRouteStatusId=${RouteStatus.Rejected}`))).toEqual([
      doc.two!.id,
    ]);
    const fresh = await list(`${ar}?documentRouteStatusId=${RouteStatus.New}`);
    expect(ids(fresh)).toEqual([doc.tie!.id, doc.draft!.id]);
    expect(fresh.totalRecords).toBe(2);
    expect((await list(`${ar}?documentRouteStatusId=0`)).totalRecords).toBe(6);
  });

  it('searches within the list (metadata, file name), wildcards taken literally', async () => {
    expect(ids(await list(`${ar}?query=beta`))).toEqual([doc.one!.id]);
    expect(ids(await list(`${ar}?query=DRAFT_SCAN`))).toEqual([doc.draft!.id]);
    const search = await list(`${ar}?query=inv-00&documentRouteStatusId=${RouteStatus.Sent}`);
    expect(ids(search)).toEqual([doc.three!.id, doc.one!.id]);
    expect(search.totalRecords).toBe(2);
    expect((await list(`${ar}?query=%25`)).totalRecords).toBe(0);
    expect((await list(`${ar}?query=inv_00`)).totalRecords).toBe(0);
  });

  it('shows a company only its own routes: no foreign drafts, nothing for a third company', async () => {
    const buyerList = await list(ar, buyerUser, buyer);
    expect(ids(buyerList)).toEqual([
      doc.buyerDraft!.id,
      doc.incoming!.id,
      doc.tie!.id,
      doc.three!.id,
      doc.two!.id,
      doc.one!.id,
    ]);
    expect(ids(buyerList)).not.toContain(doc.draft!.id);
    // The receiver has its own status: Received, not the vendor's Rejected.
    expect(buyerList.rows.find((r) => r.id === doc.two!.id)).toMatchObject({
      routeStatusId: RouteStatus.Received,
      isRead: false,
    });
    expect(ids(await list(ar))).not.toContain(doc.buyerDraft!.id);
    expect(await list(ar, strangerUser, stranger)).toMatchObject({ rows: [], totalRecords: 0 });
  });

  it('never lists deleted documents', async () => {
    expect(ids(await list(`${ar}?pageSize=100000`))).not.toContain(doc.deleted!.id);
    expect(ids(await list(ar, buyerUser, buyer))).not.toContain(doc.deleted!.id);
  });

  it('is open to ReadOnly members and closed to non-members', async () => {
    expect((await list(ar, reader)).totalRecords).toBe(6);
    expect((await get(strangerUser, vendor, ar)).statusCode).toBe(403);
    const noCompany = await t.as(clerk)({ method: 'GET', url: `/api${ar}` });
    expect(noCompany.statusCode).toBe(403);
  });

  it('answers bad input with 400 and an unknown type with 404', async () => {
    for (const url of [
      `${ar}?pageSize=100001`,
      `${ar}?pageSize=0`,
      `${ar}?page=0`,
      `${ar}?orderByDirection=up`,
      `${ar}?documentRouteStatusId=-1`,
      '/documentroute/all/abc',
    ]) {
      const res = await get(clerk, vendor, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const missing = await get(clerk, vendor, '/documentroute/all/999');
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /documentstatus', () => {
  it('lists one type in one status (the Rejected AR Invoices widget)', async () => {
    const body = await list(
      `/documentstatus?documentTypeId=${DocumentTypeId.ArInvoice}&documentRouteStatusId=${RouteStatus.Rejected}`,
    );
    expect(ids(body)).toEqual([doc.two!.id]);
    expect(body.columns[0]?.key).toBe('docNumber');
    expect((await get(clerk, vendor, '/documentstatus')).statusCode).toBe(400);
  });
});

describe('GET /documentroute/inbox', () => {
  it('lists what the company received, all types, with the server’s columns', async () => {
    const res = await get(buyerUser, buyer, '/documentroute/inbox');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Inbox;
    expect(body.columnHeaders).toEqual([
      { key: 'documentTypeName', name: 'Type' },
      { key: 'number', name: 'Number' },
      { key: 'counterparty', name: 'From' },
      { key: 'amount', name: 'Amount' },
      { key: 'status', name: 'Status' },
      { key: 'date', name: 'Received' },
    ]);
    expect(body.items.map((i) => i.id)).toEqual([
      doc.tie!.id,
      doc.three!.id,
      doc.two!.id,
      doc.one!.id,
    ]);
    expect(body.totalRecords).toBe(4);
    expect(body.items[3]).toMatchObject({
      id: doc.one!.id,
      documentTypeId: DocumentTypeId.ArInvoice,
      documentTypeName: 'AR Invoice',
      routeStatusId: RouteStatus.Received,
      isRead: false,
      metadata: {
        documentTypeName: 'AR Invoice',
        number: 'INV-001',
        counterparty: 'Permian Test Services',
        amount: '100.50',
        status: 'Received',
      },
    });
    expect(body.items[3]?.metadata.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('shows read flags, pages and searches', async () => {
    const res = await get(clerk, vendor, '/documentroute/inbox?pageSize=2');
    const body = res.json() as Inbox;
    expect(body.totalRecords).toBe(3);
    expect(body.items.map((i) => [i.id, i.isRead])).toEqual([
      [doc.doReturned!.id, false],
      [doc.doOpen!.id, false],
    ]);
    const page2 = (await get(clerk, vendor, '/documentroute/inbox?pageSize=2&page=2')).json();
    expect(page2.items).toEqual([
      expect.objectContaining({
        id: doc.incoming!.id,
        isRead: true,
        documentTypeName: 'AR Invoice',
      }),
    ]);
    const found = (await get(clerk, vendor, '/documentroute/inbox?query=rm-900')).json() as Inbox;
    expect(found.items.map((i) => i.id)).toEqual([doc.incoming!.id]);
    const none = (await get(strangerUser, stranger, '/documentroute/inbox')).json() as Inbox;
    expect(none).toMatchObject({ items: [], totalRecords: 0 });
  });
});

describe('the other route lists', () => {
  it('GET /documentroute/sent: sent documents only (no drafts), generic columns', async () => {
    const body = await list('/documentroute/sent');
    expect(ids(body)).toEqual([doc.tie!.id, doc.three!.id, doc.two!.id, doc.one!.id]);
    expect(body.columns.map((c) => c.name)).toEqual([
      'Type',
      'Number',
      'To', // one side: named as that side's Inbox would (issue 27 item 1)
      'Amount',
      'Status',
      'Date',
    ]);
    const one = body.rows.find((r) => r.id === doc.one!.id);
    expect(one?.values.slice(0, 5)).toEqual([
      'AR Invoice',
      'INV-001',
      'Red Mesa Test Co',
      '100.50',
      'Sent',
    ]);
    // The buyer's sent list has only its own sent invoice.
    expect(ids(await list('/documentroute/sent', buyerUser, buyer))).toEqual([
      doc.doReturned!.id,
      doc.doOpen!.id,
      doc.incoming!.id,
    ]);
  });

  it('GET /documentroute/: every live route of the company, sortable by the generic columns', async () => {
    for (const url of ['/documentroute/', '/documentroute']) {
      const body = await list(url);
      expect(body.totalRecords).toBe(8);
      expect(ids(body)).not.toContain(doc.buyerDraft!.id);
    }
    const byNumber = await list('/documentroute/?orderBy=number&orderByDirection=asc');
    expect(ids(byNumber).slice(0, 2)).toEqual([doc.one!.id, doc.two!.id]);
    const byAmount = await list('/documentroute/?orderBy=amount&orderByDirection=desc');
    expect(ids(byAmount)[0]).toBe(doc.three!.id);
    expect((await get(clerk, vendor, '/documentroute/?orderBy=docTotal')).statusCode).toBe(400);
  });

  it('GET /documentroute/getByDocumentTypes/{ids}', async () => {
    const dos = await list(
      `/documentroute/getByDocumentTypes/${DocumentTypeId.PendingDivisionOrder}`,
    );
    expect(ids(dos)).toEqual([doc.doReturned!.id, doc.doOpen!.id]);
    const both = await list(
      `/documentroute/getByDocumentTypes/${DocumentTypeId.ArInvoice},${DocumentTypeId.PendingDivisionOrder}`,
    );
    expect(both.totalRecords).toBe(8);
    expect((await list('/documentroute/getByDocumentTypes/6')).totalRecords).toBe(0);
    for (const bad of ['abc', '93,', '0', '93;94']) {
      const res = await get(clerk, vendor, `/documentroute/getByDocumentTypes/${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('GET /documentroute/notReturnedDOs: received pending division orders not returned', async () => {
    const body = await list('/documentroute/notReturnedDOs');
    expect(ids(body)).toEqual([doc.doOpen!.id]);
    // Received only: the operator (From) instead of the owner, the company itself.
    expect(body.columns.map((c) => c.key)).toEqual([
      'counterparty',
      'docOwnerNumber',
      'docPropertyName',
      'docDecimalInterest',
      'docEffectiveDate',
      'docDOResponseStatus',
    ]);
    expect(body.columns[0]?.name).toBe('From');
    expect(body.rows[0]?.values.slice(0, 2)).toEqual(['Red Mesa Test Co', 'OWN-1']);
    // The operator that sent them has none to return.
    expect((await list('/documentroute/notReturnedDOs', buyerUser, buyer)).totalRecords).toBe(0);
  });
});

describe('the receiving side’s columns (issue 27 item 1)', () => {
  it('a purchaser that only receives AR invoices sees who sent each (From), not itself', async () => {
    const purchaser = await buildCompany(t.db, { name: 'Only Buys LLC' });
    const member = await buildMember(t.db, purchaser, [Role.ReadOnly]);
    const sent = await buildDocument(t.db, {
      owner: vendor,
      receiver: purchaser,
      metadata: { docNumber: 'INV-77', docTotal: '12.00', docARPurchaserName: 'Only Buys LLC' },
    });
    const body = await list(ar, member, purchaser);
    expect(body.columns.map((c) => c.name)).toEqual([
      'Invoice Number',
      'Invoice Date',
      'From',
      'Invoice Total',
      'Due Date',
    ]);
    expect(body.columns.map((c) => c.key)).not.toContain('docARPurchaserName');
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      id: sent.id,
      side: 'received',
      values: ['INV-77', null, 'Permian Test Services', '12.00', null],
    });
    // A type with no documents yet still names the other company.
    const w9 = await list(`/documentroute/all/${DocumentTypeId.W9}`, member, purchaser);
    expect(w9.columns.map((c) => c.key)).toContain('counterparty');
  });

  it('a sender-only list keeps the recipient column and adds no counterparty', async () => {
    const body = await list(
      `/documentroute/all/${DocumentTypeId.PendingDivisionOrder}`,
      buyerUser,
      buyer,
    );
    expect(body.columns.map((c) => c.key)).toEqual([
      'docOwnerName',
      'docOwnerNumber',
      'docPropertyName',
      'docDecimalInterest',
      'docEffectiveDate',
      'docDOResponseStatus',
    ]);
  });
});

describe('returned signed / unsigned (issue 27 item 9)', () => {
  const pdo = `/documentroute/all/${DocumentTypeId.PendingDivisionOrder}`;
  const returned: Record<string, DocumentRow> = {};

  beforeAll(async () => {
    const build = (metadata: Record<string, string>) =>
      buildDocument(t.db, {
        owner: buyer,
        receiver: vendor,
        documentTypeId: DocumentTypeId.PendingDivisionOrder,
        metadata: { docOwnerName: 'Hawthorne', ...metadata },
      });
    returned.signed = await build({
      docOwnerNumber: 'OWN-S',
      docDOResponseStatus: 'Returned Signed',
    });
    returned.unsigned = await build({
      docOwnerNumber: 'OWN-U',
      docDOResponseStatus: 'Returned Unsigned',
    });
    // Returned before the response status was recorded: the signature tells.
    returned.bySignature = await build({ docOwnerNumber: 'OWN-G' });
    await t.db.insert(documentSignatures).values({
      documentId: returned.bySignature.id,
      fullName: 'Helen Hawthorne',
      imageBase64: 'iVBORw0KGgo=',
      page: 1,
      area: '{}',
    });
    for (const d of Object.values(returned)) {
      for (const company of [buyer, vendor]) {
        await updateRoute(t.db, d, company, { routeStatusId: RouteStatus.Returned });
      }
    }
    await updateRoute(t.db, doc.doReturned!, buyer, { routeStatusId: RouteStatus.Returned });
  });

  it('tells the operator how each returned division order came back', async () => {
    const body = await list(pdo, buyerUser, buyer);
    const kindOf = (id: number) => body.rows.find((r) => r.id === id)?.returnKind;
    expect(kindOf(returned.signed!.id)).toBe('signed');
    expect(kindOf(returned.unsigned!.id)).toBe('unsigned');
    expect(kindOf(returned.bySignature!.id)).toBe('signed');
    expect(kindOf(doc.doReturned!.id)).toBe('unsigned');
    expect(kindOf(doc.doOpen!.id)).toBeNull();
    // The Response Status column says it too, also where only the signature recorded it.
    const column = body.columns.findIndex((c) => c.key === 'docDOResponseStatus');
    const row = body.rows.find((r) => r.id === returned.bySignature!.id);
    expect(row?.values[column]).toBe('Returned Signed');
  });

  it('filters by the kind of return, paged in SQL', async () => {
    const signed = await list(`${pdo}?returnKind=signed`, buyerUser, buyer);
    expect(ids(signed)).toEqual([returned.bySignature!.id, returned.signed!.id]);
    expect(signed.totalRecords).toBe(2);
    const unsigned = await list(`${pdo}?returnKind=unsigned&pageSize=1`, buyerUser, buyer);
    expect(ids(unsigned)).toEqual([returned.unsigned!.id]);
    expect(unsigned.totalRecords).toBe(2);
    const withStatus = await list(
      `${pdo}?returnKind=signed&documentRouteStatusId=${RouteStatus.Returned}`,
      buyerUser,
      buyer,
    );
    expect(withStatus.totalRecords).toBe(2);
    // The owner's own list reads the same kinds.
    const owner = await list(`${pdo}?returnKind=unsigned`, clerk, vendor);
    expect(ids(owner)).toEqual([returned.unsigned!.id, doc.doReturned!.id]);
  });

  it('shows the kind in the generic lists’ status text', async () => {
    const body = await list(
      `/documentroute/getByDocumentTypes/${DocumentTypeId.PendingDivisionOrder}`,
      buyerUser,
      buyer,
    );
    const status = body.columns.findIndex((c) => c.key === 'status');
    const row = body.rows.find((r) => r.id === returned.signed!.id);
    expect(row?.values[status]).toBe('Returned signed');
  });

  it('refuses a kind it does not know and shows another company nothing', async () => {
    const bad = await get(buyerUser, buyer, `${pdo}?returnKind=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: expect.any(String) } });
    const other = await list(`${pdo}?returnKind=signed`, strangerUser, stranger);
    expect(other).toMatchObject({ rows: [], totalRecords: 0 });
  });
});

describe('OpenAPI', () => {
  it('documents every list, count, search and type-ahead call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/documentroute/all/{documentTypeId}',
        '/api/documentroute/getByDocumentTypes/{ids}',
        '/api/documentroute/inbox',
        '/api/documentroute/stats',
        '/api/documentstatus',
        '/api/documentstatus/counts',
        '/api/search',
        '/api/typeahead',
      ]),
    );
  });
});
