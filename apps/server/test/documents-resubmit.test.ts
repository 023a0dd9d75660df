import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTemplate,
  HistoryOperation,
  RouteStatus,
  type DocumentDto,
} from '@flowline/shared';
import {
  documentHistory,
  documentMetadata,
  documentRoutes,
  documents,
  documentTypes,
  metadataDefinitions,
} from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { pdfWithPages } from './helpers/document-files';
import { multipartBody } from './helpers/multipart';
import { buildDocument, routeOf } from './helpers/document-factories';
import { caller, historyOf, openDocumentWorld, type DocumentWorld } from './helpers/document-world';

/** No seeded type uses the Invoice template (2): the test adds one with a single field. */
const INVOICE_TYPE = 501;

let t: TestApp;
let w: DocumentWorld;
let asUser: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser } = await openDocumentWorld());
  await t.db.insert(documentTypes).values({
    id: INVOICE_TYPE,
    name: 'Invoice',
    templateId: DocumentTemplate.Invoice,
  });
  await t.db.insert(metadataDefinitions).values({
    id: INVOICE_TYPE * 100 + 1,
    documentTypeId: INVOICE_TYPE,
    key: 'docNumber',
    name: 'Invoice Number',
    fieldTypeId: 1,
    sortOrder: 1,
  });
});
afterAll(() => t.close());

/** A sent invoice the receiver rejected (both routes Rejected, a Reject entry with the reason). */
async function rejectedInvoice(documentTypeId = INVOICE_TYPE) {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    documentTypeId,
    metadata: documentTypeId === INVOICE_TYPE ? { docNumber: 'INV-R1' } : {},
    receiver: w.purchaser,
    receivingPartyId: w.toPurchaser.id,
  });
  await t.db
    .update(documentRoutes)
    .set({ routeStatusId: RouteStatus.Rejected })
    .where(eq(documentRoutes.documentId, doc.id));
  await t.db.insert(documentHistory).values({
    documentId: doc.id,
    companyId: w.purchaser.id,
    userId: w.purchaserUser.id,
    operationId: HistoryOperation.Reject,
    newValue: 'Wrong amount',
  });
  return doc;
}

const resubmit = (id: number, query = '', who = asUser) =>
  who({ method: 'POST', url: `/api/documents/${id}/resubmit${query}` });

