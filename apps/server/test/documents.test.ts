import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId, HistoryOperation, RouteStatus, type DocumentDto } from '@flowline/shared';
import { documentRoutes, documents } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildDocument, routeOf } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let asUser: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser } = await openDocumentWorld());
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
});
afterAll(() => t.close());

const draft = (metadata: Record<string, string | null> = { ...completeArInvoice }) =>
  buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata,
    receivingPartyId: w.toPurchaser.id,
  });
const sentDoc = (metadata: Record<string, string | null> = { ...completeArInvoice }) =>
  buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata,
    receiver: w.purchaser,
    receivingPartyId: w.toPurchaser.id,
  });

const entry = (doc: DocumentDto, key: string) => doc.metadata.find((m) => m.metadata.key === key)!;

describe('GET /documents/{id}', () => {
  it('shows the owner every field of the type, derived document properties and its actions', async () => {
    const doc = await draft({ docNumber: 'INV-1', docPaymentTerms: 'Net 30' });
    const res = await asUser({
      method: 'GET',
      url: `/api/documents/${doc.id}?includeMetadata=true`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<DocumentDto>();
    expect(body).toMatchObject({
      id: doc.id,
      documentTypeId: DocumentTypeId.ArInvoice,
      documentTypeName: 'AR Invoice',
      documentTypeTemplateId: 11,
      lineItemsEnabled: true,
      routeStatusId: null,
      routeStatus: null,
      side: 'sent',
      isReadOnly: false,
      isSignAndReturnFlow: false,
      counterparty: { partyId: w.toPurchaser.id, partyName: 'Purchaser Co' },
      availableActions: { cancel: true, send: true, edit: true, delete: false, close: false },
    });
    expect(body.metadata.map((m) => m.metadata.key)).toEqual([
      'docNumber',
      'docInvoiceDate',
      'docServiceDate',
      'docDueDate',
      'docTotal',
      'docARPurchaserName',
      'docOrgUnitName',
      'docPONumber',
      'docAFE',
      'docPaymentTerms',
      'docDescription',
      'docARCompany',
      'docScanDate',
    ]);
    expect(entry(body, 'docNumber')).toMatchObject({ value: 'INV-1', allowedValues: null });
    expect(entry(body, 'docDueDate').value).toBeNull();
    const terms = entry(body, 'docPaymentTerms');
    expect(terms.allowedValues?.map((v) => v.lookupValue)).toEqual([
      'Due on receipt',
      'Net 15',
      'Net 30',
      'Net 45',
      'Net 60',
      'Net 90',
      '1/10 Net 30',
      '2/10 Net 30',
      'Net 30 EOM',
    ]);
    expect(terms.lookupValue).toMatchObject({ lookupValue: 'Net 30' });
    expect(entry(body, 'docARCompany').value).toBe('Vendor Co');
    expect(entry(body, 'docScanDate').value).toBe(doc.createdAt.toISOString().slice(0, 10));
  });

  it('opening with setDocAsViewed marks it read, Viewed, and writes one Read entry per 10 minutes', async () => {
    const doc = await sentDoc();
    expect((await routeOf(t.db, doc.id, w.purchaser.id))?.isRead).toBe(false);
    const url = `/api/documents/${doc.id}?includeMetadata=true&trackHistory=false&includeThirdPartyMetadata=true&setDocAsViewed=true`;
    const first = await asPurchaser({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isRead: true,
      side: 'received',
      // The receiver's first open (issue 12: the transition table's 'view').
      routeStatusId: RouteStatus.Viewed,
      routeStatus: { id: RouteStatus.Viewed, name: 'Viewed' },
      isReadOnly: true,
      counterparty: { companyId: w.vendor.id, companyName: 'Vendor Co' },
      availableActions: { close: true, send: false, edit: false, cancel: false },
    });
    expect((await routeOf(t.db, doc.id, w.purchaser.id))?.isRead).toBe(true);
    expect((await routeOf(t.db, doc.id, w.vendor.id))?.isRead).toBe(true);
    await asPurchaser({ method: 'GET', url });
    const reads = (await historyOf(t.db, doc.id)).filter(
      (h) => h.operationId === HistoryOperation.Read,
    );
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ userId: w.purchaserUser.id, companyId: w.purchaser.id });
  });

  it('does not mark read without setDocAsViewed; trackHistory=true records a view only', async () => {
    const doc = await sentDoc();
    await asPurchaser({ method: 'GET', url: `/api/documents/${doc.id}` });
    expect((await routeOf(t.db, doc.id, w.purchaser.id))?.isRead).toBe(false);
    expect(
      (await historyOf(t.db, doc.id)).some((h) => h.operationId === HistoryOperation.Read),
    ).toBe(false);
    await asPurchaser({ method: 'GET', url: `/api/documents/${doc.id}?trackHistory=true` });
    expect((await routeOf(t.db, doc.id, w.purchaser.id))?.isRead).toBe(false);
    expect(
      (await historyOf(t.db, doc.id)).filter((h) => h.operationId === HistoryOperation.Read),
    ).toHaveLength(1);
  });

  it('honours includeMetadata and includeThirdPartyMetadata and refuses bad flags', async () => {
    const doc = await draft();
    const bare = await asUser({
      method: 'GET',
      url: `/api/documents/${doc.id}?includeMetadata=false`,
    });
    expect(bare.json().metadata).toEqual([]);
    const noThird = await asUser({
      method: 'GET',
      url: `/api/documents/${doc.id}?includeThirdPartyMetadata=false`,
    });
    expect(noThird.json<DocumentDto>().metadata.map((m) => m.metadata.key)).not.toContain(
      'docOrgUnitName',
    );
    const bad = await asUser({ method: 'GET', url: `/api/documents/${doc.id}?setDocAsViewed=yes` });
    expect(bad.statusCode).toBe(400);
    const wrongType = await asUser({
      method: 'GET',
      url: `/api/documents/${doc.id}?documentTypeId=94`,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe('documentTypeId is not the type of this document');
    const sameType = await asUser({
      method: 'GET',
      url: `/api/documents/${doc.id}?documentTypeId=93`,
    });
    expect(sameType.statusCode).toBe(200);
  });

  it('offers Global users Delete on a sent document and ReadOnly members nothing that changes data', async () => {
    const doc = await sentDoc();
    const asGlobal = caller(t, w.global, w.vendor);
    expect(
      (await asGlobal({ method: 'GET', url: `/api/documents/${doc.id}` })).json(),
    ).toMatchObject({
      availableActions: { delete: true, cancel: false, close: true },
    });
    const unsent = await draft();
    const asReadOnly = caller(t, w.readOnly, w.vendor);
    const ro = (await asReadOnly({ method: 'GET', url: `/api/documents/${unsent.id}` })).json();
    expect(ro.availableActions).toMatchObject({ cancel: false, send: false, edit: false });
  });

  it("is a 404 for another company's, a missing and a deleted document", async () => {
    const doc = await draft();
    const foreign = await asStranger({ method: 'GET', url: `/api/documents/${doc.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual({
      message: 'Document not found',
      code: 'document_not_found',
    });
    // The receiver of a document that was never sent does not see it either.
    expect((await asPurchaser({ method: 'GET', url: `/api/documents/${doc.id}` })).statusCode).toBe(
      404,
    );
    expect((await asUser({ method: 'GET', url: '/api/documents/99999999' })).statusCode).toBe(404);
    await t.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, doc.id));
    expect((await asUser({ method: 'GET', url: `/api/documents/${doc.id}` })).statusCode).toBe(404);
  });

  it('needs a company member (401 without a token, 403 for a company not mine)', async () => {
    const doc = await draft();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}` })).statusCode,
    ).toBe(401);
    const res = await t.as(
      w.strangerUser,
      w.vendor.id,
    )({ method: 'GET', url: `/api/documents/${doc.id}` });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /documents/{id}/available and PUT /documents/{id}/markread', () => {
  it('answers available true or false, never 404', async () => {
    const doc = await sentDoc();
    const ask = (who: ReturnType<typeof caller>, id: string | number) =>
      who({ method: 'GET', url: `/api/documents/${id}/available` });
    expect((await ask(asPurchaser, doc.id)).json()).toEqual({
      available: true,
      latestVersionId: doc.id,
    });
    for (const [who, id] of [
      [asStranger, doc.id],
      [asUser, 99999999],
      [asUser, 'abc'],
      [asUser, '-3'],
      [asUser, '1e99'],
    ] as const) {
      const res = await ask(who, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ available: false, latestVersionId: null });
    }
    await t.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, doc.id));
    expect((await ask(asPurchaser, doc.id)).json()).toEqual({
      available: false,
      latestVersionId: null,
    });
  });

  it("marks the company's route read; another company's id is a 404", async () => {
    const doc = await sentDoc();
    const res = await asPurchaser({ method: 'PUT', url: `/api/documents/${doc.id}/markread` });
    expect(res.statusCode).toBe(204);
    expect((await routeOf(t.db, doc.id, w.purchaser.id))?.isRead).toBe(true);
    expect(
      (await asStranger({ method: 'PUT', url: `/api/documents/${doc.id}/markread` })).statusCode,
    ).toBe(404);
  });
});

