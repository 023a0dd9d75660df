import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTypeId,
  FieldType,
  HistoryOperation,
  lookupValueId,
  type DocumentDto,
  type MetadataValueInput,
} from '@flowline/shared';
import { documentMetadata, documents } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildDocument, routeOf } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  fieldIds,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let f: Record<string, number>;
let asUser: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser } = await openDocumentWorld());
  f = await fieldIds(t.db);
});
afterAll(() => t.close());

const draft = (metadata: Record<string, string | null> = { ...completeArInvoice }) =>
  buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata,
    receivingPartyId: w.toPurchaser.id,
  });

const save = (id: number, metadata: MetadataValueInput[], who = asUser) =>
  who({ method: 'PUT', url: `/api/documents/${id}/metadata`, payload: { metadata } });

const value = (doc: DocumentDto, key: string) => doc.metadata.find((m) => m.metadata.key === key)!;

async function storedValues(documentId: number) {
  const rows = await t.db
    .select()
    .from(documentMetadata)
    .where(eq(documentMetadata.documentId, documentId));
  return Object.fromEntries(rows.map((r) => [r.metadataDefinitionId, r]));
}

describe('PUT /documents/{id}/metadata', () => {
  it('writes the changed values only, one Edit entry per changed field with old and new value', async () => {
    const doc = await draft();
    const before = (await historyOf(t.db, doc.id)).length;
    const res = await save(doc.id, [
      { metadataDefinitionId: f.docNumber!, value: ' INV-200 ' },
      { metadataDefinitionId: f.docInvoiceDate!, value: '2026-02-28' },
      { metadataDefinitionId: f.docTotal!, value: '1250.00' }, // unchanged
      {
        metadataDefinitionId: f.docPaymentTerms!,
        value: null,
        lookupValueId: lookupValueId(f.docPaymentTerms!, 3),
      },
      { metadataDefinitionId: f.docDescription!, value: 'Hauling\nand disposal' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json<DocumentDto>();
    expect(value(body, 'docNumber').value).toBe('INV-200');
    expect(value(body, 'docPaymentTerms')).toMatchObject({
      value: 'Net 30',
      lookupValue: { id: lookupValueId(f.docPaymentTerms!, 3), lookupValue: 'Net 30' },
    });
    const edits = (await historyOf(t.db, doc.id)).slice(before);
    expect(
      edits.map((h) => [h.operationId, h.objectName, h.oldValue, h.newValue, h.metadataTypeId]),
    ).toEqual([
      [HistoryOperation.Edit, 'Invoice Number', 'INV-100', 'INV-200', FieldType.Text],
      [HistoryOperation.Edit, 'Invoice Date', '2026-01-05', '2026-02-28', FieldType.Date],
      [HistoryOperation.Edit, 'Payment Terms', null, 'Net 30', FieldType.List],
      [HistoryOperation.Edit, 'Description', null, 'Hauling\nand disposal', FieldType.TextArea],
      // The empty Due Date is what the terms give: Net 30 from 28 February (docs/payment-runs.md).
      [HistoryOperation.Edit, 'Due Date', null, '2026-03-30', FieldType.Date],
    ]);
    expect(edits.every((h) => h.userId === w.user.id && h.companyId === w.vendor.id)).toBe(true);
    expect((await routeOf(t.db, doc.id, w.vendor.id))?.listValues.docNumber).toBe('INV-200');

    // Saving the same values again writes nothing.
    await save(doc.id, [{ metadataDefinitionId: f.docNumber!, value: 'INV-200' }]);
    expect((await historyOf(t.db, doc.id)).length).toBe(before + 5);
  });

  it('clears a value with null or an empty string', async () => {
    const doc = await draft();
    const res = await save(doc.id, [{ metadataDefinitionId: f.docInvoiceDate!, value: '  ' }]);
    expect(value(res.json(), 'docInvoiceDate').value).toBeNull();
    const last = (await historyOf(t.db, doc.id)).at(-1);
    expect(last).toMatchObject({ oldValue: '2026-01-05', newValue: null });
  });

  it.each([
    [
      'a date not in yyyy-mm-dd',
      'docInvoiceDate',
      '01/05/2026',
      'Invoice Date must be a valid date (yyyy-mm-dd)',
    ],
    [
      'an impossible date',
      'docDueDate',
      '2026-02-30',
      'Due Date must be a valid date (yyyy-mm-dd)',
    ],
    ['an amount with letters', 'docTotal', '12.5O', 'Invoice Total must be a number'],
    [
      'a value outside the list',
      'docPaymentTerms',
      'Net 120',
      'Payment Terms must be one of: Due on receipt, Net 15, Net 30, Net 45, Net 60, Net 90, 1/10 Net 30, 2/10 Net 30, Net 30 EOM',
    ],
  ])('refuses %s with the field message and writes nothing', async (_label, key, text, message) => {
    const doc = await draft();
    const before = await storedValues(doc.id);
    const res = await save(doc.id, [
      { metadataDefinitionId: f.docNumber!, value: 'CHANGED' },
      { metadataDefinitionId: f[key]!, value: text },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      message,
      code: 'validation_failed',
      fields: { [key]: message },
    });
    expect(await storedValues(doc.id)).toEqual(before);
  });

  it('refuses unknown field ids, another type’s fields, duplicates and a foreign lookup value', async () => {
    const doc = await draft();
    const doField = (await fieldIds(t.db, DocumentTypeId.DivisionOrder)).docOwnerName!;
    const unknown = await save(doc.id, [{ metadataDefinitionId: doField, value: 'x' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(
      `Field ${doField} does not belong to this document type`,
    );
    const dup = await save(doc.id, [
      { metadataDefinitionId: f.docNumber!, value: 'A' },
      { metadataDefinitionId: f.docNumber!, value: 'B' },
    ]);
    expect(dup.json().error.message).toBe('Invoice Number is given more than once');
    const lookup = await save(doc.id, [
      {
        metadataDefinitionId: f.docPaymentTerms!,
        value: null,
        lookupValueId: lookupValueId(f.docNumber!, 1),
      },
    ]);
    expect(lookup.statusCode).toBe(400);
    const badBody = await asUser({
      method: 'PUT',
      url: `/api/documents/${doc.id}/metadata`,
      payload: { metadata: 'x' },
    });
    expect(badBody.statusCode).toBe(400);
  });

  it('refuses to change read-only fields but accepts them echoed back unchanged', async () => {
    const doc = await draft();
    const changed = await save(doc.id, [
      { metadataDefinitionId: f.docARCompany!, value: 'Someone Else' },
    ]);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.message).toBe('Vendor is read-only');
    const echoed = await save(doc.id, [
      { metadataDefinitionId: f.docARCompany!, value: 'Vendor Co' },
      { metadataDefinitionId: f.docScanDate!, value: doc.createdAt.toISOString().slice(0, 10) },
      { metadataDefinitionId: f.docNumber!, value: 'INV-ECHO' },
    ]);
    expect(echoed.statusCode).toBe(200);
    expect(value(echoed.json(), 'docNumber').value).toBe('INV-ECHO');
  });

  it('is a 409 on a read-only document, a 403 for ReadOnly members and a 404 for other companies', async () => {
    const sent = await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      metadata: { ...completeArInvoice },
      receiver: w.purchaser,
      receivingPartyId: w.toPurchaser.id,
    });
    const edit = [{ metadataDefinitionId: f.docNumber!, value: 'NOPE' }];
    const res = await save(sent.id, edit, asUser);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      message: 'This document is read-only and cannot be edited.',
      code: 'action_not_allowed',
    });
    // The receiver never edits the sender's document (documents-receiver.test.ts).
    expect((await save(sent.id, edit, caller(t, w.purchaserUser, w.purchaser))).statusCode).toBe(
      403,
    );
    const doc = await draft();
    const number = (await storedValues(doc.id))[f.docNumber!]?.value;
    const ro = await save(doc.id, edit, caller(t, w.readOnly, w.vendor));
    expect(ro.statusCode).toBe(403);
    expect(ro.json().error.code).toBe('read_only');
    expect((await save(doc.id, edit, caller(t, w.strangerUser, w.stranger))).statusCode).toBe(404);
    expect((await storedValues(doc.id))[f.docNumber!]?.value).toBe(number);
  });
});

describe('party fields and the AR invoice purchaser rule', () => {
  const purchaser = (partyId: number | null) => ({
    metadataDefinitionId: f.docARPurchaserName!,
    value: null,
    partyId,
  });

  it('takes a connected purchaser by id, stores its name and makes it the receiver', async () => {
    const doc = await draft({ ...completeArInvoice, docOrgUnitName: null });
    const res = await save(doc.id, [purchaser(w.toPurchaser2.id)]);
    expect(res.statusCode).toBe(200);
    const body = res.json<DocumentDto>();
    expect(value(body, 'docARPurchaserName')).toMatchObject({
      value: 'Second Purchaser',
      party: { id: w.toPurchaser2.id, name: 'Second Purchaser' },
    });
    expect(body.counterparty).toMatchObject({
      partyId: w.toPurchaser2.id,
      companyId: w.purchaser2.id,
    });
    const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({
      receivingPartyId: w.toPurchaser2.id,
      receivingCompanyId: w.purchaser2.id,
    });
    // Two profiles connect this purchaser: none is picked for the user.
    expect(value(body, 'docOrgUnitName').value).toBeNull();
  });

  it('picks the only connected profile when the purchaser changes', async () => {
    const doc = await draft({ ...completeArInvoice, docOrgUnitName: null });
    await save(doc.id, [purchaser(w.toPurchaser2.id)]);
    const res = await save(doc.id, [purchaser(w.toPurchaser.id)]);
    expect(value(res.json(), 'docOrgUnitName').value).toBe('Midland');
    const last = (await historyOf(t.db, doc.id)).at(-1);
    expect(last).toMatchObject({ objectName: 'Bill To', oldValue: null, newValue: 'Midland' });
  });

  it('keeps an allowed Bill To and clears one the new purchaser does not allow', async () => {
    const doc = await draft({ ...completeArInvoice, docOrgUnitName: null });
    await save(doc.id, [purchaser(w.toPurchaser.id)]); // picks Midland
    const kept = await save(doc.id, [purchaser(w.toPurchaser2.id)]); // Midland or Odessa
    expect(value(kept.json(), 'docOrgUnitName').value).toBe('Midland');
    await save(doc.id, [
      { metadataDefinitionId: f.docOrgUnitName!, value: null, orgUnitId: w.billTo2Odessa.id },
    ]);
    const cleared = await save(doc.id, [purchaser(w.toPurchaser3.id)]); // no profile
    expect(value(cleared.json(), 'docOrgUnitName').value).toBeNull();
  });

  it("refuses a Bill To outside the purchaser's profiles", async () => {
    const doc = await draft();
    await save(doc.id, [purchaser(w.toPurchaser.id)]);
    const res = await save(doc.id, [{ metadataDefinitionId: f.docOrgUnitName!, value: 'Odessa' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Bill To must be one of the purchaser's profiles");
    const both = await save(doc.id, [
      purchaser(w.toPurchaser2.id),
      { metadataDefinitionId: f.docOrgUnitName!, value: 'Odessa' },
    ]);
    expect(both.statusCode).toBe(200);
    expect(value(both.json(), 'docOrgUnitName').value).toBe('Odessa');
  });

  it('refuses an unconnected, foreign or wrongly typed connection, and free text as purchaser', async () => {
    const doc = await draft();
    const cases: Array<[number | null, string | null, string]> = [
      [w.offline.id, null, 'Documents can only be sent to a connected connection.'],
      [w.strangerParty.id, null, 'Purchaser: choose one of your connections'],
      [w.vendorTypeParty.id, null, 'Purchaser: the connection has the wrong type'],
      [null, 'Typed Name', 'Purchaser: choose one of your connections'],
    ];
    for (const [partyId, text, message] of cases) {
      const res = await save(doc.id, [
        { metadataDefinitionId: f.docARPurchaserName!, value: text, partyId },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const [row] = await t.db
      .select()
      .from(documentMetadata)
      .where(
        and(
          eq(documentMetadata.documentId, doc.id),
          eq(documentMetadata.metadataDefinitionId, f.docARPurchaserName!),
        ),
      );
    expect(row?.value).toBe('Purchaser Co');
  });
});
