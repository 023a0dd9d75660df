import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTypeId,
  HistoryOperation,
  RouteStatus,
  Role,
  type DailyDocumentCounts,
  type DashboardStats,
  type DocumentStatusCounts,
} from '@flowline/shared';
import { documentHistory, documents } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildDocument, updateRoute, type DocumentRow } from './helpers/document-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

/** Status counts, dashboard stats and the owner per-day counts (spec 3 §2 home, §3, §7). */

let t: TestApp;
let vendor: CompanyRow;
let operator: CompanyRow;
let owner: CompanyRow;
let stranger: CompanyRow;
let vendorUser: UserRow;
let vendorReader: UserRow;
let operatorUser: UserRow;
let ownerUser: UserRow;
let strangerUser: UserRow;

const DAY = 86_400_000;
const now = Date.now();
const daysAgo = (n: number) => new Date(now - n * DAY);
/** The chart key of a UTC day or month: 'YYYY-MM-DDT00:00'. */
const dayKey = (d: Date) => `${d.toISOString().slice(0, 10)}T00:00`;
const monthKey = (d: Date) => `${d.toISOString().slice(0, 7)}-01T00:00`;
const monthsAgo = (n: number) => {
  const d = new Date(now);
  d.setUTCDate(15);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
};

const get = async <T>(user: UserRow, company: CompanyRow, url: string) => {
  const res = await t.as(user, company.id)({ method: 'GET', url: `/api${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

const publishAt = (document: DocumentRow, at: Date) =>
  t.db.update(documents).set({ publishedAt: at }).where(eq(documents.id, document.id));

beforeAll(async () => {
  t = await buildTestApp();
  vendor = await buildCompany(t.db);
  operator = await buildCompany(t.db);
  owner = await buildCompany(t.db);
  stranger = await buildCompany(t.db);
  vendorUser = await buildMember(t.db, vendor, [Role.User]);
  vendorReader = await buildMember(t.db, vendor, [Role.ReadOnly]);
  operatorUser = await buildMember(t.db, operator, [Role.User]);
  ownerUser = await buildMember(t.db, owner, [Role.User]);
  strangerUser = await buildMember(t.db, stranger, [Role.User]);

  // Vendor AR invoices to the operator: 2 this month, 1 three months ago, 1 thirteen months ago.
  const invoice = () => buildDocument(t.db, { owner: vendor, receiver: operator });
  const thisMonth = [await invoice(), await invoice()];
  const threeMonths = await invoice();
  const longAgo = await invoice();
  await publishAt(threeMonths, monthsAgo(3));
  await publishAt(longAgo, monthsAgo(13));
  await updateRoute(t.db, thisMonth[1]!, vendor, { routeStatusId: RouteStatus.Paid });
  await updateRoute(t.db, threeMonths, vendor, { routeStatusId: RouteStatus.Rejected });
  // Not in the payment chart: Returned.
  await updateRoute(t.db, longAgo, vendor, { routeStatusId: RouteStatus.Returned });
  await buildDocument(t.db, { owner: vendor }); // a draft: New
  const deleted = await invoice();
  await t.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, deleted.id));
  // A W9 the vendor sent.
  await buildDocument(t.db, {
    owner: vendor,
    receiver: operator,
    documentTypeId: DocumentTypeId.W9,
  });

  // Operator → owner documents on different days.
  const toOwner = async (documentTypeId: number, receivedDaysAgo: number) => {
    const d = await buildDocument(t.db, { owner: operator, receiver: owner, documentTypeId });
    await updateRoute(t.db, d, owner, { createdAt: daysAgo(receivedDaysAgo) });
    await publishAt(d, daysAgo(receivedDaysAgo));
    return d;
  };
  await toOwner(DocumentTypeId.PendingDivisionOrder, 0);
  await toOwner(DocumentTypeId.DivisionOrder, 0);
  await toOwner(DocumentTypeId.Form1099, 0);
  await toOwner(DocumentTypeId.RunStatement, 2);
  await toOwner(DocumentTypeId.OwnerStatement, 2);
  await toOwner(DocumentTypeId.OwnerStatement, 29);
  await toOwner(DocumentTypeId.OwnerStatement, 31); // outside the 30 days
  await toOwner(DocumentTypeId.ArInvoice, 0); // not an owner document
  const gone = await toOwner(DocumentTypeId.Form1099, 1);
  await t.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, gone.id));
});
afterAll(() => t.close());

describe('GET /documentstatus/counts', () => {
  it('counts the company’s routes per document type and status (missing status = New)', async () => {
    const body = await get<DocumentStatusCounts>(vendorUser, vendor, '/documentstatus/counts');
    expect(body.items).toEqual([
      { documentTypeId: 6, documentTypeName: 'W9', status: { id: 1, name: 'Sent' }, count: 1 },
      {
        documentTypeId: 93,
        documentTypeName: 'AR Invoice',
        status: { id: 1, name: 'Sent' },
        count: 1,
      },
      {
        documentTypeId: 93,
        documentTypeName: 'AR Invoice',
        status: { id: 4, name: 'Paid' },
        count: 1,
      },
      {
        documentTypeId: 93,
        documentTypeName: 'AR Invoice',
        status: { id: 5, name: 'Rejected' },
        count: 1,
      },
      {
        documentTypeId: 93,
        documentTypeName: 'AR Invoice',
        status: { id: 7, name: 'New' },
        count: 1,
      },
      {
        documentTypeId: 93,
        documentTypeName: 'AR Invoice',
        status: { id: 9, name: 'Returned' },
        count: 1,
      },
    ]);
    // The receiving side has its own statuses.
    const operatorCounts = await get<DocumentStatusCounts>(
      operatorUser,
      operator,
      `/documentstatus/counts?documentTypeId=${DocumentTypeId.ArInvoice}`,
    );
    expect(operatorCounts.items).toEqual([
      expect.objectContaining({ status: { id: 1, name: 'Sent' }, count: 1 }), // sent to the owner
      expect.objectContaining({ status: { id: 2, name: 'Received' }, count: 4 }),
    ]);
    expect(
      (await get<DocumentStatusCounts>(strangerUser, stranger, '/documentstatus/counts')).items,
    ).toEqual([]);
    expect(
      (await get<DocumentStatusCounts>(vendorReader, vendor, '/documentstatus/counts')).items,
    ).toHaveLength(6);
  });

  it('refuses a bad type filter', async () => {
    const res = await t.as(
      vendorUser,
      vendor.id,
    )({ method: 'GET', url: '/api/documentstatus/counts?documentTypeId=x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /documentroute/stats', () => {
  it('returns AR invoices sent by month, documents by type and the payment chart', async () => {
    const body = await get<DashboardStats>(vendorUser, vendor, '/documentroute/stats');
    expect(body.documentsByMonth).toHaveLength(12);
    expect(body.documentsByMonth.at(-1)).toEqual({ month: monthKey(new Date(now)), count: 2 });
    expect(body.documentsByMonth.find((m) => m.month === monthKey(monthsAgo(3)))?.count).toBe(1);
    expect(body.documentsByMonth.reduce((n, m) => n + m.count, 0)).toBe(3);
    expect(body.documentsByMonth[0]?.month).toBe(monthKey(monthsAgo(11)));
    expect(body.documentsByDocType).toEqual([
      { documentTypeId: 93, documentType: 'AR Invoice', count: 5 },
      { documentTypeId: 6, documentType: 'W9', count: 1 },
    ]);
    expect(body.statusCounts).toEqual([
      { status: { id: 1, name: 'Sent' }, count: 1 },
      { status: { id: 2, name: 'Received' }, count: 0 },
      { status: { id: 3, name: 'Approved' }, count: 0 },
      { status: { id: 4, name: 'Paid' }, count: 1 },
      { status: { id: 5, name: 'Rejected' }, count: 1 },
      { status: { id: 6, name: 'Resubmitted' }, count: 0 },
      { status: { id: 7, name: 'New' }, count: 1 },
      { status: { id: 12, name: 'Disputed' }, count: 0 },
    ]);
  });

  it('is all zeros for a company without documents', async () => {
    const body = await get<DashboardStats>(strangerUser, stranger, '/documentroute/stats');
    expect(body.documentsByMonth.every((m) => m.count === 0)).toBe(true);
    expect(body.documentsByDocType).toEqual([]);
    expect(body.statusCounts.every((s) => s.count === 0)).toBe(true);
  });
});

describe('owner per-day counts', () => {
  it('GET /documentroute/ownerDocReceivedCounts counts what arrived per day, 30 days', async () => {
    const body = await get<DailyDocumentCounts>(
      ownerUser,
      owner,
      '/documentroute/ownerDocReceivedCounts',
    );
    expect(body.items).toHaveLength(30);
    expect(body.items[0]?.day).toBe(dayKey(daysAgo(29)));
    const today = body.items.at(-1);
    expect(today).toEqual({
      day: dayKey(new Date(now)),
      divisionOrderCount: 2,
      _1099Count: 1,
      runStatementCount: 0,
      ownerStatementCount: 0,
    });
    expect(body.items.find((d) => d.day === dayKey(daysAgo(2)))).toMatchObject({
      runStatementCount: 1,
      ownerStatementCount: 1,
    });
    expect(body.items[0]?.ownerStatementCount).toBe(1);
    const total = body.items.reduce(
      (n, d) =>
        n + d.divisionOrderCount + d._1099Count + d.runStatementCount + d.ownerStatementCount,
      0,
    );
    expect(total).toBe(6);
  });

  it("GET /documentroute/ownerDocSentCounts counts the owner's returned division orders per day", async () => {
    // Issue 11 item 7: 'Division Orders Returned' counts what the owner returned, not what it sent.
    const before = await get<DailyDocumentCounts>(
      ownerUser,
      owner,
      '/documentroute/ownerDocSentCounts',
    );
    expect(before.items.every((d) => d.divisionOrderCount === 0)).toBe(true);

    const returned = await buildDocument(t.db, {
      owner: operator,
      receiver: owner,
      documentTypeId: DocumentTypeId.PendingDivisionOrder,
    });
    await updateRoute(t.db, returned, owner, { routeStatusId: RouteStatus.Returned });
    await t.db.insert(documentHistory).values({
      documentId: returned.id,
      companyId: owner.id,
      operationId: HistoryOperation.ReturnSigned,
      createdAt: daysAgo(3),
    });
    const after = await get<DailyDocumentCounts>(
      ownerUser,
      owner,
      '/documentroute/ownerDocSentCounts',
    );
    expect(after.items.find((d) => d.day === dayKey(daysAgo(3)))?.divisionOrderCount).toBe(1);
    expect(after.items.reduce((n, d) => n + d.divisionOrderCount, 0)).toBe(1);
    // The operator sent division orders but returned none.
    const operatorSide = await get<DailyDocumentCounts>(
      operatorUser,
      operator,
      '/documentroute/ownerDocSentCounts',
    );
    expect(operatorSide.items.every((d) => d.divisionOrderCount === 0)).toBe(true);
  });
});
