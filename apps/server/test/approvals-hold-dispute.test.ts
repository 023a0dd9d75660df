// Issue 29 item 2: Put on hold (internal to the receiver) and Dispute (shared with a comment);
// Release hold, resolving a dispute by approve / reject / resubmit; roles, states and other
// companies refused; bad input is a clear 400 that writes nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, RouteStatus, type DocumentDto } from '@flowline/shared';
import { notifications } from '../src/db/schema/index';
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

const sentInvoice = () => sendVendorInvoice(t, w);

const statusOf = async (id: number) => ({
  vendor: (await routeOf(t.db, id, w.vendor.id))?.routeStatusId,
  purchaser: (await routeOf(t.db, id, w.purchaser.id))?.routeStatusId,
});

const post = (url: string, payload?: object, who = asPurchaser) =>
  who({ method: 'POST', url, ...(payload ? { payload } : {}) });
const hold = (id: number, payload: object = {}, who = asPurchaser) =>
  post(`/api/documents/${id}/hold`, payload, who);
const release = (id: number, who = asPurchaser) =>
  post(`/api/documents/${id}/releasehold`, undefined, who);
const dispute = (id: number, comment: unknown, who = asPurchaser) =>
  post(`/api/documents/${id}/dispute`, { comment }, who);

const historyOps = async (id: number, who: ReturnType<typeof caller>) =>
  (await who({ method: 'GET', url: `/api/history/document/${id}` })).json<
    { operation: { id: number }; newValue: string | null }[]
  >();

