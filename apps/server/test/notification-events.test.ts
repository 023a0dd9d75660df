// Issue 15 item 3: every event that matters notifies the right company's members and mails those
// who want mail (docs/notifications.md); several mails for one user within the digest window are
// one digest.
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreferenceKey, Role } from '@flowline/shared';
import {
  devMailbox,
  notificationMails,
  notifications,
  userPreferences,
} from '../src/db/schema/index';
import { Queue } from '../src/platform/jobs/types';
import type { TestApp } from './helpers/app';
import { buildOrgUnit, buildParty } from './helpers/ach-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
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

async function lastMailId(app: TestApp) {
  const [row] = await app.db
    .select({ id: devMailbox.id })
    .from(devMailbox)
    .orderBy(desc(devMailbox.id))
    .limit(1);
  return row?.id ?? 0;
}

async function mailsSince(app: TestApp, id: number, email: string) {
  const rows = await app.db.select().from(devMailbox).where(gt(devMailbox.id, id));
  return rows.filter((r) => r.to.some((to) => to.toLowerCase() === email.toLowerCase()));
}

async function toldAbout(companyId: number, documentId: number, title: RegExp) {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.companyId, companyId), eq(notifications.actionData, String(documentId))),
    );
  return rows.filter((n) => title.test(n.title));
}

describe('document events', () => {
  it("received: the receiver's members are notified, mailed unless they opted out", async () => {
    const before = await lastMailId(t);
    const id = await sendVendorInvoice(t, w);
    const told = await toldAbout(w.purchaser.id, id, /^New /);
    expect(told.map((n) => n.userId).sort()).toEqual(
      [w.purchaserUser.id, w.purchaserQuiet.id, w.purchaserReadOnly.id].sort(),
    );
    expect(await mailsSince(t, before, w.purchaserUser.emailAddress)).toHaveLength(1);
    expect(await mailsSince(t, before, w.purchaserQuiet.emailAddress)).toHaveLength(0);
    expect(await mailsSince(t, before, w.strangerUser.emailAddress)).toHaveLength(0);
    expect(await toldAbout(w.stranger.id, id, /./)).toHaveLength(0);
  });

  it("viewed: the receiver's first open tells the sender's members, once", async () => {
    const id = await sendVendorInvoice(t, w);
    const before = await lastMailId(t);
    await asPurchaser({ method: 'GET', url: `/api/documents/${id}?setDocAsViewed=true` });
    await asPurchaser({ method: 'GET', url: `/api/documents/${id}?setDocAsViewed=true` });
    const told = await toldAbout(w.vendor.id, id, / viewed$/);
    expect(told.filter((n) => n.userId === w.user.id)).toHaveLength(1);
    expect(told[0]?.message).toMatch(/^Purchaser Co viewed AR Invoice /);
    const mails = await mailsSince(t, before, w.user.emailAddress);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/viewed$/);
    expect(mails[0]?.text).toContain('/profile/unsubscribe');
    expect(await mailsSince(t, before, w.purchaserUser.emailAddress)).toHaveLength(0);
    expect(await toldAbout(w.stranger.id, id, /./)).toHaveLength(0);
  });

  it("resubmitted: the receiver's members are told, mailed unless they opted out", async () => {
    const id = await sendVendorInvoice(t, w);
    const rejected = await asPurchaser({
      method: 'POST',
      url: `/api/documents/${id}/reject`,
      payload: { reason: 'Wrong amount' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const before = await lastMailId(t);
    const res = await asVendor({ method: 'POST', url: `/api/documents/${id}/resubmit` });
    expect(res.statusCode, res.body).toBe(200);
    // Issue 27 item 5: the news comes with the new version, and opens it.
    const nextId = res.json().id as number;
    expect(await toldAbout(w.purchaser.id, id, / resubmitted$/)).toHaveLength(0);
    const told = await toldAbout(w.purchaser.id, nextId, / resubmitted$/);
    expect(told.map((n) => n.userId).sort()).toEqual(
      [w.purchaserUser.id, w.purchaserQuiet.id, w.purchaserReadOnly.id].sort(),
    );
    const mails = await mailsSince(t, before, w.purchaserUser.emailAddress);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/resubmitted$/)]);
    expect(mails[0]?.text).toContain(`/documents/${nextId}`);
    expect(await mailsSince(t, before, w.purchaserQuiet.emailAddress)).toHaveLength(0);
    expect(await toldAbout(w.stranger.id, id, /./)).toHaveLength(0);
  });
});

