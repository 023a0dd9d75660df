// Issue 29 item 1: approval policies, chains and limits (docs/approvals.md) — on the real server
// and database: a $60,000 invoice needs three approvals in order; out of turn, above one's limit,
// a second step by the same person and one's own submission are refused; policy edits leave
// invoices in flight alone; a coding rule counts as the steps it may replace.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HistoryOperation,
  Role,
  RouteStatus,
  type ApprovalPolicy,
  type DocumentApprovals,
} from '@flowline/shared';
import { adminAuditEvents, documentApprovalChains, notifications } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildDocument, routeOf } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';
import { addMembership, buildMember, type UserRow } from './helpers/factories';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asAdmin: ReturnType<typeof caller>;
let ana: UserRow;
let ben: UserRow;
let dana: UserRow;
let carl: UserRow;
const as = (user: UserRow) => caller(t, user, w.purchaser);

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  asAdmin = as(w.purchaserQuiet);
  ana = await buildMember(t.db, w.purchaser, [Role.User], { firstName: 'Ana', lastName: 'Clerk' });
  ben = await buildMember(t.db, w.purchaser, [Role.User], {
    firstName: 'Ben',
    lastName: 'Manager',
  });
  dana = await buildMember(t.db, w.purchaser, [Role.Administrator], {
    firstName: 'Dana',
    lastName: 'Controller',
  });
  carl = await buildMember(t.db, w.purchaser, [Role.Administrator], {
    firstName: 'Carl',
    lastName: 'Capped',
  });
  // The vendor's user also works for the purchaser (a user in both companies).
  await addMembership(t.db, w.user, w.purchaser, [Role.User]);
});
afterAll(() => t.close());

/** The vendor sends Purchaser Co an AR invoice of this total. */
async function sendInvoice(total = '1250.00'): Promise<number> {
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

const approve = (id: number, user: UserRow, comment?: unknown) =>
  as(user)({
    method: 'POST',
    url: `/api/documents/${id}/approve`,
    ...(comment === undefined ? {} : { payload: { comment } }),
  });
const approvals = async (id: number, user: UserRow) => {
  const res = await as(user)({ method: 'GET', url: `/api/documents/${id}/approvals` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DocumentApprovals>();
};
const statusOf = async (id: number) => ({
  vendor: (await routeOf(t.db, id, w.vendor.id))?.routeStatusId,
  purchaser: (await routeOf(t.db, id, w.purchaser.id))?.routeStatusId,
});
const vendorToldApproved = async (id: number) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.companyId, w.vendor.id), eq(notifications.actionData, String(id))),
      )
  ).filter((n) => n.title.endsWith('approved')).length;
const setLimit = (user: UserRow, approvalLimit: unknown) =>
  asAdmin({
    method: 'PUT',
    url: `/api/users/${user.id}/approvallimit`,
    payload: { approvalLimit },
  });

describe('approval limits', () => {
  it('an Administrator sets and reads a limit; others are refused; strangers are not found', async () => {
    const set = await setLimit(carl, '$10,000');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ approvalLimit: 10000 });
    const read = await asAdmin({ method: 'GET', url: `/api/users/${carl.id}/approvallimit` });
    expect(read.json()).toEqual({ approvalLimit: 10000 });
    const audit = await t.db
      .select()
      .from(adminAuditEvents)
      .where(eq(adminAuditEvents.action, 'user.approval_limit_changed'));
    expect(audit).toHaveLength(1);

    const byUser = await as(ana)({
      method: 'PUT',
      url: `/api/users/${carl.id}/approvallimit`,
      payload: { approvalLimit: '1' },
    });
    expect(byUser.statusCode).toBe(403);
    const stranger = await asAdmin({
      method: 'GET',
      url: `/api/users/${w.strangerUser.id}/approvallimit`,
    });
    expect(stranger.statusCode).toBe(404);
    const bad = await setLimit(carl, 'lots');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Enter an amount like 5000.00');
    expect(
      (await asAdmin({ method: 'GET', url: `/api/users/${carl.id}/approvallimit` })).json(),
    ).toEqual({ approvalLimit: 10000 });
  });
});