describe('POST /documents/{id}/resubmit', () => {
  it('creates the next version with the same values; the old one becomes Resubmitted', async () => {
    const old = await rejectedInvoice();
    const before = await asUser({ method: 'GET', url: `/api/documents/${old.id}` });
    expect(before.json().availableActions).toMatchObject({ resubmit: true, replaceFile: true });

    const res = await resubmit(old.id);
    expect(res.statusCode).toBe(200);
    const next = res.json<DocumentDto>();
    expect(next.id).not.toBe(old.id);
    expect(next).toMatchObject({
      previousVersionId: old.id,
      versionRootId: old.id,
      routeStatusId: null,
      side: 'sent',
      fileName: old.fileName,
      availableActions: { send: true, cancel: true },
    });
    expect(next.metadata.find((m) => m.metadata.key === 'docNumber')?.value).toBe('INV-R1');
    expect((await routeOf(t.db, old.id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Resubmitted);
    expect((await routeOf(t.db, old.id, w.purchaser.id))?.routeStatusId).toBe(
      RouteStatus.Resubmitted,
    );
    expect(await routeOf(t.db, next.id, w.purchaser.id)).toBeNull();
    expect((await historyOf(t.db, old.id)).at(-1)).toMatchObject({
      operationId: HistoryOperation.Resubmit,
      newValue: String(next.id),
    });
    expect((await historyOf(t.db, next.id)).map((h) => h.operationId)).toEqual([
      HistoryOperation.Create,
    ]);

    const versions = await asUser({ method: 'GET', url: `/api/documents/${next.id}/versions` });
    expect(versions.json().map((v: { id: number }) => v.id)).toEqual([next.id, old.id]);
  });

  it('makes the temporary replacement (newVersion) the new version', async () => {
    const old = await rejectedInvoice();
    const temp = await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      documentTypeId: INVOICE_TYPE,
      fileName: 'corrected.pdf',
    });
    await t.db.update(documents).set({ isTemporary: true }).where(eq(documents.id, temp.id));
    const res = await resubmit(old.id, `?newVersion=${temp.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: temp.id,
      fileName: 'corrected.pdf',
      previousVersionId: old.id,
    });
    const [row] = await t.db.select().from(documents).where(eq(documents.id, temp.id));
    expect(row).toMatchObject({ isTemporary: false, versionRootId: old.id });
    const [copied] = await t.db
      .select()
      .from(documentMetadata)
      .where(and(eq(documentMetadata.documentId, temp.id)));
    expect(copied?.value).toBe('INV-R1');
    expect((await historyOf(t.db, temp.id)).map((h) => h.operationId)).toContain(
      HistoryOperation.ReplaceFile,
    );
  });

  it('refuses anything but a rejected invoice of the caller, and bad newVersion values', async () => {
    const old = await rejectedInvoice();
    // AR invoices are resubmitted too (issue 12 item 6); a division order is not.
    const ar = await rejectedInvoice(93);
    expect((await resubmit(ar.id)).statusCode).toBe(200);
    const order = await rejectedInvoice(87);
    const orderRes = await resubmit(order.id);
    expect(orderRes.statusCode).toBe(409);
    expect(orderRes.json().error.message).toBe(
      'Only a rejected invoice can be resubmitted by its sender.',
    );
    expect((await resubmit(old.id, '', caller(t, w.purchaserUser, w.purchaser))).statusCode).toBe(
      403,
    );
    expect((await resubmit(old.id, '', caller(t, w.readOnly, w.vendor))).statusCode).toBe(403);
    expect((await resubmit(old.id, '', caller(t, w.strangerUser, w.stranger))).statusCode).toBe(
      404,
    );
    expect((await resubmit(old.id, '?newVersion=abc')).statusCode).toBe(400);
    const notTemp = await buildDocument(t.db, { owner: w.vendor, documentTypeId: INVOICE_TYPE });
    const missing = await resubmit(old.id, `?newVersion=${notTemp.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('The replacement file was not found.');
    expect((await routeOf(t.db, old.id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Rejected);
    const sentAgain = await resubmit(old.id, '?newVersion=true');
    expect(sentAgain.statusCode).toBe(200);
    expect((await resubmit(old.id)).statusCode).toBe(409);
  });
});

describe('Replace file (a temporary replacement) then Resubmit', () => {
  const replace = async (documentId: number, who = asUser, name = 'corrected.pdf') => {
    const { payload, headers } = await multipartBody([
      ['fileUploadData', JSON.stringify({ documentId, isTemporary: true })],
      ['file', { name, data: await pdfWithPages(1, name), type: 'application/pdf' }],
    ]);
    return who({ method: 'POST', url: '/api/documents/upload', payload, headers });
  };

  it('stores the replacement out of every list, replaces an earlier one, and becomes the new version', async () => {
    const old = await rejectedInvoice(93);
    const first = await replace(old.id, asUser, 'first.pdf');
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json().documentIds[0] as number;
    const second = await replace(old.id, asUser, 'second.pdf');
    const secondId = second.json().documentIds[0] as number;
    const [gone] = await t.db.select().from(documents).where(eq(documents.id, firstId));
    expect(gone?.deletedAt).not.toBeNull();
    expect(await routeOf(t.db, secondId, w.vendor.id)).toBeFalsy();

    const res = await resubmit(old.id, `?newVersion=${secondId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: secondId,
      fileName: 'second.pdf',
      previousVersionId: old.id,
    });
    expect((await routeOf(t.db, old.id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Resubmitted);
  });

  it('is refused to the receiver, to ReadOnly members and for a document that is not rejected', async () => {
    const old = await rejectedInvoice(93);
    expect((await replace(old.id, caller(t, w.purchaserUser, w.purchaser))).statusCode).toBe(403);
    expect((await replace(old.id, caller(t, w.readOnly, w.vendor))).statusCode).toBe(403);
    expect((await replace(old.id, caller(t, w.strangerUser, w.stranger))).statusCode).toBe(404);
    const draft = await buildDocument(t.db, { owner: w.vendor, user: w.user, documentTypeId: 93 });
    expect((await replace(draft.id)).statusCode).toBe(409);
    const { payload, headers } = await multipartBody([
      ['fileUploadData', JSON.stringify({ isTemporary: true })],
      ['file', { name: 'x.pdf', data: await pdfWithPages(1), type: 'application/pdf' }],
    ]);
    const missing = await asUser({
      method: 'POST',
      url: '/api/documents/upload',
      payload,
      headers,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('A replacement file needs the document it replaces.');
  });
});
