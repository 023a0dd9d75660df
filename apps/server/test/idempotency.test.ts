// Issue 33 item 3: a client whose instance died mid-request retries safely with Idempotency-Key.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTypeId } from '@flowline/shared';
import { documents, idempotencyKeys, payments } from '../src/db/schema/index';
import { deleteExpiredIdempotencyKeys } from '../src/http/idempotency';
import type { TestApp } from './helpers/app';
import { textPdf } from './helpers/scans';
import { multipartBody } from './helpers/multipart';
import {
  caller,
  openDocumentWorld,
  sendVendorInvoice,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
});
afterAll(() => t.close());

const documentsOfVendor = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(documents)
      .where(eq(documents.ownerCompanyId, w.vendor.id))
  )[0]!.n;

async function uploadBody(text: string) {
  const pdf = await textPdf([[{ text, x: 72, y: 72, size: 14 }]]);
  return multipartBody([
    [
      'fileUploadData',
      JSON.stringify({
        documentTypeId: DocumentTypeId.ArInvoice,
        receivingPartyId: w.toPurchaser.id,
      }),
    ],
    ['file', { name: 'invoice.pdf', data: pdf, type: 'application/pdf' }],
  ]);
}

const paymentsOf = async (documentId: number) =>
  (await t.db.select({ n: count() }).from(payments).where(eq(payments.documentId, documentId)))[0]!
    .n;

describe('Idempotency-Key', () => {
  it('a repeated upload with the same key creates one document and answers the same', async () => {
    const before = await documentsOfVendor();
    const { payload, headers } = await uploadBody('Invoice 7001');
    const send = () =>
      asVendor({
        method: 'POST',
        url: '/api/documents/upload',
        payload,
        headers: { ...headers, 'idempotency-key': 'upload-7001' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await documentsOfVendor()).toBe(before + 1);
  });

  it('the same key with another request is refused (422) and does nothing', async () => {
    const id = await sendVendorInvoice(t, w);
    await asPurchaser({ method: 'POST', url: `/api/documents/${id}/approve` });
    const pay = (amount: string) =>
      asPurchaser({
        method: 'POST',
        url: '/api/payment',
        payload: { documentId: id, amount },
        headers: { 'idempotency-key': `pay-${id}` },
      });
    expect((await pay('100.00')).statusCode).toBe(201);
    const other = await pay('200.00');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: {
        message: 'This Idempotency-Key was already used for another request.',
        code: 'idempotency_key_reused',
      },
    });
    expect(await paymentsOf(id)).toBe(1);
  });

  it('concurrent duplicates: one payment is recorded and both get its answer', async () => {
    const id = await sendVendorInvoice(t, w);
    await asPurchaser({ method: 'POST', url: `/api/documents/${id}/approve` });
    const pay = () =>
      asPurchaser({
        method: 'POST',
        url: '/api/payment',
        payload: { documentId: id, amount: '300.00', checkNumber: '881' },
        headers: { 'idempotency-key': `concurrent-${id}` },
      });
    const answers = await Promise.all([pay(), pay(), pay()]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await paymentsOf(id)).toBe(1);
    // Without a key, the same call is a second payment (the key is what makes a retry safe).
    const plain = await asPurchaser({
      method: 'POST',
      url: '/api/payment',
      payload: { documentId: id, amount: '300.00', checkNumber: '881' },
    });
    expect(plain.statusCode).toBe(201);
    expect(await paymentsOf(id)).toBe(2);
  });

  it('keys are per user and company: another user with the same key is not answered from it', async () => {
    const id = await sendVendorInvoice(t, w);
    await asPurchaser({ method: 'POST', url: `/api/documents/${id}/approve` });
    const body = { documentId: id, amount: '50.00' };
    const key = { 'idempotency-key': 'shared-key' };
    expect(
      (await asPurchaser({ method: 'POST', url: '/api/payment', payload: body, headers: key }))
        .statusCode,
    ).toBe(201);
    const vendorTry = await asVendor({
      method: 'POST',
      url: '/api/payment',
      payload: body,
      headers: key,
    });
    expect(vendorTry.headers['idempotent-replayed']).toBeUndefined();
    expect(vendorTry.statusCode).not.toBe(201);
  });

  it('a refused answer (4xx) is replayed too; a malformed key is a 400', async () => {
    const id = await sendVendorInvoice(t, w);
    const early = () =>
      asPurchaser({
        method: 'POST',
        url: '/api/payment',
        payload: { documentId: id, amount: '10.00' },
        headers: { 'idempotency-key': `early-${id}` },
      });
    const first = await early();
    expect(first.statusCode).toBe(409);
    const second = await early();
    expect(second.statusCode).toBe(409);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);

    const bad = await asPurchaser({
      method: 'POST',
      url: '/api/payment',
      payload: { documentId: id, amount: '10.00' },
      headers: { 'idempotency-key': 'x'.repeat(256) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('idempotency_key_invalid');
  });

  it('answers are kept 24 hours', async () => {
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(
        and(eq(idempotencyKeys.companyId, w.vendor.id), eq(idempotencyKeys.key, 'upload-7001')),
      );
    expect(await deleteExpiredIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'upload-7001'));
    expect(left).toEqual([]);
  });
});
