import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId, HistoryOperation, RouteStatus } from '@flowline/shared';
import {
  companies,
  documentExtractions,
  documentHistory,
  documentRoutes,
  documents,
  notifications,
  orgUnits,
  parties,
  payments,
  users,
} from '../src/db/schema/index';
import { seedDemoData } from '../src/demo/demo';
import { seedDemoDocuments } from '../src/demo/demo-documents';
import { createFsBlobStore } from '../src/platform/blob-store/fs-blob-store';
import { buildTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart';
import { pdfWithPages } from './helpers/document-files';

let t: TestApp;
let dataDir: string;
let ids: Map<string, number>;

const companyId = async (name: string) =>
  (await t.db.select().from(companies).where(eq(companies.name, name)))[0]!.id;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-demo-docs-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  await seedDemoData(t.db, createFsBlobStore(path.join(dataDir, 'files')));
  ids = new Map([
    ['vendor', await companyId('Permian Basin Services LLC')],
    ['operator', await companyId('Red Mesa Operating Co.')],
    ['owner', await companyId('Hawthorne Royalty Trust')],
  ]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const routesOf = (company: number) =>
  t.db
    .select({ route: documentRoutes, doc: documents })
    .from(documentRoutes)
    .innerJoin(documents, eq(documents.id, documentRoutes.documentId))
    .where(eq(documentRoutes.companyId, company))
    .orderBy(asc(documents.id));

describe('demo documents', () => {
  it('gives Permian 12 AR invoices to Red Mesa in every state, with metadata and a PDF', async () => {
    const vendor = await routesOf(ids.get('vendor')!);
    expect(vendor).toHaveLength(12);
    expect(vendor.every((r) => r.doc.documentTypeId === DocumentTypeId.ArInvoice)).toBe(true);
    const statuses = vendor.map((r) => r.route.routeStatusId);
    expect(statuses.filter((s) => s === null)).toHaveLength(3);
    // Reached through the real workflow (the operator opened, approved, rejected and paid).
    for (const s of [
      RouteStatus.Sent,
      RouteStatus.Viewed,
      RouteStatus.Approved,
      RouteStatus.Paid,
    ]) {
      expect(statuses.filter((x) => x === s).length).toBeGreaterThanOrEqual(1);
    }
    expect(statuses.filter((s) => s === RouteStatus.Rejected)).toHaveLength(1);
    for (const { doc, route } of vendor) {
      expect(route.listValues).toMatchObject({
        docNumber: expect.stringMatching(/^PBS-\d{4}-\d+$/),
        docTotal: expect.stringMatching(/^\d+\.\d{2}$/),
        docARPurchaserName: 'Red Mesa Operating Co.',
      });
      const bytes = fs.readFileSync(path.join(dataDir, 'files', ...doc.fileKey.split('/')));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.length).toBe(doc.fileSize);
      expect(doc.versionRootId).toBe(doc.id);
    }
    // Only sent invoices reached Red Mesa.
    const operator = await routesOf(ids.get('operator')!);
    const receivedInvoices = operator.filter((r) => r.route.side === 'received');
    expect(receivedInvoices).toHaveLength(9);
  });

  it('reached Approved, Paid and Rejected through the real workflow: history, payments, notices', async () => {
    const vendor = await routesOf(ids.get('vendor')!);
    const paid = vendor.filter((r) => r.route.routeStatusId === RouteStatus.Paid);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const { doc, route } of paid) {
      const rows = await t.db.select().from(payments).where(eq(payments.documentId, doc.id));
      const cents = rows.reduce((sum, p) => sum + p.amountCents, 0);
      expect(cents).toBe(Math.round(Number(route.listValues.docTotal) * 100));
      const ops = (
        await t.db.select().from(documentHistory).where(eq(documentHistory.documentId, doc.id))
      ).map((h) => h.operationId);
      expect(ops).toEqual(expect.arrayContaining([HistoryOperation.Approve, HistoryOperation.Pay]));
    }
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.companyId, ids.get('vendor')!));
    expect(told.some((n) => n.title.endsWith(' paid'))).toBe(true);
    expect(told.some((n) => n.title.endsWith(' rejected'))).toBe(true);
  });

  it('stores the rejection reason in the Reject history entry', async () => {
    const [rejected] = await t.db
      .select()
      .from(documentRoutes)
      .where(
        and(
          eq(documentRoutes.companyId, ids.get('vendor')!),
          eq(documentRoutes.routeStatusId, RouteStatus.Rejected),
        ),
      );
    const history = await t.db
      .select()
      .from(documentHistory)
      .where(eq(documentHistory.documentId, rejected!.documentId));
    const reject = history.find((h) => h.operationId === HistoryOperation.Reject);
    expect(reject?.newValue).toMatch(/resubmit/);
    expect(reject?.companyId).toBe(ids.get('operator'));
  });

  it('gives Hawthorne division orders, statements and a 1099 from Red Mesa', async () => {
    const owner = await routesOf(ids.get('owner')!);
    const byType = (type: number) => owner.filter((r) => r.doc.documentTypeId === type);
    expect(byType(DocumentTypeId.PendingDivisionOrder)).toHaveLength(4);
    expect(byType(DocumentTypeId.DivisionOrder)).toHaveLength(2);
    expect(byType(DocumentTypeId.RunStatement)).toHaveLength(2);
    expect(byType(DocumentTypeId.OwnerStatement)).toHaveLength(2);
    expect(byType(DocumentTypeId.Form1099)).toHaveLength(1);
    expect(owner.every((r) => r.route.side === 'received')).toBe(true);
    expect(owner.every((r) => r.doc.ownerCompanyId === ids.get('operator'))).toBe(true);
    const returned = byType(DocumentTypeId.PendingDivisionOrder).filter(
      (r) => r.route.routeStatusId === RouteStatus.Returned,
    );
    expect(returned).toHaveLength(1);
    expect(returned[0]!.route.listValues).toMatchObject({ docDOResponseStatus: 'Returned Signed' });
    expect(owner.some((r) => !r.route.isRead)).toBe(true);
  });

  it('does not add documents a second time', async () => {
    const before = (await t.db.select().from(documents)).length;
    await t.db.transaction((tx) =>
      seedDemoDocuments(tx, createFsBlobStore(path.join(dataDir, 'files')), ids, new Map()),
    );
    expect((await t.db.select().from(documents)).length).toBe(before);
  });

  it('links both sides so Permian can upload an AR invoice billed to a Red Mesa profile', async () => {
    const vendor = ids.get('vendor')!;
    const [party] = await t.db
      .select()
      .from(parties)
      .where(and(eq(parties.companyId, vendor), eq(parties.number, 'RMO-001')));
    const [billTo] = await t.db
      .select()
      .from(orgUnits)
      .where(and(eq(orgUnits.companyId, ids.get('operator')!), eq(orgUnits.code, 'RMO-ACC')));
    const [clerk] = await t.db
      .select()
      .from(users)
      .where(eq(users.emailAddress, 'user@permian.example'));
    const { payload, headers } = await multipartBody([
      [
        'fileUploadData',
        JSON.stringify({
          documentTypeId: DocumentTypeId.ArInvoice,
          receivingPartyId: party!.id,
          billToOrgUnitId: billTo!.id,
        }),
      ],
      ['file', { name: 'new.pdf', data: await pdfWithPages(1) }],
    ]);
    const res = await t.as(
      clerk!,
      vendor,
    )({
      method: 'POST',
      url: '/api/documents/upload',
      payload,
      headers,
    });
    expect(res.statusCode).toBe(201);
    const connection = await t.as(
      clerk!,
      vendor,
    )({
      method: 'GET',
      url: `/api/party/getByIdWithConnectedOrgUnits/${party!.id}`,
    });
    expect(connection.json().connectedOrgUnits).toEqual({ [billTo!.id]: 'Red Mesa - Accounting' });
  });
});

describe('demo documents are read like uploads', () => {
  it('each has its reading pending, for the API to queue when it starts', async () => {
    const live = await t.db.select({ id: documents.id }).from(documents);
    const readings = await t.db.select().from(documentExtractions);
    expect(live.length).toBeGreaterThan(0);
    expect(readings.map((r) => r.documentId).sort()).toEqual(live.map((d) => d.id).sort());
  });
});
