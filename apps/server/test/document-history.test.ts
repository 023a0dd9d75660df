import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, type HistoryEntry } from '@flowline/shared';
import { documentHistory } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildDocument, type DocumentRow } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  fieldIds,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let doc: DocumentRow;
let other: DocumentRow;
let detailed: number;
let plain: number;
let asUser: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser } = await openDocumentWorld());
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice },
    receiver: w.purchaser,
    receivingPartyId: w.toPurchaser.id,
  });
  other = await buildDocument(t.db, { owner: w.vendor, user: w.user });
  const f = await fieldIds(t.db);
  const rows = await t.db
    .insert(documentHistory)
    .values([
      {
        documentId: doc.id,
        companyId: w.purchaser.id,
        userId: w.purchaserUser.id,
        operationId: HistoryOperation.Read,
        objectType: 'document',
      },
      {
        documentId: doc.id,
        companyId: w.purchaser.id,
        userId: w.purchaserUser.id,
        operationId: HistoryOperation.Reject,
        newValue: 'First reason',
      },
      {
        documentId: doc.id,
        companyId: w.vendor.id,
        userId: w.user.id,
        operationId: HistoryOperation.Edit,
        objectType: 'metadata',
        objectName: 'Invoice Number',
        metadataDefinitionId: f.docNumber,
        metadataTypeId: 1,
        oldValue: 'INV-1',
        newValue: 'INV-100',
        details: [{ name: 'Invoice Number', oldValue: 'INV-1', newValue: 'INV-100' }],
      },
      {
        documentId: doc.id,
        companyId: w.purchaser.id,
        userId: w.purchaserUser.id,
        operationId: HistoryOperation.Reject,
        newValue: 'Second reason',
      },
    ])
    .returning({ id: documentHistory.id });
  detailed = rows[2]!.id;
  plain = rows[1]!.id;
});
afterAll(() => t.close());

const list = (query = '', who = asUser, id = doc.id) =>
  who({ method: 'GET', url: `/api/history/document/${id}${query}` });

describe('GET /history/document/{id}', () => {
  it('lists every entry newest first, with the operation, user name and details flag', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const entries = res.json<HistoryEntry[]>();
    expect(entries.map((e) => e.operation.name)).toEqual([
      'Reject',
      'Edit',
      'Reject',
      'Read',
      'Publish',
      'Create',
    ]);
    expect(entries[1]).toEqual({
      id: detailed,
      operation: {
        id: HistoryOperation.Edit,
        name: 'Edit',
        label: 'Field updated',
        categories: ['Edit'],
      },
      objectId: doc.id,
      objectName: 'Invoice Number',
      objectType: 'metadata',
      oldValue: 'INV-1',
      newValue: 'INV-100',
      rowNumber: null,
      updateUser: 'Val Vendor',
      updateDate: expect.any(String),
      hasHistoryDetails: true,
      metadataTypeId: 1,
      summary: null,
    });
    // A rejection shows its reason beside the label.
    expect(entries[0]).toMatchObject({
      updateUser: 'Pat Purchaser',
      hasHistoryDetails: false,
      summary: 'Reason: Second reason',
    });
    expect(entries.at(-1)?.operation).toMatchObject({
      label: 'New version created',
      categories: ['Workflow'],
    });
  });

  it('shows both companies the same entries', async () => {
    const mine = (await list()).json<HistoryEntry[]>().map((e) => e.id);
    const theirs = (await list('', asPurchaser)).json<HistoryEntry[]>().map((e) => e.id);
    expect(theirs).toEqual(mine);
  });

  it.each([
    ['Edit', ['Edit']],
    ['Workflow', ['Reject', 'Reject', 'Publish', 'Create']],
    ['Read', ['Read']],
  ])('filters category %s', async (category, names) => {
    const res = await list(`?category=${category}`);
    expect(res.json<HistoryEntry[]>().map((e) => e.operation.name)).toEqual(names);
  });

  it('refuses an unknown category and other companies', async () => {
    expect((await list('?category=Everything')).statusCode).toBe(400);
    expect((await list('', caller(t, w.strangerUser, w.stranger))).statusCode).toBe(404);
    // A document the purchaser never received.
    expect((await list('', asPurchaser, other.id)).statusCode).toBe(404);
  });
});

describe('GET /history/document/{id}/rejectionReason', () => {
  it('gives the reason of the latest Reject, or null', async () => {
    const res = await asPurchaser({
      method: 'GET',
      url: `/api/history/document/${doc.id}/rejectionReason`,
    });
    expect(res.json()).toEqual({ reason: 'Second reason' });
    const none = await asUser({
      method: 'GET',
      url: `/api/history/document/${other.id}/rejectionReason`,
    });
    expect(none.json()).toEqual({ reason: null });
    const foreign = caller(t, w.strangerUser, w.stranger);
    expect(
      (await foreign({ method: 'GET', url: `/api/history/document/${doc.id}/rejectionReason` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /history/{objectId}/details/{historyId}', () => {
  it('gives the details of an entry of that document', async () => {
    const res = await asPurchaser({
      method: 'GET',
      url: `/api/history/${doc.id}/details/${detailed}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      historyId: detailed,
      items: [{ name: 'Invoice Number', oldValue: 'INV-1', newValue: 'INV-100' }],
    });
  });

  it('is a 404 for an entry without details, of another document, or of a foreign document', async () => {
    expect(
      (await asUser({ method: 'GET', url: `/api/history/${doc.id}/details/${plain}` })).statusCode,
    ).toBe(404);
    expect(
      (await asUser({ method: 'GET', url: `/api/history/${other.id}/details/${detailed}` }))
        .statusCode,
    ).toBe(404);
    const foreign = caller(t, w.strangerUser, w.stranger);
    expect(
      (await foreign({ method: 'GET', url: `/api/history/${doc.id}/details/${detailed}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('history is append-only', () => {
  it('has no call that edits or deletes it', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await asUser({ method, url: `/api/history/document/${doc.id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('route_not_found');
    }
  });

  it('is protected by the database: UPDATE and DELETE are refused', async () => {
    await expect(
      t.db
        .update(documentHistory)
        .set({ newValue: 'forged' })
        .where(eq(documentHistory.id, detailed)),
    ).rejects.toThrow();
    await expect(
      t.db.delete(documentHistory).where(eq(documentHistory.id, detailed)),
    ).rejects.toThrow();
    const [row] = await t.db.select().from(documentHistory).where(eq(documentHistory.id, detailed));
    expect(row?.newValue).toBe('INV-100');
    const all = await t.db
      .select()
      .from(documentHistory)
      .where(eq(documentHistory.documentId, doc.id));
    expect(all).toHaveLength(6);
  });
});
