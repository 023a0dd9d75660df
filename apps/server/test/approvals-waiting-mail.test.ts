// Issue 29 item 4 (docs/approvals.md): the 'waiting for your approval' mail goes to the people a
// step waits for — when the invoice arrives and each time the chain moves on — with Approve /
// Reject / Open links that only open the document; not to those who turned business mail off.
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type ApprovalDelegation } from '@flowline/shared';
import { devMailbox, notifications } from '../src/db/schema/index';
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
let carl: UserRow;
let dana: UserRow;
let eve: UserRow;
const as = (user: UserRow) => caller(t, user, w.purchaser);
const publicUrl = () => t.config.publicUrl;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  ana = await buildMember(t.db, w.purchaser, [Role.User], { firstName: 'Ana', lastName: 'Clerk' });
  ben = await buildMember(t.db, w.purchaser, [Role.User], {
    firstName: 'Ben',
    lastName: 'Manager',
  });
  carl = await buildMember(t.db, w.purchaser, [Role.User], {
    firstName: 'Carl',
    lastName: 'Quiet',
  });
  dana = await buildMember(t.db, w.purchaser, [Role.Administrator], {
    firstName: 'Dana',
    lastName: 'Controller',
  });
  eve = await buildMember(t.db, w.purchaser, [Role.User], { firstName: 'Eve', lastName: 'Deputy' });
  // Carl turned business mail off in his profile.
  const off = await as(carl)({
    method: 'PUT',
    url: '/api/users/current/personalization',
    payload: {
      firstName: 'Carl',
      lastName: 'Quiet',
      title: null,
      dateFormat: 'MM/dd/yyyy',
      receiveEmails: false,
    },
  });
  expect(off.statusCode, off.body).toBe(200);
  // Ana first; above $5,000 Ben or Carl; above $50,000 any Administrator.
  const policy = await as(dana)({
    method: 'POST',
    url: '/api/approvalpolicies',
    payload: {
      name: 'Three steps',
      isDefault: true,
      steps: [
        { approverUserIds: [ana.id] },
        { above: '5000', approverUserIds: [ben.id, carl.id] },
        { above: '50000', approverRoleId: Role.Administrator },
      ],
    },
  });
  expect(policy.statusCode, policy.body).toBe(201);
});
afterAll(() => t.close());