describe('without a policy: one approval by any user, within limits', () => {
  it("refuses one's own submission and an approval above the limit, and says why", async () => {
    const id = await sendInvoice('20000.00');
    const own = await approve(id, w.user);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('You cannot approve an invoice you submitted.');

    const capped = await approvals(id, carl);
    expect(capped).toMatchObject({
      hasPolicy: false,
      policyName: 'Single approval',
      awaiting: 'Awaiting approval by any user (step 1 of 1)',
      canApprove: false,
      approveRefusal: 'Your approval limit is $10,000.00; this invoice totals $20,000.00.',
    });
    const over = await approve(id, carl);
    expect(over.statusCode).toBe(403);
    expect(over.json().error.message).toBe(capped.approveRefusal);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Sent,
      purchaser: RouteStatus.Received,
    });

    expect((await approvals(id, ana)).canApprove).toBe(true);
    const ok = await approve(id, ana, 'Checked against the field ticket');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Approved,
      purchaser: RouteStatus.Approved,
    });
    expect(await approvals(id, ana)).toMatchObject({ awaiting: null, canApprove: false });
  });

  it('the chain is the receiver’s: the sender is refused, another company does not find it', async () => {
    const id = await sendInvoice();
    const bySender = await asVendor({ method: 'GET', url: `/api/documents/${id}/approvals` });
    expect(bySender.statusCode).toBe(403);
    const byStranger = await caller(
      t,
      w.strangerUser,
      w.stranger,
    )({
      method: 'GET',
      url: `/api/documents/${id}/approvals`,
    });
    expect(byStranger.statusCode).toBe(404);
  });
});

