// Issue 12: the receiver approves, rejects and pays; both sides see the status; roles, sides and
// other companies are refused; bad input is a clear 400 and writes nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, RouteStatus, type DocumentDto } from '@flowline/shared';
import { devMailbox, notifications, payments, realtimeEvents } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { routeOf } from './helpers/document-factories';
import {
  caller,
  historyOf,
  openDocumentWorld,
  sendVendorInvoice,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;
let asPurchaserReadOnly: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  asPurchaserReadOnly = caller(t, w.purchaserReadOnly, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
});
afterAll(() => t.close());

/** A sent AR invoice (total 1,250.00): Sent for the vendor, Received for the purchaser. */
const sentInvoice = () => sendVendorInvoice(t, w);

const statusOf = async (id: number) => ({
  vendor: (await routeOf(t.db, id, w.vendor.id))?.routeStatusId,
  purchaser: (await routeOf(t.db, id, w.purchaser.id))?.routeStatusId,
});

const approve = (id: number, who = asPurchaser) =>
  who({ method: 'POST', url: `/api/documents/${id}/approve` });
const reject = (id: number, reason: unknown, who = asPurchaser) =>
  who({ method: 'POST', url: `/api/documents/${id}/reject`, payload: { reason } });
const pay = (payload: object, who = asPurchaser) =>
  who({ method: 'POST', url: '/api/payment', payload });