async function sendInvoice(total: string): Promise<{ id: number; number: string }> {
  const metadata = { ...completeArInvoice, docTotal: total };
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata,
    receivingPartyId: w.toPurchaser.id,
  });
  const res = await asVendor({
    method: 'PUT',
    url: `/api/documents/${doc.id}/publish`,
    payload: { metadata: [] },
  });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.body}`);
  return { id: doc.id, number: metadata.docNumber };
}

const approve = (id: number, user: UserRow, comment?: string) =>
  as(user)({
    method: 'POST',
    url: `/api/documents/${id}/approve`,
    payload: comment ? { comment } : {},
  });

/** The mails sent after `since` (a dev mailbox id) whose subject names the invoice. */
async function mailsAbout(number: string, since: number) {
  const rows = await t.db
    .select()
    .from(devMailbox)
    .where(gt(devMailbox.id, since))
    .orderBy(devMailbox.id);
  return rows.filter((m) => m.subject.includes(number));
}
const waitingMails = async (number: string, since: number) =>
  (await mailsAbout(number, since)).filter((m) => m.subject.includes('waits for your approval'));
const recipients = (mails: { to: string[] }[]) => mails.flatMap((m) => m.to).sort();
async function lastMailId() {
  const [row] = await t.db
    .select({ id: devMailbox.id })
    .from(devMailbox)
    .orderBy(desc(devMailbox.id))
    .limit(1);
  return row?.id ?? 0;
}

describe("the 'waiting for your approval' mail", () => {
  it('goes to the approvers of each step as the chain moves, with the three links', async () => {
    const since = await lastMailId();
    const { id, number } = await sendInvoice('60000.00');

    // On arrival: step 1 waits for Ana — her mail, and not the plain 'received' one.
    const first = await waitingMails(number, since);
    expect(recipients(first)).toEqual([ana.emailAddress]);
    const mail = first[0]!;
    expect(mail.subject).toBe(`AR Invoice ${number} from Vendor Co waits for your approval`);
    const base = `${publicUrl()}/documents/${id}`;
    expect(mail.text).toContain(`Approve: ${base}?action=approve`);
    expect(mail.text).toContain(`Reject: ${base}?action=reject`);
    expect(mail.text).toContain(`Open: ${base}\n`);
    expect(mail.text).toContain('Amount: $60,000.00');
    expect(mail.text).toContain('Step: Step 1 of 3');
    expect(mail.text).toContain('From: Vendor Co');
    expect(mail.text).toContain(`Number: ${number}`);
    expect(mail.html).toContain(`href="${base}?action=approve"`);
    expect(mail.html).toContain(`href="${base}?action=reject"`);
    expect(mail.html).toContain(`href="${base}"`);
    const received = (await mailsAbout(number, since)).filter((m) => m.subject.startsWith('AR'));
    expect(recipients(received.filter((m) => !m.subject.includes('waits')))).not.toContain(
      ana.emailAddress,
    );
    // The others still hear of the invoice as before.
    expect(recipients(received)).toContain(ben.emailAddress);

    // Ana approves: step 2 waits for Ben or Carl — Carl turned mail off, so Ben only.
    const afterArrival = await lastMailId();
    expect((await approve(id, ana, 'Rates match')).statusCode).toBe(200);
    const second = await waitingMails(number, afterArrival);
    expect(recipients(second)).toEqual([ben.emailAddress]);
    expect(second[0]!.text).toContain('Step: Step 2 of 3');
    expect(second[0]!.text).toContain('Approvers: Ben Manager or Carl Quiet');
    // Both are told in the application; the one who acted is not.
    const told = await t.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(
        and(eq(notifications.actionData, String(id)), eq(notifications.companyId, w.purchaser.id)),
      );
    const waitingFor = told.filter((n) => n.title.includes('waits for your approval'));
    expect(waitingFor.map((n) => n.userId).sort()).toEqual([ben.id, carl.id].sort());

    // Ben approves: step 3 waits for any Administrator — Dana, not the one with mail off.
    const afterStep1 = await lastMailId();
    expect((await approve(id, ben)).statusCode).toBe(200);
    const third = await waitingMails(number, afterStep1);
    expect(recipients(third)).toEqual([dana.emailAddress]);
    expect(recipients(third)).not.toContain(w.purchaserQuiet.emailAddress);
    expect(third[0]!.text).toContain('Step: Step 3 of 3');

    // The last approval: nothing waits, no one gets the mail.
    const afterStep2 = await lastMailId();
    expect((await approve(id, dana)).statusCode).toBe(200);
    expect(await waitingMails(number, afterStep2)).toEqual([]);
  });

  it('reaches the delegate of an approver who is out of office, saying for whom', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const delegation = await as(ben)({
      method: 'POST',
      url: '/api/approvals/delegations',
      payload: { toUserId: eve.id, startsOn: today, endsOn: today },
    });
    expect(delegation.statusCode, delegation.body).toBe(201);
    const { id, number } = await sendInvoice('9000.00');
    const since = await lastMailId();
    expect((await approve(id, ana)).statusCode).toBe(200);
    const mails = await waitingMails(number, since);
    expect(recipients(mails)).toEqual([ben.emailAddress, eve.emailAddress].sort());
    const eveMail = mails.find((m) => m.to.includes(eve.emailAddress))!;
    expect(eveMail.text).toContain('You approve for Ben Manager while they are out of office.');
    expect(eveMail.text).toContain(`Approve: ${publicUrl()}/documents/${id}?action=approve`);
    await as(ben)({
      method: 'DELETE',
      url: `/api/approvals/delegations/${delegation.json<ApprovalDelegation>().id}`,
    });
  });

  it('goes to the first step a coding rule did not replace', async () => {
    const rule = await as(dana)({
      method: 'POST',
      url: '/api/codingrules',
      payload: {
        name: 'Under $100k',
        kind: 'amountLimit',
        limit: '100000',
        autoApprove: true,
        replacesApprovalSteps: 1,
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const since = await lastMailId();
    const { number } = await sendInvoice('8000.00');
    const mails = await waitingMails(number, since);
    expect(recipients(mails)).toEqual([ben.emailAddress]);
    expect(mails[0]!.text).toContain('Step: Step 2 of 2');
    await as(dana)({ method: 'DELETE', url: `/api/codingrules/${rule.json().id}` });
  });

  it('opens only: following a link changes nothing', async () => {
    const { id } = await sendInvoice('100.00');
    // The link is the SPA's address; the API's GET of the document does not approve.
    const res = await as(ana)({ method: 'GET', url: `/api/documents/${id}?action=approve` });
    expect([200, 400]).toContain(res.statusCode);
    const chain = await as(ana)({ method: 'GET', url: `/api/documents/${id}/approvals` });
    expect(chain.json().steps[0].approval).toBeNull();
    expect(chain.json().canApprove).toBe(true);
  });
});
