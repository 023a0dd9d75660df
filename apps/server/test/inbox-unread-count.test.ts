import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import { documents } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildDocument, updateRoute, type DocumentRow } from './helpers/document-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

/** GET /documentroute/inbox/unreadCount: the navigation's Inbox count (issue 11 item 22). */

let t: TestApp;
let vendor: CompanyRow;
let buyer: CompanyRow;
let stranger: CompanyRow;
let buyerClerk: UserRow;
let buyerReader: UserRow;
let vendorClerk: UserRow;
let strangerAdmin: UserRow;
const doc: Record<string, DocumentRow> = {};

const count = async (user: UserRow, company: CompanyRow) => {
  const res = await t.as(
    user,
    company.id,
  )({ method: 'GET', url: '/api/documentroute/inbox/unreadCount' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
};

beforeAll(async () => {
  t = await buildTestApp();
  vendor = await buildCompany(t.db, { name: 'Unread Vendor' });
  buyer = await buildCompany(t.db, { name: 'Unread Buyer' });
  stranger = await buildCompany(t.db, { name: 'Unread Stranger' });
  vendorClerk = await buildMember(t.db, vendor, [Role.User]);
  buyerClerk = await buildMember(t.db, buyer, [Role.User]);
  buyerReader = await buildMember(t.db, buyer, [Role.ReadOnly]);
  strangerAdmin = await buildMember(t.db, stranger, [Role.Administrator]);

  const send = (docNumber: string) =>
    buildDocument(t.db, { owner: vendor, receiver: buyer, metadata: { docNumber } });
  doc.unreadOne = await send('U-1');
  doc.unreadTwo = await send('U-2');
  doc.read = await send('U-3');
  doc.deleted = await send('U-4');
  doc.draft = await buildDocument(t.db, { owner: vendor, metadata: { docNumber: 'U-5' } });
  await updateRoute(t.db, doc.read!, buyer, { isRead: true });
  await t.db
    .update(documents)
    .set({ deletedAt: new Date() })
    .where(eq(documents.id, doc.deleted!.id));
});
afterAll(() => t.close());

describe('GET /documentroute/inbox/unreadCount', () => {
  it('counts the received, live documents the company has not opened, for every role', async () => {
    expect(await count(buyerClerk, buyer)).toBe(2);
    expect(await count(buyerReader, buyer)).toBe(2);
  });

  it('never counts what the company sent, nor another company’s documents', async () => {
    expect(await count(vendorClerk, vendor)).toBe(0);
    expect(await count(strangerAdmin, stranger)).toBe(0);
  });

  it('goes down when the receiver opens a document', async () => {
    const opened = await t.as(
      buyerClerk,
      buyer.id,
    )({ method: 'GET', url: `/api/documents/${doc.unreadOne!.id}?setDocAsViewed=true` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await count(buyerReader, buyer)).toBe(1);
  });

  it('needs a selected company (403) and a signed-in user (401)', async () => {
    const noCompany = await t.as(buyerClerk)({
      method: 'GET',
      url: '/api/documentroute/inbox/unreadCount',
    });
    expect(noCompany.statusCode).toBe(403);
    expect(noCompany.json().error.code).toBe('company_required');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/documentroute/inbox/unreadCount',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
