import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTemplate,
  DocumentTypeId,
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
  devMailbox,
  metadataDefinitions,
  notifications,
} from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { pdfWithPages } from './helpers/document-files';
import { multipartBody } from './helpers/multipart';
import { buildDocument, routeOf } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  fieldIds,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';

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

let rejectedNumber = 0;

/** A sent invoice the receiver rejected (both routes Rejected, a Reject entry with the reason). */
async function rejectedInvoice(documentTypeId = INVOICE_TYPE) {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    documentTypeId,
    metadata:
      documentTypeId === INVOICE_TYPE
        ? { docNumber: `INV-R${++rejectedNumber}` }
        : documentTypeId === DocumentTypeId.ArInvoice
          ? { ...completeArInvoice }
          : {},
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
  it('sends the next version with the same values at once; the old one becomes Resubmitted', async () => {
    const old = await rejectedInvoice();
    const before = await asUser({ method: 'GET', url: `/api/documents/${old.id}` });
    expect(before.json().availableActions).toMatchObject({ resubmit: true, replaceFile: true });

    const res = await resubmit(old.id);
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<DocumentDto>();
    expect(next.id).not.toBe(old.id);
    expect(next).toMatchObject({
      previousVersionId: old.id,
      versionRootId: old.id,
      routeStatusId: RouteStatus.Sent,
      side: 'sent',
      fileName: old.fileName,
      availableActions: { send: false, cancel: false, resubmit: false },
    });
    expect(next.metadata.find((m) => m.metadata.key === 'docNumber')?.value).toBe('INV-R1');
    expect((await routeOf(t.db, old.id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Resubmitted);
    expect((await routeOf(t.db, old.id, w.purchaser.id))?.routeStatusId).toBe(
      RouteStatus.Resubmitted,
    );
    expect(await routeOf(t.db, next.id, w.purchaser.id)).toMatchObject({
      side: 'received',
      routeStatusId: RouteStatus.Received,
      isRead: false,
    });
    expect((await historyOf(t.db, old.id)).at(-1)).toMatchObject({
      operationId: HistoryOperation.Resubmit,
      newValue: String(next.id),
    });
    expect((await historyOf(t.db, next.id)).map((h) => h.operationId)).toEqual([
      HistoryOperation.Create,
      HistoryOperation.Publish,
      HistoryOperation.Receive,
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
    expect(copied?.value).toMatch(/^INV-R\d+$/);
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

describe('one-step Resubmit (issue 27 item 5): the corrected version is sent at once', () => {
  const asPurchaser = () => caller(t, w.purchaserUser, w.purchaser);
  const valueOf = (doc: DocumentDto, key: string) =>
    doc.metadata.find((m) => m.metadata.key === key)?.value;
  const mailsTo = async (email: string) =>
    (await t.db.select().from(devMailbox).orderBy(devMailbox.id)).filter((m) =>
      m.to.includes(email),
    );
  const versionsOf = async (rootId: number) =>
    (await t.db.select().from(documents)).filter(
      (d) => d.id !== rootId && (d.versionRootId === rootId || d.previousVersionId === rootId),
    );

  it('sends the corrections with the new version: the purchaser sees it Received, notified and mailed with its link', async () => {
    const f = await fieldIds(t.db);
    const old = await rejectedInvoice(DocumentTypeId.ArInvoice);
    const mailsBefore = (await mailsTo(w.purchaserUser.emailAddress)).length;
    const res = await asUser({
      method: 'POST',
      url: `/api/documents/${old.id}/resubmit`,
      payload: {
        metadata: [
          { metadataDefinitionId: f.docServiceDate!, value: '2026-01-03' },
          { metadataDefinitionId: f.docTotal!, value: '1200.00' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<DocumentDto>();
    expect(next).toMatchObject({ routeStatusId: RouteStatus.Sent, previousVersionId: old.id });
    expect(valueOf(next, 'docServiceDate')).toBe('2026-01-03');
    expect(valueOf(next, 'docTotal')).toBe('1200.00');

    // The receiver opens the new version, with its status; the old one keeps what was rejected.
    const seen = await asPurchaser()({ method: 'GET', url: `/api/documents/${next.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      id: next.id,
      side: 'received',
      routeStatus: { name: 'Received' },
      workflowActions: { approve: true, reject: true },
    });
    expect(valueOf(seen.json(), 'docTotal')).toBe('1200.00');
    const oldSeen = await asPurchaser()({ method: 'GET', url: `/api/documents/${old.id}` });
    expect(oldSeen.json().routeStatus.name).toBe('Resubmitted');
    expect(valueOf(oldSeen.json(), 'docTotal')).toBe('1250.00');
    const inbox = await asPurchaser()({ method: 'GET', url: '/api/documentroute/inbox' });
    expect(inbox.json().items[0]).toMatchObject({
      id: next.id,
      routeStatusId: RouteStatus.Received,
    });

    // One notification and one mail, both opening the new version.
    const notes = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, w.purchaserUser.id));
    const told = notes.filter((n) => / resubmitted$/.test(n.title));
    expect(told.at(-1)).toMatchObject({ actionId: 'openDocument', actionData: String(next.id) });
    expect(
      notes.filter((n) => n.actionData === String(old.id) && /resubmitted/.test(n.title)),
    ).toEqual([]);
    const mails = (await mailsTo(w.purchaserUser.emailAddress)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/resubmitted$/);
    expect(mails[0]!.text).toContain(`/documents/${next.id}`);
    expect(mails[0]!.text).not.toContain(`/documents/${old.id}`);
    expect(await mailsTo(w.purchaserQuiet.emailAddress)).toEqual([]);
  });

  it('refuses the wrong role (403), the wrong state (409) and another company (404), writing nothing', async () => {
    const old = await rejectedInvoice(DocumentTypeId.ArInvoice);
    const purchaser = await resubmit(old.id, '', asPurchaser());
    expect(purchaser.statusCode).toBe(403);
    expect(purchaser.json().error.code).toBe('not_document_owner');
    expect((await resubmit(old.id, '', caller(t, w.readOnly, w.vendor))).statusCode).toBe(403);
    expect((await resubmit(old.id, '', caller(t, w.strangerUser, w.stranger))).statusCode).toBe(
      404,
    );
    const sent = await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      metadata: { ...completeArInvoice },
      receiver: w.purchaser,
      receivingPartyId: w.toPurchaser.id,
    });
    const notRejected = await resubmit(sent.id);
    expect(notRejected.statusCode).toBe(409);
    expect(notRejected.json().error).toMatchObject({
      code: 'action_not_allowed',
      message: 'Only a rejected invoice can be resubmitted by its sender.',
    });
    expect(await versionsOf(old.id)).toEqual([]);
    expect(await versionsOf(sent.id)).toEqual([]);
    expect((await routeOf(t.db, old.id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Rejected);
  });

  it('validates like Send: a missing field or bad lines is a 400 and nothing is half-written', async () => {
    const f = await fieldIds(t.db);
    const old = await rejectedInvoice(DocumentTypeId.ArInvoice);
    const history = (await historyOf(t.db, old.id)).length;
    const notes = (await t.db.select().from(notifications)).length;
    const { payload, headers } = await multipartBody([
      ['fileUploadData', JSON.stringify({ documentId: old.id, isTemporary: true })],
      [
        'file',
        { name: 'fixed.pdf', data: await pdfWithPages(1, 'fixed'), type: 'application/pdf' },
      ],
    ]);
    const upload = await asUser({ method: 'POST', url: '/api/documents/upload', payload, headers });
    const tempId = upload.json().documentIds[0] as number;

    const missing = await asUser({
      method: 'POST',
      url: `/api/documents/${old.id}/resubmit?newVersion=${tempId}`,
      payload: { metadata: [{ metadataDefinitionId: f.docServiceDate!, value: null }] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({
      message: 'Field Service Date is required',
      code: 'document_incomplete',
      fields: { docServiceDate: 'Service Date is required' },
    });

    const badValue = await asUser({
      method: 'POST',
      url: `/api/documents/${old.id}/resubmit`,
      payload: { metadata: [{ metadataDefinitionId: f.docTotal!, value: '12abc' }] },
    });
    expect(badValue.statusCode).toBe(400);

    // Nothing of either attempt: no version, the replacement still temporary, the old one Rejected.
    const [temp] = await t.db.select().from(documents).where(eq(documents.id, tempId));
    expect(temp).toMatchObject({ isTemporary: true, previousVersionId: old.id });
    expect(temp?.versionRootId).toBeNull();
    expect(await routeOf(t.db, tempId, w.purchaser.id)).toBeFalsy();
    expect((await versionsOf(old.id)).filter((d) => !d.isTemporary).map((d) => d.id)).toEqual([]);
    expect((await routeOf(t.db, old.id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Rejected);
    expect((await routeOf(t.db, old.id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Rejected);
    expect((await historyOf(t.db, old.id)).length).toBe(history);
    expect((await t.db.select().from(notifications)).length).toBe(notes);

    // Corrected, the same replacement goes out.
    const ok = await asUser({
      method: 'POST',
      url: `/api/documents/${old.id}/resubmit?newVersion=${tempId}`,
      payload: { metadata: [{ metadataDefinitionId: f.docServiceDate!, value: '2026-01-04' }] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      id: tempId,
      fileName: 'fixed.pdf',
      routeStatusId: RouteStatus.Sent,
    });
  });
});
