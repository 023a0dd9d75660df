// Issue 29 item 3 (docs/approvals.md): 'My approvals' (the Inbox filtered to what waits for the
// caller, with its count), 'Out of office' delegations, and reminders and escalation from the
// job engine with a controllable clock — on the real server and database.
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, Role, type ApprovalDelegation, type Inbox } from '@flowline/shared';
import { documentApprovalChains, documentHistory } from '../src/db/schema/index';
import { sendApprovalReminders } from '../src/modules/approvals/reminders';
import type { MailMessage, Mailer } from '../src/platform/mail/mailer';
import type { TestApp } from './helpers/app';
import { buildDocument } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';
import { buildMember, type UserRow } from './helpers/factories';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let ana: UserRow;
let ben: UserRow;
let dana: UserRow;
let reader: UserRow;
const as = (user: UserRow) => caller(t, user, w.purchaser);
const DAY = 86_400_000;

class RecordingMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  ana = await buildMember(t.db, w.purchaser, [Role.User], { firstName: 'Ana', lastName: 'Clerk' });
  ben = await buildMember(t.db, w.purchaser, [Role.User], {
    firstName: 'Ben',
    lastName: 'Manager',
  });
  dana = await buildMember(t.db, w.purchaser, [Role.Administrator], {
    firstName: 'Dana',
    lastName: 'Controller',
  });
  reader = await buildMember(t.db, w.purchaser, [Role.ReadOnly]);
  // Ana approves first; above $5,000 Ben approves next.
  const policy = await as(dana)({
    method: 'POST',
    url: '/api/approvalpolicies',
    payload: {
      name: 'Two steps',
      isDefault: true,
      steps: [{ approverUserIds: [ana.id] }, { above: '5000', approverUserIds: [ben.id] }],
    },
  });
  expect(policy.statusCode, policy.body).toBe(201);
});
afterAll(() => t.close());

