import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteStatus, type DocumentDto, type MetadataValueInput } from '@flowline/shared';
import { documentMetadata, documents } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildDocument, routeOf, updateRoute } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  fieldIds,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';

/**
 * Issue 11 items 4 and 5: the receiver of a document reads the sender's metadata from its own
 * point of view and never rewrites it (Red Mesa on Permian's rejected AR invoice).
 */

let t: TestApp;
let w: DocumentWorld;
let f: Record<string, number>;
let asVendor: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;

beforeAll(async () => {
  let asUser: ReturnType<typeof caller>;
  ({ t, w, asUser } = await openDocumentWorld());
  asVendor = asUser;
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  f = await fieldIds(t.db);
});
afterAll(() => t.close());

const entry = (doc: DocumentDto, key: string) => doc.metadata.find((m) => m.metadata.key === key)!;

/** An AR invoice sent through the API (purchaser chosen by id), then rejected (both routes). */
async function rejectedByReceiver() {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice, docARPurchaserName: null },
    receivingPartyId: w.toPurchaser.id,
  });
  const purchaser: MetadataValueInput = {
    metadataDefinitionId: f.docARPurchaserName!,
    value: null,
    partyId: w.toPurchaser.id,
  };
  const sent = await asVendor({
    method: 'PUT',
    url: `/api/documents/${doc.id}/publish`,
    payload: { metadata: [purchaser] },
  });
  expect(sent.statusCode).toBe(200);
  for (const company of [w.vendor, w.purchaser]) {
    await updateRoute(t.db, doc, company, { routeStatusId: RouteStatus.Rejected });
  }
  return doc;
}

async function stored(documentId: number) {
  const rows = await t.db
    .select()
    .from(documentMetadata)
    .where(eq(documentMetadata.documentId, documentId));
  return rows.map((r) => [r.metadataDefinitionId, r.value, r.partyId]).sort();
}

describe('the receiver cannot change the sender’s document (item 4)', () => {
  it('PUT /documents/{id}/metadata by the receiver is a 403: nothing changes, no history', async () => {
    const doc = await rejectedByReceiver();
    const before = {
      values: await stored(doc.id),
      history: (await historyOf(t.db, doc.id)).length,
    };
    const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));

    const res = await asPurchaser({
      method: 'PUT',
      url: `/api/documents/${doc.id}/metadata`,
      payload: { metadata: [{ metadataDefinitionId: f.docPONumber!, value: 'PO-RM-EDIT' }] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        message: 'Only the company that sent this document can change it.',
        code: 'not_document_owner',
      },
    });
    expect(await stored(doc.id)).toEqual(before.values);
    expect(await historyOf(t.db, doc.id)).toHaveLength(before.history);
    const [after] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(after?.updatedAt).toEqual(row?.updatedAt);
  });

  it('the receiver sees it read-only with Close; every other write endpoint refuses it too', async () => {
    const doc = await rejectedByReceiver();
    const opened = await asPurchaser({ method: 'GET', url: `/api/documents/${doc.id}` });
    expect(opened.json<DocumentDto>()).toMatchObject({
      side: 'received',
      routeStatusId: RouteStatus.Rejected,
      availableActions: {
        edit: false,
        send: false,
        cancel: false,
        resubmit: false,
        close: true,
        uploadAttachment: true,
      },
    });
    const before = (await historyOf(t.db, doc.id)).length;
    const publish = await asPurchaser({
      method: 'PUT',
      url: `/api/documents/${doc.id}/publish`,
      payload: { metadata: [{ metadataDefinitionId: f.docNumber!, value: 'NOPE' }] },
    });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error.code).toBe('not_document_owner');
    const cancel = await asPurchaser({
      method: 'POST',
      url: '/api/documents/cancelPublish',
      payload: { ids: [doc.id] },
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().error.code).toBe('not_document_owner');
    expect(await historyOf(t.db, doc.id)).toHaveLength(before);
    expect((await routeOf(t.db, doc.id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Rejected);

    // The sender still edits its own rejected AR invoice.
    const own = await asVendor({
      method: 'PUT',
      url: `/api/documents/${doc.id}/metadata`,
      payload: { metadata: [{ metadataDefinitionId: f.docPONumber!, value: 'PO-OWN' }] },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('each side resolves parties from its own point of view (item 5)', () => {
  it('the sender sees its connection; the receiver sees no foreign party id and its own connection for the sender', async () => {
    const doc = await rejectedByReceiver();
    const mine = (
      await asVendor({ method: 'GET', url: `/api/documents/${doc.id}` })
    ).json<DocumentDto>();
    expect(entry(mine, 'docARPurchaserName')).toMatchObject({
      value: 'Purchaser Co',
      party: { id: w.toPurchaser.id, name: 'Purchaser Co' },
    });

    const theirs = (
      await asPurchaser({ method: 'GET', url: `/api/documents/${doc.id}` })
    ).json<DocumentDto>();
    // The purchaser is the receiver itself: the sender's party id means nothing on its side.
    expect(entry(theirs, 'docARPurchaserName')).toMatchObject({
      value: 'Purchaser Co',
      party: null,
    });
    // Bill To: the receiver's profile as the sender chose it (read-only for the receiver).
    expect(entry(theirs, 'docOrgUnitName').value).toBe('Midland');
    expect(theirs.counterparty).toEqual({
      companyId: w.vendor.id,
      companyName: 'Vendor Co',
      partyId: w.toVendor.id,
      partyName: 'Vendor Co (as Purchaser knows it)',
    });
    // The receiver's own connection for the sender resolves on its side (the sender's does not).
    const own = await asPurchaser({
      method: 'GET',
      url: `/api/party/getByIdWithConnectedOrgUnits/${theirs.counterparty!.partyId}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().connectedCompanyId).toBe(w.vendor.id);
    expect(
      (
        await asPurchaser({
          method: 'GET',
          url: `/api/party/getByIdWithConnectedOrgUnits/${w.toPurchaser.id}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("'Auto-filled' marks are only for the company that can still edit (issue 27 item 10)", () => {
  it('the sender of a draft sees them; the receiver and the sender of a sent document do not', async () => {
    const draft = await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      metadata: { ...completeArInvoice },
      receivingPartyId: w.toPurchaser.id,
    });
    await t.db
      .update(documentMetadata)
      .set({ autoExtracted: true })
      .where(eq(documentMetadata.documentId, draft.id));
    const marked = (doc: DocumentDto) =>
      doc.metadata.filter((m) => m.autoExtracted || m.highlight).map((m) => m.metadata.key);

    const own = await asVendor({ method: 'GET', url: `/api/documents/${draft.id}` });
    expect(marked(own.json())).toContain('docTotal');

    const sent = await asVendor({
      method: 'PUT',
      url: `/api/documents/${draft.id}/publish`,
      payload: { metadata: [] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(marked(sent.json())).toEqual([]);
    const received = await asPurchaser({ method: 'GET', url: `/api/documents/${draft.id}` });
    expect(received.statusCode).toBe(200);
    expect(marked(received.json())).toEqual([]);
  });
});