describe('approval policies', () => {
  let standard: ApprovalPolicy;

  it('Administrators define ordered steps; bad input is a clear 400; others are refused', async () => {
    const payload = {
      name: 'Standard',
      isDefault: true,
      steps: [
        { approverUserIds: [ana.id] },
        { above: '5000', approverUserIds: [ben.id] },
        { above: '50000', approverRoleId: Role.Administrator },
      ],
    };
    const created = await asAdmin({ method: 'POST', url: '/api/approvalpolicies', payload });
    expect(created.statusCode, created.body).toBe(201);
    standard = created.json<ApprovalPolicy>();
    expect(standard.steps.map((s) => [s.above, s.approverLabel])).toEqual([
      [null, 'Ana Clerk'],
      [5000, 'Ben Manager'],
      [50000, 'any Administrator'],
    ]);

    const byUser = await as(ana)({ method: 'POST', url: '/api/approvalpolicies', payload });
    expect(byUser.statusCode).toBe(403);
    const outsider = await asAdmin({
      method: 'POST',
      url: '/api/approvalpolicies',
      payload: { ...payload, isDefault: false, steps: [{ approverUserIds: [w.strangerUser.id] }] },
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.message).toBe('Choose approvers among your users');
    const badParty = await asAdmin({
      method: 'POST',
      url: '/api/approvalpolicies',
      payload: { ...payload, isDefault: false, partyId: w.strangerParty.id },
    });
    expect(badParty.statusCode).toBe(400);
    const noApprover = await asAdmin({
      method: 'POST',
      url: '/api/approvalpolicies',
      payload: { name: 'Empty', steps: [{ approverUserIds: [] }] },
    });
    expect(noApprover.statusCode).toBe(400);
    expect(noApprover.json().error.message).toContain('Choose approvers or a role for every step');
    const list = await asAdmin({ method: 'GET', url: '/api/approvalpolicies' });
    expect(list.json<ApprovalPolicy[]>().map((p) => p.name)).toEqual(['Standard']);
    const strangers = await caller(
      t,
      w.strangerUser,
      w.stranger,
    )({
      method: 'PUT',
      url: `/api/approvalpolicies/${standard.id}`,
      payload,
    });
    expect(strangers.statusCode).toBe(404);
  });

  it('a $60,000 invoice needs three approvals in order', async () => {
    const id = await sendInvoice('60000.00');
    const start = await approvals(id, ana);
    expect(start).toMatchObject({
      hasPolicy: true,
      policyName: 'Standard',
      awaiting: 'Awaiting approval by Ana Clerk (step 1 of 3)',
      canApprove: true,
      approveRefusal: null,
    });

    // Out of turn.
    const early = await approve(id, ben);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe(
      'Step 1 of 3 must be approved first (awaiting approval by Ana Clerk).',
    );
    expect((await approvals(id, ben)).approveRefusal).toBe(early.json().error.message);

    const first = await approve(id, ana, 'Rates match the contract');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().routeStatusId).toBe(RouteStatus.Received);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Sent,
      purchaser: RouteStatus.Received,
    });
    expect(await vendorToldApproved(id)).toBe(0);
    // A second approval by the same person.
    const again = await approve(id, ana);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(
      'You already approved step 1 of 3; another approver must approve step 2.',
    );
    expect((await approvals(id, ana)).awaiting).toBe(
      'Awaiting approval by Ben Manager (step 2 of 3)',
    );

    expect((await approve(id, ben)).statusCode).toBe(200);
    // Above the limit: Carl is an Administrator capped at $10,000.
    const capped = await approve(id, carl);
    expect(capped.statusCode).toBe(403);
    expect(capped.json().error.message).toBe(
      'Your approval limit is $10,000.00; this invoice totals $60,000.00.',
    );
    // Not an approver of the step.
    const notMine = await approve(id, ana);
    expect(notMine.statusCode).toBe(403);

    const last = await approve(id, dana, 'OK to pay');
    expect(last.statusCode, last.body).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Approved,
      purchaser: RouteStatus.Approved,
    });
    const done = await approvals(id, dana);
    expect(done.awaiting).toBeNull();
    expect(done.steps.map((s) => [s.approval?.userName, s.approval?.comment])).toEqual([
      ['Ana Clerk', 'Rates match the contract'],
      ['Ben Manager', null],
      ['Dana Controller', 'OK to pay'],
    ]);

    // Each step is in the receiver's history; the sender sees only the final approval.
    const history = await historyOf(t.db, id);
    expect(
      history
        .filter((h) => h.operationId === HistoryOperation.ApproveStep)
        .map((h) => [h.objectName, h.newValue]),
    ).toEqual([
      ['Step 1 of 3', 'Rates match the contract'],
      ['Step 2 of 3', null],
      ['Step 3 of 3', 'OK to pay'],
    ]);
    expect(history.filter((h) => h.operationId === HistoryOperation.Approve)).toHaveLength(1);
    const vendorHistory = await asVendor({ method: 'GET', url: `/api/history/document/${id}` });
    const vendorOps = vendorHistory.json<{ operationId?: number; name?: string }[]>();
    expect(JSON.stringify(vendorOps)).not.toContain('Approval step approved');
    const purchaserHistory = await as(ana)({ method: 'GET', url: `/api/history/document/${id}` });
    expect(purchaserHistory.body).toContain('Approval step approved');
    // The vendor was told at the end only.
    expect(await vendorToldApproved(id)).toBeGreaterThan(0);
  });

  it('a small invoice needs only the steps its amount reaches', async () => {
    const id = await sendInvoice('1250.00');
    expect((await approvals(id, ana)).steps).toHaveLength(1);
    expect((await approve(id, ana)).statusCode).toBe(200);
    expect((await statusOf(id)).purchaser).toBe(RouteStatus.Approved);
  });

  it('a policy change applies to later invoices; invoices in flight keep their chain', async () => {
    const inFlight = await sendInvoice('60000.00');
    const changed = await asAdmin({
      method: 'PUT',
      url: `/api/approvalpolicies/${standard.id}`,
      payload: { name: 'Standard', isDefault: true, steps: [{ approverUserIds: [ben.id] }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await approvals(inFlight, ana)).steps).toHaveLength(3);
    const later = await sendInvoice('60000.00');
    const chain = await approvals(later, ben);
    expect(chain.steps.map((s) => s.approverLabel)).toEqual(['Ben Manager']);
  });

  it('the first matching policy wins over the default', async () => {
    const vendorPolicy = await asAdmin({
      method: 'POST',
      url: '/api/approvalpolicies',
      payload: {
        name: 'Vendor Co over $50k',
        partyId: w.toVendor.id,
        minTotal: '50000',
        steps: [{ approverUserIds: [dana.id] }],
      },
    });
    expect(vendorPolicy.statusCode, vendorPolicy.body).toBe(201);
    expect((await approvals(await sendInvoice('60000.00'), dana)).policyName).toBe(
      'Vendor Co over $50k',
    );
    expect((await approvals(await sendInvoice('100.00'), dana)).policyName).toBe('Standard');
    const removed = await asAdmin({
      method: 'DELETE',
      url: `/api/approvalpolicies/${vendorPolicy.json<ApprovalPolicy>().id}`,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('a coding rule counts as the steps it may replace', async () => {
    await asAdmin({
      method: 'PUT',
      url: `/api/approvalpolicies/${standard.id}`,
      payload: {
        name: 'Standard',
        isDefault: true,
        steps: [
          { approverUserIds: [ana.id] },
          { above: '5000', approverUserIds: [ben.id] },
          { above: '50000', approverUserIds: [dana.id] },
        ],
      },
    });
    const rule = await asAdmin({
      method: 'POST',
      url: '/api/codingrules',
      payload: {
        name: 'Under $100k',
        kind: 'amountLimit',
        limit: '100000',
        autoApprove: true,
        replacesApprovalSteps: 2,
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(rule.json().replacesApprovalSteps).toBe(2);
    const id = await sendInvoice('60000.00');
    const chain = await approvals(id, dana);
    expect(chain.steps.map((s) => s.approval?.byRule ?? null)).toEqual([
      'Under $100k',
      'Under $100k',
      null,
    ]);
    expect(chain.awaiting).toBe('Awaiting approval by Dana Controller (step 3 of 3)');
    expect((await statusOf(id)).purchaser).toBe(RouteStatus.Received);
    expect((await approve(id, dana)).statusCode).toBe(200);
    expect((await statusOf(id)).purchaser).toBe(RouteStatus.Approved);
    await asAdmin({ method: 'DELETE', url: `/api/codingrules/${rule.json().id}` });
  });

  it('bulk approve reports each refusal with its reason', async () => {
    const a = await sendInvoice('60000.00');
    const b = await sendInvoice('100.00');
    const res = await as(ana)({
      method: 'POST',
      url: '/api/documents/approve',
      payload: { documentIds: [a, b] },
    });
    expect(res.statusCode).toBe(200);
    // Ana approves step 1 of the big one (not yet Approved) and the whole small one.
    expect(res.json().refused).toEqual([]);
    const again = await as(ana)({
      method: 'POST',
      url: '/api/documents/approve',
      payload: { documentIds: [a] },
    });
    expect(again.json().refused).toEqual([
      {
        documentId: a,
        message: 'You already approved step 1 of 3; another approver must approve step 2.',
      },
    ]);
  });

  it('a too long comment is a 400 and writes nothing', async () => {
    const id = await sendInvoice('60000.00');
    const res = await approve(id, ana, 'x'.repeat(2001));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('The comment can be at most 2000 characters');
    const [stored] = await t.db
      .select()
      .from(documentApprovalChains)
      .where(eq(documentApprovalChains.documentId, id));
    expect(stored?.chain.steps.every((s) => s.approval === null)).toBe(true);
  });
});