describe('Viewed, Approve and Reject', () => {
  it("the receiver's first open makes it Viewed on both sides; the sender's open does not", async () => {
    const id = await sentInvoice();
    await asVendor({ method: 'GET', url: `/api/documents/${id}?setDocAsViewed=true` });
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Sent,
      purchaser: RouteStatus.Received,
    });
    await asPurchaser({ method: 'GET', url: `/api/documents/${id}?setDocAsViewed=true` });
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Viewed,
      purchaser: RouteStatus.Viewed,
    });
  });

  it('approves: both sides Approved, Workflow history, the sender notified and mailed', async () => {
    const id = await sentInvoice();
    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DocumentDto>().routeStatusId).toBe(RouteStatus.Approved);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Approved,
      purchaser: RouteStatus.Approved,
    });
    const history = await historyOf(t.db, id);
    expect(history.at(-1)).toMatchObject({
      operationId: HistoryOperation.Approve,
      companyId: w.purchaser.id,
    });
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.companyId, w.vendor.id), eq(notifications.actionData, String(id))),
      );
    const number = (await routeOf(t.db, id, w.vendor.id))?.listValues.docNumber;
    expect(told.map((n) => n.title)).toContain(`AR Invoice ${number} approved`);
    const mails = (await t.db.select().from(devMailbox).orderBy(devMailbox.id)).filter(
      (m) => m.subject === `AR Invoice ${number} approved`,
    );
    expect(mails.length).toBeGreaterThan(0);
    // Both sides' open screens are told (issue 15, docs/realtime.md).
    const events = await t.db
      .select({ companyId: realtimeEvents.companyId, payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(eq(realtimeEvents.type, 'document'));
    expect(
      events
        .filter((e) => e.payload.documentId === id)
        .map((e) => e.companyId)
        .sort(),
    ).toEqual([w.vendor.id, w.purchaser.id].sort());
    // Approving twice is a 409 naming the status.
    const again = await approve(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A document in status Approved cannot be approved.');
  });

  it('rejects with a required reason that both sides read as the Rejection Reason', async () => {
    const id = await sentInvoice();
    const empty = await reject(id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('A reason is required');
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Sent,
      purchaser: RouteStatus.Received,
    });

    const res = await reject(id, 'PO number missing');
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Rejected,
      purchaser: RouteStatus.Rejected,
    });
    const reason = await asVendor({
      method: 'GET',
      url: `/api/history/document/${id}/rejectionReason`,
    });
    expect(reason.json()).toEqual({ reason: 'PO number missing' });
    // The vendor may now resubmit; the purchaser can no longer approve.
    const vendorView = await asVendor({ method: 'GET', url: `/api/documents/${id}` });
    expect(vendorView.json().availableActions).toMatchObject({ resubmit: true, replaceFile: true });
    expect((await approve(id)).statusCode).toBe(409);
  });

  it('refuses the sender, ReadOnly members, Global users and other companies', async () => {
    const id = await sentInvoice();
    const bySender = await approve(id, asVendor);
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().error.message).toBe('Only the receiving company can do this.');
    expect((await approve(id, asPurchaserReadOnly)).statusCode).toBe(403);
    expect((await reject(id, 'no', asPurchaserReadOnly)).statusCode).toBe(403);
    expect((await approve(id, asStranger)).statusCode).toBe(404);
    expect((await reject(id, 'no', asStranger)).statusCode).toBe(404);
    expect((await approve(999_999)).statusCode).toBe(404);
    expect((await approve(0)).statusCode).toBe(400);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Sent,
      purchaser: RouteStatus.Received,
    });
  });

  it('bulk approves the selection, returning each refusal with its reason', async () => {
    const a = await sentInvoice();
    const b = await sentInvoice();
    await approve(b);
    const res = await asPurchaser({
      method: 'POST',
      url: '/api/documents/approve',
      payload: { documentIds: [a, b, 999_999] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      approved: [a],
      refused: [
        { documentId: b, message: 'A document in status Approved cannot be approved.' },
        { documentId: 999_999 },
      ],
      message: '1 approved, 2 could not be approved',
    });
    expect(
      (
        await asPurchaser({
          method: 'POST',
          url: '/api/documents/approve',
          payload: { documentIds: [] },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('payments', () => {
  it('refuses a payment before approval, then sums payments to Paid and a cancellation back', async () => {
    const id = await sentInvoice();
    const early = await pay({ documentId: id, amount: '100.00' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Payments can be recorded only for an approved invoice.',
    );
    await approve(id);

    const part = await pay({
      documentId: id,
      amount: '1,000.00',
      checkNumber: '5521',
      transactionDate: '2026-02-01',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ paidAmount: 1000, total: 1250 });
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Approved,
      purchaser: RouteStatus.Approved,
    });

    const rest = await pay({ documentId: id, amount: 250, paymentId: 'ACH-77' });
    expect(rest.json().paidAmount).toBe(1250);
    expect(await statusOf(id)).toEqual({ vendor: RouteStatus.Paid, purchaser: RouteStatus.Paid });
    // The sender sees the remittance.
    const seen = await asVendor({ method: 'GET', url: `/api/payment?documentId=${id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().items.map((p: { amount: number }) => p.amount)).toEqual([1000, 250]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.companyId, w.vendor.id), eq(notifications.actionData, String(id))),
      );
    const number = (await routeOf(t.db, id, w.vendor.id))?.listValues.docNumber;
    expect(told.map((n) => n.title)).toContain(`AR Invoice ${number} paid`);

    const tooMuch = await pay({ documentId: id, amount: 5000, isCancellation: true });
    expect(tooMuch.statusCode).toBe(409);
    const cancel = await pay({ documentId: id, amount: 250, isCancellation: true });
    expect(cancel.json().paidAmount).toBe(1000);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Approved,
      purchaser: RouteStatus.Approved,
    });
    const ops = (await historyOf(t.db, id)).map((h) => h.operationId);
    expect(ops.filter((o) => o === HistoryOperation.Pay)).toHaveLength(2);
    expect(ops).toContain(HistoryOperation.PaymentCancelled);
  });

  it('answers bad amounts with the spec messages and writes nothing', async () => {
    const id = await sentInvoice();
    await approve(id);
    const before = (await t.db.select().from(payments).where(eq(payments.documentId, id))).length;
    for (const [amount, message] of [
      ['', 'Amount is required'],
      [undefined, 'Amount is required'],
      ['abc', 'Amount must be numeric'],
      [-5, 'Amount must be numeric'],
      ['1.234', 'Amount must be numeric'],
    ] as const) {
      const res = await pay({ documentId: id, amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(
      (await pay({ documentId: id, amount: 5, transactionDate: '2026-13-45' })).statusCode,
    ).toBe(400);
    expect((await t.db.select().from(payments).where(eq(payments.documentId, id))).length).toBe(
      before,
    );
  });

  it('refuses the sender, ReadOnly members and other companies', async () => {
    const id = await sentInvoice();
    await approve(id);
    expect((await pay({ documentId: id, amount: 5 }, asVendor)).statusCode).toBe(403);
    expect((await pay({ documentId: id, amount: 5 }, asPurchaserReadOnly)).statusCode).toBe(403);
    expect((await pay({ documentId: id, amount: 5 }, asStranger)).statusCode).toBe(404);
    expect(
      (await asStranger({ method: 'GET', url: `/api/payment?documentId=${id}` })).statusCode,
    ).toBe(404);
    expect(
      (await asPurchaser({ method: 'GET', url: '/api/payment?documentId=abc' })).statusCode,
    ).toBe(400);
  });
});