async function sendInvoice(total: string): Promise<number> {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice, docTotal: total },
    receivingPartyId: w.toPurchaser.id,
  });
  const res = await asVendor({
    method: 'PUT',
    url: `/api/documents/${doc.id}/publish`,
    payload: { metadata: [] },
  });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.body}`);
  return doc.id;
}

const myApprovals = async (user: UserRow) => {
  const res = await as(user)({ method: 'GET', url: '/api/documentroute/inbox?waitingForMe=true' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Inbox>().items.map((i) => i.id);
};
const myCount = async (user: UserRow) => {
  const res = await as(user)({ method: 'GET', url: '/api/documentroute/inbox/myApprovalsCount' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
};
const approve = (id: number, user: UserRow) =>
  as(user)({ method: 'POST', url: `/api/documents/${id}/approve`, payload: {} });

describe('My approvals', () => {
  it('lists each invoice for the approver of its waiting step only, and moves it on approval', async () => {
    const big = await sendInvoice('9000.00');
    const small = await sendInvoice('100.00');
    expect(await myApprovals(ana)).toEqual(expect.arrayContaining([big, small]));
    expect(await myApprovals(ben)).not.toContain(big);
    const anaBefore = await myCount(ana);
    const benBefore = await myCount(ben);

    expect((await approve(big, ana)).statusCode).toBe(200);
    expect(await myApprovals(ana)).not.toContain(big);
    expect(await myApprovals(ben)).toContain(big);
    expect(await myCount(ana)).toBe(anaBefore - 1);
    expect(await myCount(ben)).toBe(benBefore + 1);

    expect((await approve(big, ben)).statusCode).toBe(200);
    expect(await myApprovals(ben)).not.toContain(big);
    // The plain Inbox still holds every received document.
    const inbox = await as(ben)({ method: 'GET', url: '/api/documentroute/inbox?pageSize=100' });
    expect(inbox.json<Inbox>().items.map((i) => i.id)).toEqual(
      expect.arrayContaining([big, small]),
    );
  });

  it('is empty for ReadOnly members and other companies; bad input is a clear 400', async () => {
    await sendInvoice('200.00');
    expect(await myApprovals(reader)).toEqual([]);
    expect(await myCount(reader)).toBe(0);
    const stranger = await caller(
      t,
      w.strangerUser,
      w.stranger,
    )({ method: 'GET', url: '/api/documentroute/inbox?waitingForMe=true' });
    expect(stranger.json<Inbox>().items).toEqual([]);
    const bad = await as(ana)({
      method: 'GET',
      url: '/api/documentroute/inbox?waitingForMe=maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("Use 'true' or 'false'");
  });
});

describe('Out of office', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

  it("lets the delegate approve the delegator's step, says so in the chain and history", async () => {
    const id = await sendInvoice('300.00');
    expect(await myApprovals(ben)).not.toContain(id);
    expect((await approve(id, ben)).statusCode).toBe(403);

    const created = await as(ana)({
      method: 'POST',
      url: '/api/approvals/delegations',
      payload: { toUserId: ben.id, startsOn: today(), endsOn: inDays(3) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const delegation = created.json<ApprovalDelegation>();
    expect(delegation).toMatchObject({
      fromUserName: 'Ana Clerk',
      toUserName: 'Ben Manager',
      isActive: true,
    });
    expect(await myApprovals(ben)).toContain(id);

    const res = await approve(id, ben);
    expect(res.statusCode, res.body).toBe(200);
    const chain = await as(ben)({ method: 'GET', url: `/api/documents/${id}/approvals` });
    expect(chain.json().steps[0].approval).toMatchObject({
      userName: 'Ben Manager',
      onBehalfOf: 'Ana Clerk',
    });
    const history = await t.db
      .select()
      .from(documentHistory)
      .where(
        and(
          eq(documentHistory.documentId, id),
          eq(documentHistory.operationId, HistoryOperation.Approve),
        ),
      );
    expect(history).toHaveLength(1);

    // Both see it; Ana ends it; afterwards Ben no longer approves for her.
    const list = await as(ben)({ method: 'GET', url: '/api/approvals/delegations' });
    expect(list.json().items.map((d: ApprovalDelegation) => d.id)).toContain(delegation.id);
    const other = await sendInvoice('310.00');
    const gone = await as(ana)({
      method: 'DELETE',
      url: `/api/approvals/delegations/${delegation.id}`,
    });
    expect(gone.statusCode).toBe(204);
    expect(await myApprovals(ben)).not.toContain(other);
    expect((await approve(other, ben)).statusCode).toBe(403);
  });

  it('one person never approves two steps of a chain, as themselves or for another', async () => {
    const id = await sendInvoice('7000.00');
    // Ben delegates to Ana, who approves step 1 herself: step 2 (Ben's) is refused to her.
    const created = await as(ben)({
      method: 'POST',
      url: '/api/approvals/delegations',
      payload: { toUserId: ana.id, startsOn: today(), endsOn: today() },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await approve(id, ana)).statusCode).toBe(200);
    expect(await myApprovals(ana)).not.toContain(id);
    const second = await approve(id, ana);
    expect(second.statusCode).toBe(403);
    expect(second.json().error.message).toContain('You already approved step 1 of 2');
    await as(ben)({
      method: 'DELETE',
      url: `/api/approvals/delegations/${created.json<ApprovalDelegation>().id}`,
    });
  });

  it('offers the people who may approve as delegates, to every member', async () => {
    const res = await as(reader)({ method: 'GET', url: '/api/approvals/delegates' });
    expect(res.statusCode).toBe(200);
    const names = res.json<{ items: { name: string }[] }>().items.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['Ana Clerk', 'Ben Manager', 'Dana Controller']));
    expect(names).not.toContain(`${reader.firstName} ${reader.lastName}`);
  });

  it('refuses bad delegations with clear messages and writes nothing', async () => {
    const post = (user: UserRow, payload: object) =>
      as(user)({ method: 'POST', url: '/api/approvals/delegations', payload });
    const cases: [UserRow, object, number, string][] = [
      [ana, { toUserId: ana.id, startsOn: today(), endsOn: today() }, 400, 'to yourself'],
      [ana, { toUserId: reader.id, startsOn: today(), endsOn: today() }, 400, 'who may approve'],
      [
        ana,
        { toUserId: w.strangerUser.id, startsOn: today(), endsOn: today() },
        404,
        'User not found',
      ],
      [
        ana,
        { toUserId: ben.id, startsOn: inDays(2), endsOn: inDays(1) },
        400,
        'before the first day',
      ],
      [ana, { toUserId: ben.id, startsOn: inDays(-5), endsOn: inDays(-1) }, 400, 'in the past'],
      [ana, { toUserId: ben.id, startsOn: 'soon', endsOn: today() }, 400, 'Enter a date'],
      [
        ana,
        { toUserId: ben.id, startsOn: '2099-02-30', endsOn: '2099-02-30' },
        400,
        'Enter a real date',
      ],
      [
        ana,
        { fromUserId: ben.id, toUserId: dana.id, startsOn: today(), endsOn: today() },
        403,
        'Only Administrators',
      ],
      [reader, { toUserId: ben.id, startsOn: today(), endsOn: today() }, 403, 'read-only'],
    ];
    for (const [user, payload, status, message] of cases) {
      const res = await post(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.message).toContain(message);
    }
    const ok = await post(ana, { toUserId: ben.id, startsOn: inDays(10), endsOn: inDays(12) });
    expect(ok.statusCode).toBe(201);
    const overlap = await post(ana, {
      toUserId: dana.id,
      startsOn: inDays(12),
      endsOn: inDays(14),
    });
    expect(overlap.statusCode).toBe(409);
    // An Administrator sets it for another user, sees every member's, ends any.
    const forBen = await post(dana, {
      fromUserId: ben.id,
      toUserId: ana.id,
      startsOn: inDays(20),
      endsOn: inDays(21),
    });
    expect(forBen.statusCode, forBen.body).toBe(201);
    const all = await as(dana)({ method: 'GET', url: '/api/approvals/delegations' });
    expect(all.json().items.length).toBeGreaterThanOrEqual(2);
    // Another company's delegation is not found, for reading or ending.
    const strangerDelete = await caller(
      t,
      w.strangerUser,
      w.stranger,
    )({ method: 'DELETE', url: `/api/approvals/delegations/${ok.json().id}` });
    expect(strangerDelete.statusCode).toBe(404);
    const strangerList = await caller(
      t,
      w.strangerUser,
      w.stranger,
    )({ method: 'GET', url: '/api/approvals/delegations' });
    expect(strangerList.json().items).toEqual([]);
    // A user not concerned cannot end someone else's (as if it did not exist).
    const notMine = await as(reader)({
      method: 'DELETE',
      url: `/api/approvals/delegations/${ok.json().id}`,
    });
    expect(notMine.statusCode).toBe(403);
  });
});

describe('reminders and escalation', () => {
  const settings = (user: UserRow, payload?: object) =>
    as(user)({
      method: payload === undefined ? 'GET' : 'PUT',
      url: '/api/approvals/settings',
      ...(payload === undefined ? {} : { payload }),
    });

  it('only Administrators read and set them; bad values are refused', async () => {
    expect((await settings(dana)).json()).toEqual({
      remindAfterDays: null,
      escalateAfterDays: null,
    });
    expect((await settings(ana, { remindAfterDays: 2, escalateAfterDays: 5 })).statusCode).toBe(
      403,
    );
    expect((await settings(ana)).statusCode).toBe(403);
    for (const bad of [
      { remindAfterDays: 0, escalateAfterDays: null },
      { remindAfterDays: 61, escalateAfterDays: null },
      { remindAfterDays: 5, escalateAfterDays: 3 },
      { remindAfterDays: 'x', escalateAfterDays: null },
    ]) {
      expect((await settings(dana, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const bad = await settings(dana, { remindAfterDays: 5, escalateAfterDays: 3 });
    expect(bad.json().error.message).toContain('Escalate after more days than the reminder');
    expect((await settings(dana)).json()).toEqual({
      remindAfterDays: null,
      escalateAfterDays: null,
    });
  });

  it('remind once after N business days, escalate to the Administrators after M, never twice', async () => {
    const ok = await settings(dana, { remindAfterDays: 2, escalateAfterDays: 4 });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = await sendInvoice('400.00');
    // The earlier tests' invoices are out of this one's way (already reminded and escalated).
    await t.db
      .update(documentApprovalChains)
      .set({ remindedAt: new Date(), escalatedAt: new Date() })
      .where(ne(documentApprovalChains.documentId, id));
    const mailer = new RecordingMailer();
    const deps = {
      mailer,
      config: { publicUrl: 'https://flowline.test' },
      log: { error: () => {} },
    };
    const ours = (m: MailMessage) => m.subject.includes('waits');
    // A Monday start keeps the arithmetic of business days plain: move the wait there.
    const monday = new Date('2026-11-30T09:00:00Z');
    await t.db
      .update(documentApprovalChains)
      .set({ waitingSince: monday })
      .where(eq(documentApprovalChains.documentId, id));
    const at = (days: number) => new Date(monday.getTime() + days * DAY + 3_600_000);

    // Monday + 1 day: not due. Wednesday (2 business days): one reminder, to Ana.
    await sendApprovalReminders(t.db, deps, at(1));
    expect(mailer.sent.filter(ours)).toHaveLength(0);
    expect(await sendApprovalReminders(t.db, deps, at(2))).toEqual({ reminded: 1, escalated: 0 });
    const reminders = mailer.sent.filter(ours);
    expect(reminders.map((m) => m.to[0])).toContain(ana.emailAddress);
    expect(reminders.map((m) => m.to[0])).not.toContain(ben.emailAddress);
    // The reminder is the 'waiting for your approval' mail, with its buttons (item 4).
    expect(reminders[0]!.text).toContain(`/documents/${id}?action=approve`);
    // Run again (another worker, or after a restart): nothing twice.
    const count = mailer.sent.length;
    expect(await sendApprovalReminders(t.db, deps, at(2))).toEqual({ reminded: 0, escalated: 0 });
    // Saturday and Sunday do not count: Friday is 4 business days → escalated.
    expect((await sendApprovalReminders(t.db, deps, at(3))).escalated).toBe(0);
    const escalated = await sendApprovalReminders(t.db, deps, at(4));
    expect(escalated.escalated).toBe(1);
    const escalationMails = mailer.sent
      .slice(count)
      .filter((m) => m.subject.startsWith('Escalated'));
    expect(escalationMails.map((m) => m.to[0])).toContain(dana.emailAddress);
    expect(await sendApprovalReminders(t.db, deps, at(9))).toEqual({ reminded: 0, escalated: 0 });

    // Dana (an Administrator, not a step approver before) may now approve the step.
    const chain = await as(dana)({ method: 'GET', url: `/api/documents/${id}/approvals` });
    expect(chain.json().awaiting).toContain('Administrators (escalated)');
    expect(await myApprovals(dana)).toContain(id);
    expect((await approve(id, dana)).statusCode).toBe(200);
    const history = await t.db
      .select()
      .from(documentHistory)
      .where(eq(documentHistory.documentId, id));
    const ops = history.map((h) => h.operationId);
    expect(ops).toContain(HistoryOperation.ApprovalReminder);
    expect(ops).toContain(HistoryOperation.ApprovalEscalated);
    // The vendor's history never shows the receiver's reminders.
    const vendorHistory = await asVendor({ method: 'GET', url: `/api/history/document/${id}` });
    expect(vendorHistory.body).not.toContain('Approval escalated');
    await settings(dana, { remindAfterDays: null, escalateAfterDays: null });
  });
});