describe('GET /documents/{id}/versions', () => {
  it('lists the versions the company can see, newest first', async () => {
    const v1 = await sentDoc();
    const v2 = await draft();
    await t.db
      .update(documents)
      .set({ previousVersionId: v1.id, versionRootId: v1.id })
      .where(eq(documents.id, v2.id));
    const own = await asUser({ method: 'GET', url: `/api/documents/${v1.id}/versions` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      expect.objectContaining({ id: v2.id, versionNumber: 2, latestVersionDocId: v2.id }),
      expect.objectContaining({ id: v1.id, versionNumber: 1, latestVersionDocId: v2.id }),
    ]);
    // The receiver never got version 2: it sees only the version it has.
    const theirs = await asPurchaser({ method: 'GET', url: `/api/documents/${v1.id}/versions` });
    expect(theirs.json()).toEqual([
      expect.objectContaining({ id: v1.id, versionNumber: 1, latestVersionDocId: v1.id }),
    ]);
    expect(
      (await asStranger({ method: 'GET', url: `/api/documents/${v1.id}/versions` })).statusCode,
    ).toBe(404);
  });
});

describe('GET /metadata/{id}/lookupvalues', () => {
  const terms = DocumentTypeId.ArInvoice * 100 + 10;
  const purchaserField = DocumentTypeId.ArInvoice * 100 + 6;
  const billTo = DocumentTypeId.ArInvoice * 100 + 7;

  it("gives a List field's values", async () => {
    const res = await asUser({ method: 'GET', url: `/api/metadata/${terms}/lookupvalues` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((v: { lookupValue: string }) => v.lookupValue)).toEqual([
      'Due on receipt',
      'Net 15',
      'Net 30',
      'Net 45',
      'Net 60',
      'Net 90',
      '1/10 Net 30',
      '2/10 Net 30',
      'Net 30 EOM',
    ]);
  });

  it("gives a party field the company's connected connections of its type (all with isThirdParty)", async () => {
    const connected = await asUser({
      method: 'GET',
      url: `/api/metadata/${purchaserField}/lookupvalues`,
    });
    expect(connected.json()).toEqual([
      { id: w.toPurchaser.id, lookupValue: 'Purchaser Co' },
      { id: w.toPurchaser2.id, lookupValue: 'Second Purchaser' },
      { id: w.toPurchaser3.id, lookupValue: 'Third Purchaser' },
    ]);
    const all = await asUser({
      method: 'GET',
      url: `/api/metadata/${purchaserField}/lookupvalues?isThirdParty=true`,
    });
    expect(all.json().map((v: { lookupValue: string }) => v.lookupValue)).toContain(
      'Offline Purchaser',
    );
    const theirs = await asStranger({
      method: 'GET',
      url: `/api/metadata/${purchaserField}/lookupvalues`,
    });
    expect(theirs.json()).toEqual([]);
  });

  it("gives an OrgUnit field the company's profiles; an unknown field is a 404", async () => {
    const res = await asUser({ method: 'GET', url: `/api/metadata/${billTo}/lookupvalues` });
    expect(res.json()).toEqual([
      { id: w.midland.id, lookupValue: 'Midland' },
      { id: w.odessa.id, lookupValue: 'Odessa' },
    ]);
    expect(
      (await asUser({ method: 'GET', url: '/api/metadata/999999/lookupvalues' })).statusCode,
    ).toBe(404);
  });
});

describe('document routes are one row per company', () => {
  it('keeps the list columns in step with the metadata (search index refreshed)', async () => {
    const doc = await draft({ docNumber: 'LIST-1' });
    const [route] = await t.db
      .select()
      .from(documentRoutes)
      .where(eq(documentRoutes.documentId, doc.id));
    expect(route?.listValues.docNumber).toBe('LIST-1');
  });
});