describe('connection events', () => {
  const as = (user: UserRow, company: CompanyRow) => caller(t, user, company);
  const newest = async (userId: number, companyId: number) => {
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.companyId, companyId)))
      .orderBy(desc(notifications.id))
      .limit(1);
    return rows[0];
  };

  async function twoCompanies(name: string) {
    const a = await buildCompany(t.db, { name: `${name} A` });
    const b = await buildCompany(t.db, { name: `${name} B` });
    const aAdmin = await buildMember(t.db, a, [Role.Administrator]);
    const aQuiet = await buildMember(t.db, a, [Role.Administrator]);
    await t.db
      .insert(userPreferences)
      .values({ userId: aQuiet.id, key: PreferenceKey.receiveEmails, value: 'false' });
    const bAdmin = await buildMember(t.db, b, [Role.Administrator]);
    const bProfile = await buildOrgUnit(t.db, b, { name: 'Main' });
    const party = await buildParty(t.db, a, [], { suggestedCompanyId: b.id, name: `${name} B` });
    return { a, b, aAdmin, aQuiet, bAdmin, bProfile, party };
  }

  async function requestConnection(c: Awaited<ReturnType<typeof twoCompanies>>) {
    const res = await as(c.aAdmin, c.a)({ method: 'PUT', url: `/api/party/${c.party.id}/connect` });
    expect(res.statusCode, res.body).toBe(204);
    const pending = await as(c.bAdmin, c.b)({ method: 'GET', url: '/api/invitation/pending' });
    const request = pending
      .json<{ id: number; kind: string }[]>()
      .find((i) => i.kind === 'connectionRequest');
    if (!request) throw new Error('no connection request');
    return request.id;
  }

  it('requested, connected, disconnected: each told and mailed to the right Administrators', async () => {
    const c = await twoCompanies('Events');
    let before = await lastMailId(t);
    const requestId = await requestConnection(c);
    expect(await newest(c.bAdmin.id, c.b.id)).toMatchObject({ title: 'Received invitation' });
    expect(await mailsSince(t, before, c.bAdmin.emailAddress)).toHaveLength(1);

    before = await lastMailId(t);
    const accepted = await as(
      c.bAdmin,
      c.b,
    )({
      method: 'POST',
      url: '/api/invitation/accept',
      payload: { invitationId: requestId, orgUnitId: c.bProfile.id },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (const admin of [c.aAdmin, c.aQuiet])
      expect(await newest(admin.id, c.a.id)).toMatchObject({ title: 'Invitation accepted' });
    const connected = await mailsSince(t, before, c.aAdmin.emailAddress);
    expect(connected.map((m) => m.subject)).toEqual(['Invitation accepted']);
    expect(connected[0]?.text).toContain('/profile/unsubscribe');
    expect(await mailsSince(t, before, c.aQuiet.emailAddress)).toHaveLength(0);

    before = await lastMailId(t);
    const off = await as(
      c.aAdmin,
      c.a,
    )({
      method: 'POST',
      url: `/api/party/${c.party.id}/disconnect?deleteRelationshipAndNotifyConnections=true`,
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await newest(c.bAdmin.id, c.b.id)).toMatchObject({ title: 'Connection removed' });
    const removed = await mailsSince(t, before, c.bAdmin.emailAddress);
    expect(removed.map((m) => m.subject)).toEqual(['Connection removed']);
    // Nobody else hears of it.
    expect(await mailsSince(t, before, w.strangerUser.emailAddress)).toHaveLength(0);
    expect(await mailsSince(t, before, c.aAdmin.emailAddress)).toHaveLength(0);
  });

  it('rejected: the requesting Administrators are told and mailed', async () => {
    const c = await twoCompanies('Declined');
    const requestId = await requestConnection(c);
    const before = await lastMailId(t);
    const res = await as(
      c.bAdmin,
      c.b,
    )({
      method: 'POST',
      url: `/api/invitation/reject/${requestId}`,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await newest(c.aAdmin.id, c.a.id)).toMatchObject({ title: 'Invitation rejected' });
    expect(await mailsSince(t, before, c.aAdmin.emailAddress)).toHaveLength(1);
    expect(await mailsSince(t, before, c.aQuiet.emailAddress)).toHaveLength(0);
  });
});

describe('digest', () => {
  let d: Awaited<ReturnType<typeof openDocumentWorld>>;
  beforeAll(async () => {
    d = await openDocumentWorld({ NOTIFICATION_MAIL_DELAY_SECONDS: '60' });
  });
  afterAll(() => d.t.close());

  it('20 documents sent together: one digest mail to each receiver who wants mail', async () => {
    const before = await lastMailId(d.t);
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await sendVendorInvoice(d.t, d.w));
    // Within the window nothing is mailed yet; the notifications are there at once.
    expect(await mailsSince(d.t, before, d.w.purchaserUser.emailAddress)).toHaveLength(0);
    const told = await d.t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, d.w.purchaserUser.id));
    expect(told.filter((n) => /^New /.test(n.title))).toHaveLength(20);

    await d.t.app.jobs.drain(Queue.notificationMail, { includeDelayed: true });
    await d.t.app.jobs.drain(Queue.mail);

    for (const user of [d.w.purchaserUser, d.w.purchaserReadOnly]) {
      const mails = await mailsSince(d.t, before, user.emailAddress);
      expect(mails.map((m) => m.subject)).toEqual(['20 new notifications']);
      for (const id of ids) expect(mails[0]?.html).toContain(`/documents/${id}"`);
      expect(mails[0]?.text).toContain('/profile/unsubscribe');
    }
    expect(await mailsSince(d.t, before, d.w.purchaserQuiet.emailAddress)).toHaveLength(0);
    // Another company's members get nothing of it.
    expect(await mailsSince(d.t, before, d.w.strangerUser.emailAddress)).toHaveLength(0);
    expect(
      await d.t.db.select().from(notifications).where(eq(notifications.companyId, d.w.stranger.id)),
    ).toHaveLength(0);
    // Everything waiting was mailed.
    expect(await d.t.db.select().from(notificationMails)).toHaveLength(0);
  });

  it('lists each event with its details: the rejection reason, the payment amount, date and check no.', async () => {
    const asBuyer = caller(d.t, d.w.purchaserUser, d.w.purchaser);
    const [rejected, paid] = [await sendVendorInvoice(d.t, d.w), await sendVendorInvoice(d.t, d.w)];
    await d.t.app.jobs.drain(Queue.notificationMail, { includeDelayed: true });
    await d.t.app.jobs.drain(Queue.mail);
    const before = await lastMailId(d.t);
    const moves = [
      await asBuyer({
        method: 'POST',
        url: `/api/documents/${rejected}/reject`,
        payload: { reason: 'Rate is not <the contract> rate' },
      }),
      await asBuyer({ method: 'POST', url: `/api/documents/${paid}/approve` }),
      await asBuyer({
        method: 'POST',
        url: '/api/payment',
        payload: {
          documentId: paid,
          amount: '1,000.00',
          checkNumber: '5521',
          transactionDate: '2027-03-05',
        },
      }),
    ];
    for (const res of moves) expect(res.statusCode, res.body).toBeLessThan(300);
    await d.t.app.jobs.drain(Queue.notificationMail, { includeDelayed: true });
    await d.t.app.jobs.drain(Queue.mail);

    const mails = await mailsSince(d.t, before, d.w.user.emailAddress);
    expect(mails.map((m) => m.subject)).toEqual(['3 new notifications']);
    const { text, html } = mails[0]!;
    expect(text).toContain('Purchaser Co rejected AR Invoice');
    expect(text).toContain('Rejection Reason: Rate is not <the contract> rate');
    expect(text).toContain('Purchaser Co recorded a payment of $1,000.00 on AR Invoice');
    expect(text).toContain('Amount: $1,000.00');
    expect(text).toContain('Date: March 5, 2027');
    expect(text).toContain('Check number: 5521');
    expect(html).toContain('Rate is not &#60;the contract&#62; rate');
    expect(html).toContain('$1,000.00');
    expect(html).toContain('March 5, 2027');
    expect(html).toContain('5521');
    expect(html).toContain(`/documents/${rejected}"`);
    expect(html).toContain(`/documents/${paid}"`);
  });

  it('a single event in the window goes out as its own mail, not a digest', async () => {
    const before = await lastMailId(d.t);
    await sendVendorInvoice(d.t, d.w);
    await d.t.app.jobs.drain(Queue.notificationMail, { includeDelayed: true });
    await d.t.app.jobs.drain(Queue.mail);
    const mails = await mailsSince(d.t, before, d.w.purchaserUser.emailAddress);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).not.toMatch(/new notifications/);
  });
});