describe('Put on hold', () => {
  it('holds on the receiver only: the vendor still sees Sent and no hold in its history', async () => {
    const id = await sentInvoice();
    const res = await hold(id, { comment: 'Waiting for the field ticket' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json<DocumentDto>();
    expect(doc.routeStatusId).toBe(RouteStatus.OnHold);
    expect(doc.workflowActions).toMatchObject({
      approve: false,
      hold: false,
      releaseHold: true,
      dispute: true,
      reject: true,
    });
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Sent,
      purchaser: RouteStatus.OnHold,
    });
    // The vendor's screen and history know nothing of it.
    const vendorDoc = await asVendor({ method: 'GET', url: `/api/documents/${id}` });
    expect(vendorDoc.json<DocumentDto>().routeStatusId).toBe(RouteStatus.Sent);
    const vendorHistory = await historyOps(id, asVendor);
    expect(vendorHistory.map((h) => h.operation.id)).not.toContain(HistoryOperation.PutOnHold);
    const ownHistory = await historyOps(id, asPurchaser);
    expect(ownHistory.find((h) => h.operation.id === HistoryOperation.PutOnHold)?.newValue).toBe(
      'Waiting for the field ticket',
    );
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.companyId, w.vendor.id), eq(notifications.actionData, String(id))),
      );
    expect(told.map((n) => n.title).join()).not.toMatch(/hold/i);

    // A held invoice is not approved until released.
    const approve = await post(`/api/documents/${id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.message).toBe('A document in status On hold cannot be approved.');
    const again = await hold(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A document in status On hold cannot be put on hold.');
  });

  it('release goes back to what the vendor still sees (Received, or Viewed once opened)', async () => {
    const id = await sentInvoice();
    expect((await hold(id)).statusCode).toBe(200);
    const res = await release(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Sent,
      purchaser: RouteStatus.Received,
    });
    const notHeld = await release(id);
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().error.message).toBe('This invoice is not on hold.');

    await asPurchaser({ method: 'GET', url: `/api/documents/${id}?setDocAsViewed=true` });
    expect((await hold(id)).statusCode).toBe(200);
    expect((await release(id)).statusCode).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Viewed,
      purchaser: RouteStatus.Viewed,
    });
    const ops = (await historyOf(t.db, id)).map((h) => h.operationId);
    expect(ops).toContain(HistoryOperation.ReleaseHold);
    // Approve works again after the release.
    expect((await post(`/api/documents/${id}/approve`)).statusCode).toBe(200);
  });

  it('refuses the sender, a read-only member, another company and a long comment', async () => {
    const id = await sentInvoice();
    const vendor = await hold(id, {}, asVendor);
    expect(vendor.statusCode).toBe(403);
    expect((await hold(id, {}, asPurchaserReadOnly)).statusCode).toBe(403);
    expect((await hold(id, {}, asStranger)).statusCode).toBe(404);
    expect((await release(id, asStranger)).statusCode).toBe(404);
    const long = await hold(id, { comment: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('The comment can be at most 2000 characters');
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Sent,
      purchaser: RouteStatus.Received,
    });
  });

  it('bulk hold: each invoice on its own, refusals with their reason', async () => {
    const a = await sentInvoice();
    const b = await sentInvoice();
    expect((await post(`/api/documents/${b}/approve`)).statusCode).toBe(200);
    const res = await post('/api/documents/hold', { documentIds: [a, b, 999_999] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      held: number[];
      refused: { documentId: number; message: string }[];
      message: string;
    }>();
    expect(body.held).toEqual([a]);
    expect(body.refused.map((r) => r.documentId)).toEqual([b, 999_999]);
    expect(body.refused[0]?.message).toBe('A document in status Approved cannot be put on hold.');
    expect(body.message).toBe('1 put on hold, 2 could not be put on hold');
    const empty = await post('/api/documents/hold', { documentIds: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('Dispute', () => {
  it('is shared: the vendor sees Disputed with the comment, is notified, and may resubmit', async () => {
    const id = await sentInvoice();
    const missing = await dispute(id, '  ');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('A comment is required');
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Sent,
      purchaser: RouteStatus.Received,
    });

    const res = await dispute(id, 'The day rate is $1,100, not $1,250');
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Disputed,
      purchaser: RouteStatus.Disputed,
    });
    const vendorDoc = (
      await asVendor({ method: 'GET', url: `/api/documents/${id}` })
    ).json<DocumentDto>();
    expect(vendorDoc.routeStatusId).toBe(RouteStatus.Disputed);
    expect(vendorDoc.availableActions.resubmit).toBe(true);
    const comment = await asVendor({
      method: 'GET',
      url: `/api/history/document/${id}/disputeComment`,
    });
    expect(comment.json()).toEqual({ reason: 'The day rate is $1,100, not $1,250' });
    const vendorHistory = await historyOps(id, asVendor);
    expect(vendorHistory.find((h) => h.operation.id === HistoryOperation.Dispute)?.newValue).toBe(
      'The day rate is $1,100, not $1,250',
    );
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.companyId, w.vendor.id), eq(notifications.actionData, String(id))),
      );
    expect(told.some((n) => / disputed$/.test(n.title))).toBe(true);
    const stranger = await asStranger({
      method: 'GET',
      url: `/api/history/document/${id}/disputeComment`,
    });
    expect(stranger.statusCode).toBe(404);

    const twice = await dispute(id, 'again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('A document in status Disputed cannot be disputed.');
  });

  it('a held invoice can be disputed; approving a disputed one resolves it', async () => {
    const id = await sentInvoice();
    expect((await hold(id)).statusCode).toBe(200);
    expect((await dispute(id, 'Missing field ticket')).statusCode).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Disputed,
      purchaser: RouteStatus.Disputed,
    });
    const res = await post(`/api/documents/${id}/approve`, { comment: 'Ticket received' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Approved,
      purchaser: RouteStatus.Approved,
    });
  });

  it('a disputed invoice can be rejected', async () => {
    const id = await sentInvoice();
    expect((await dispute(id, 'Wrong well')).statusCode).toBe(200);
    const res = await post(`/api/documents/${id}/reject`, { reason: 'Billed to the wrong well' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Rejected,
      purchaser: RouteStatus.Rejected,
    });
  });

  it('refuses the sender, a read-only member, another company and a wrong state', async () => {
    const id = await sentInvoice();
    expect((await dispute(id, 'x', asVendor)).statusCode).toBe(403);
    expect((await dispute(id, 'x', asPurchaserReadOnly)).statusCode).toBe(403);
    expect((await dispute(id, 'x', asStranger)).statusCode).toBe(404);
    expect((await post(`/api/documents/${id}/approve`)).statusCode).toBe(200);
    const approved = await dispute(id, 'too late');
    expect(approved.statusCode).toBe(409);
    expect(approved.json().error.message).toBe('A document in status Approved cannot be disputed.');
  });
});
