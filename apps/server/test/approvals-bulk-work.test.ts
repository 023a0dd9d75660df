// Issue 29 item 5 'Bulk work' (docs/approvals.md): bulk Approve with a comment and each refusal's
// reason, 'Assign to' (POST /documents/assign) and the zip of the selected documents' PDFs
// (POST /documents/download.zip) — on the real server and database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, Role, type DocumentApprovals, type Inbox } from '@flowline/shared';
import {
  devMailbox,
  documentApprovalChains,
  documentHistory,
  documents,
  notifications,
} from '../src/db/schema/index';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import type { TestApp } from './helpers/app';
import { buildDocument, tinyPdf } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';
import { buildMember, type UserRow } from './helpers/factories';
import { unzip } from './helpers/zip';

let t: TestApp;
let w: DocumentWorld;
let blobStore: BlobStore;
let asVendor: ReturnType<typeof caller>;
let ana: UserRow;
let ben: UserRow;
let dana: UserRow;
let ed: UserRow;
let reader: UserRow;
let policyId: number;
const as = (user: UserRow) => caller(t, user, w.purchaser);

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-bulk-work-'));
  ({ t, w, asUser: asVendor } = await openDocumentWorld({ DATA_DIR: dataDir }));
  blobStore = createBlobStore(t.config);
  ana = await buildMember(t.db, w.purchaser, [Role.User], { firstName: 'Ana', lastName: 'Clerk' });
  ben = await buildMember(t.db, w.purchaser, [Role.User], {
    firstName: 'Ben',
    lastName: 'Manager',
  });
  dana = await buildMember(t.db, w.purchaser, [Role.Administrator], {
    firstName: 'Dana',
    lastName: 'Controller',
  });
  ed = await buildMember(t.db, w.purchaser, [Role.User], { firstName: 'Ed', lastName: 'Small' });
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
  policyId = policy.json<{ id: number }>().id;
  // Ed may approve up to $500.
  const limit = await as(dana)({
    method: 'PUT',
    url: `/api/users/${ed.id}/approvallimit`,
    payload: { approvalLimit: '500' },
  });
  expect(limit.statusCode, limit.body).toBe(200);
}, 120_000);
afterAll(() => t.close());

let fileNumber = 0;

async function sendInvoice(total: string): Promise<number> {
  // Each invoice a file of its own: the same bytes twice would look like a duplicate.
  fileNumber += 1;
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice, docTotal: total },
    receivingPartyId: w.toPurchaser.id,
    blobStore,
    file: Buffer.concat([tinyPdf, Buffer.from(`% file ${fileNumber}\n`)]),
  });
  const res = await asVendor({
    method: 'PUT',
    url: `/api/documents/${doc.id}/publish`,
    payload: { metadata: [] },
  });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.body}`);
  return doc.id;
}

const post = (user: UserRow, url: string, payload: unknown) =>
  as(user)({ method: 'POST', url, payload: payload as object });
const assign = (user: UserRow, payload: unknown) => post(user, '/api/documents/assign', payload);
const approvals = async (id: number, user: UserRow = dana) =>
  (
    await as(user)({ method: 'GET', url: `/api/documents/${id}/approvals` })
  ).json<DocumentApprovals>();
const myApprovals = async (user: UserRow) =>
  (
    await as(user)({
      method: 'GET',
      url: '/api/documentroute/inbox?waitingForMe=true&pageSize=100',
    })
  )
    .json<Inbox>()
    .items.map((i) => i.id);
const chainRow = async (id: number) =>
  (
    await t.db
      .select()
      .from(documentApprovalChains)
      .where(eq(documentApprovalChains.documentId, id))
  )[0];

describe('bulk Approve (POST /documents/approve)', () => {
  it('approves each on its own with the comment, and says why each refusal was refused', async () => {
    // Ed's limit is $500: four small invoices and one above it.
    await as(dana)({
      method: 'PUT',
      url: `/api/approvalpolicies/${policyId}`,
      payload: {
        name: 'Two steps',
        isDefault: true,
        steps: [{ approverUserIds: [ana.id, ed.id] }, { above: '5000', approverUserIds: [ben.id] }],
      },
    });
    const ids = [
      await sendInvoice('100.00'),
      await sendInvoice('200.00'),
      await sendInvoice('300.00'),
      await sendInvoice('400.00'),
      await sendInvoice('900.00'),
    ];
    const foreign = await buildDocument(t.db, { owner: w.stranger, receiver: w.vendor });
    const res = await post(ed, '/api/documents/approve', {
      documentIds: [...ids, foreign.id],
      comment: 'Checked against the tickets',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      approved: number[];
      refused: { documentId: number; message: string }[];
      message: string;
    }>();
    expect(body.approved).toEqual(ids.slice(0, 4));
    expect(body.refused).toEqual([
      {
        documentId: ids[4],
        message: 'Your approval limit is $500.00; this invoice totals $900.00.',
      },
      { documentId: foreign.id, message: 'Document not found' },
    ]);
    expect(body.message).toBe('4 approved, 2 could not be approved');
    // The comment is on each approval; the refused invoice still waits, untouched.
    const chain = await approvals(ids[0]!);
    expect(chain.steps[0]!.approval).toMatchObject({
      userName: 'Ed Small',
      comment: 'Checked against the tickets',
    });
    expect((await approvals(ids[4]!)).steps[0]!.approval).toBeNull();
    // Approving them again: each refusal names the status.
    const again = await post(ed, '/api/documents/approve', { documentIds: [ids[0]] });
    expect(again.json().refused[0].message).toBe(
      'A document in status Approved cannot be approved.',
    );
    // Bad input: a clear 400, nothing approved.
    const bad = await post(ed, '/api/documents/approve', {
      documentIds: [ids[4]],
      comment: 'x'.repeat(2001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('2000 characters');
    // Back to the policy of the other tests.
    await as(dana)({
      method: 'PUT',
      url: `/api/approvalpolicies/${policyId}`,
      payload: {
        name: 'Two steps',
        isDefault: true,
        steps: [{ approverUserIds: [ana.id] }, { above: '5000', approverUserIds: [ben.id] }],
      },
    });
  }, 120_000);
});

describe('Assign to (POST /documents/assign)', () => {
  it("gives the waiting step to the assignee: the chain, My approvals, internal history, the assignee's notice", async () => {
    const id = await sendInvoice('250.00');
    await t.db
      .update(documentApprovalChains)
      .set({ remindedAt: new Date() })
      .where(eq(documentApprovalChains.documentId, id));
    expect(await myApprovals(ana)).toContain(id);
    const res = await assign(ana, {
      documentIds: [id],
      userId: ben.id,
      comment: 'You know this vendor',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      assigned: [id],
      refused: [],
      message: '1 invoice assigned to Ben Manager',
    });

    const chain = await approvals(id);
    expect(chain.steps[0]).toMatchObject({
      approverLabel: 'Ben Manager',
      approval: null,
      assigned: { userName: 'Ben Manager', byName: 'Ana Clerk', comment: 'You know this vendor' },
    });
    expect(chain.awaiting).toBe('Awaiting approval by Ben Manager (step 1 of 1)');
    // The 'My approvals' index follows; the new assignee's wait starts again.
    const row = await chainRow(id);
    expect(row).toMatchObject({
      waitingStep: 0,
      waitingUserIds: [ben.id],
      waitingRoleId: null,
      remindedAt: null,
    });
    expect(await myApprovals(ben)).toContain(id);
    expect(await myApprovals(ana)).not.toContain(id);

    // History: internal to the receiver (the vendor never reads it).
    const entry = (await historyOf(t.db, id)).find(
      (h) => h.operationId === HistoryOperation.ApprovalAssigned,
    );
    expect(entry).toMatchObject({
      companyId: w.purchaser.id,
      userId: ana.id,
      objectName: 'Step 1 of 1',
      oldValue: 'Ana Clerk',
      newValue: 'Ben Manager',
      details: { comment: 'You know this vendor' },
    });
    const vendorHistory = await asVendor({ method: 'GET', url: `/api/history/document/${id}` });
    expect(vendorHistory.statusCode, vendorHistory.body).toBe(200);
    expect(vendorHistory.body).not.toContain('Approval assigned');
    expect(vendorHistory.body).not.toContain('You know this vendor');

    // Ben is told (notification and mail); nobody else is.
    const told = (
      await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.actionData, String(id)),
            eq(notifications.companyId, w.purchaser.id),
          ),
        )
    ).filter((n) => n.title.startsWith('Assigned'));
    expect(told.map((n) => n.userId)).toEqual([ben.id]);
    expect(told[0]!.title).toMatch(/^Assigned to you: AR Invoice INV-\d+ waits for your approval$/);
    const mails = await t.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(5);
    expect(
      mails.some(
        (m) => m.to.includes(ben.emailAddress!) && m.subject.startsWith('Assigned to you'),
      ),
    ).toBe(true);

    // Now Ben approves it; Ana no longer may.
    expect((await post(ana, `/api/documents/${id}/approve`, {})).statusCode).toBe(403);
    expect((await post(ben, `/api/documents/${id}/approve`, {})).statusCode).toBe(200);
  });

  it('lets an Administrator reassign any waiting step, and a delegate assign the step of its delegator', async () => {
    const id = await sendInvoice('260.00');
    const byAdmin = await assign(dana, { documentIds: [id], userId: ed.id });
    expect(byAdmin.json().assigned).toEqual([id]);
    // Assigned without a comment: no notification text of a comment.
    expect((await approvals(id)).steps[0]!.assigned).toMatchObject({
      byName: 'Dana Controller',
      comment: null,
    });
    // Ed is out of office; Ben holds his approvals and may give the step on.
    const today = new Date().toISOString().slice(0, 10);
    const delegation = await as(ed)({
      method: 'POST',
      url: '/api/approvals/delegations',
      payload: { toUserId: ben.id, startsOn: today, endsOn: today },
    });
    expect(delegation.statusCode, delegation.body).toBe(201);
    const byDelegate = await assign(ben, { documentIds: [id], userId: ana.id });
    expect(byDelegate.json().assigned, byDelegate.body).toEqual([id]);
    await as(ed)({ method: 'DELETE', url: `/api/approvals/delegations/${delegation.json().id}` });
  });

  it('refuses whoever cannot act on the step, and assignees who could not approve it', async () => {
    const small = await sendInvoice('270.00');
    const big = await sendInvoice('9000.00');
    // Ed is neither an approver of the step nor an Administrator.
    const notApprover = await assign(ed, { documentIds: [small], userId: ben.id });
    expect(notApprover.statusCode).toBe(200);
    expect(notApprover.json().refused).toEqual([
      {
        documentId: small,
        message:
          'Awaiting approval by Ana Clerk (step 1 of 1); only its approvers or an Administrator can assign it.',
      },
    ]);
    // ReadOnly members are refused before anything is read.
    const readOnly = await assign(reader, { documentIds: [small], userId: ben.id });
    expect(readOnly.statusCode).toBe(403);
    // Ed's limit ($500) does not cover $9,000; one who approved a step may not take another.
    const overLimit = await assign(ana, { documentIds: [big], userId: ed.id });
    expect(overLimit.json().refused[0].message).toBe(
      "Ed Small's approval limit is $500.00; this invoice totals $9,000.00.",
    );
    expect((await post(ana, `/api/documents/${big}/approve`, {})).statusCode).toBe(200);
    const twice = await assign(dana, { documentIds: [big], userId: ana.id });
    expect(twice.json().refused[0].message).toBe(
      'Ana Clerk already approved step 1 of 2; one person approves one step of a chain.',
    );
    // The step already waits for Ben alone.
    const same = await assign(dana, { documentIds: [big], userId: ben.id });
    expect(same.json().refused[0].message).toBe('Step 2 of 2 already waits for Ben Manager alone.');
    // An approved invoice, and the vendor's own side: refused with the reason.
    expect((await post(ben, `/api/documents/${big}/approve`, {})).statusCode).toBe(200);
    const done = await assign(dana, { documentIds: [big], userId: ed.id });
    expect(done.json().refused[0].message).toBe(
      'The approval of a document in status Approved cannot be assigned.',
    );
    const vendorSide = await asVendor({
      method: 'POST',
      url: '/api/documents/assign',
      payload: { documentIds: [small], userId: w.user.id },
    });
    expect(vendorSide.json().refused[0].message).toBe('Only the receiving company can do this.');
    // Nothing of those refusals was written.
    expect((await chainRow(small))!.waitingUserIds).toEqual([ana.id]);
  });

  it("answers 404 for another company's user and refuses another company's documents; bad input is a 400", async () => {
    const id = await sendInvoice('280.00');
    const before = await historyOf(t.db, id);
    // A user of another company (the vendor's) is not found, whatever the documents.
    const stranger = await assign(dana, { documentIds: [id], userId: w.user.id });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toEqual({ message: 'User not found', code: 'user_not_found' });
    // A member who may not approve (ReadOnly) is refused for the whole request.
    const readOnly = await assign(dana, { documentIds: [id], userId: reader.id });
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json().error.message).toBe('Choose a user of your company who may approve');
    // Another company's Administrator, with our document and its own user: not found, nothing written.
    const strangerAdmin = await caller(
      t,
      w.strangerUser,
      w.stranger,
    )({
      method: 'POST',
      url: '/api/documents/assign',
      payload: { documentIds: [id], userId: w.strangerUser.id },
    });
    expect(strangerAdmin.statusCode).toBe(200);
    expect(strangerAdmin.json()).toMatchObject({
      assigned: [],
      refused: [{ documentId: id, message: 'Document not found' }],
    });
    expect(strangerAdmin.body).not.toContain('INV-');
    // Bad input.
    for (const payload of [
      { documentIds: [], userId: ben.id },
      { documentIds: [id] },
      { documentIds: [id], userId: 'ben' },
      { documentIds: [id], userId: ben.id, comment: 'x'.repeat(2001) },
    ]) {
      const bad = await assign(dana, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error.message).toBeTruthy();
    }
    expect(await historyOf(t.db, id)).toEqual(before);
    expect((await chainRow(id))!.waitingUserIds).toEqual([ana.id]);
  });

  it('gives an invoice without a policy a one-step chain that waits for the assignee', async () => {
    await as(dana)({ method: 'DELETE', url: `/api/approvalpolicies/${policyId}` });
    const id = await sendInvoice('290.00');
    expect(await chainRow(id)).toBeUndefined();
    // Any member who may approve may assign it.
    const res = await assign(ed, { documentIds: [id], userId: ben.id });
    expect(res.json().assigned, res.body).toEqual([id]);
    expect(await chainRow(id)).toMatchObject({ policyId: null, waitingUserIds: [ben.id] });
    expect(await myApprovals(ben)).toContain(id);
    expect((await post(ana, `/api/documents/${id}/approve`, {})).statusCode).toBe(403);
    expect((await post(ben, `/api/documents/${id}/approve`, {})).statusCode).toBe(200);
  });
});

describe('Download (POST /documents/download.zip)', () => {
  const zip = (user: UserRow, documentIds: unknown, company = w.purchaser) =>
    caller(
      t,
      user,
      company,
    )({ method: 'POST', url: '/api/documents/download.zip', payload: { documentIds } });

  it('streams one zip of the PDFs, uniquely named, and records a Download for each', async () => {
    const a = await sendInvoice('10.00');
    const b = await sendInvoice('20.00');
    const res = await zip(reader, [b, a, b]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="documents-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = unzip(res.rawPayload);
    const names = [...entries.keys()];
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(new RegExp(`^INV-\\d+ - ${b}\\.pdf$`));
    expect(names[1]).toMatch(new RegExp(`^INV-\\d+ - ${a}\\.pdf$`));
    for (const file of entries.values()) expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const downloads = await t.db
      .select()
      .from(documentHistory)
      .where(
        and(
          eq(documentHistory.documentId, a),
          eq(documentHistory.operationId, HistoryOperation.Download),
        ),
      );
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({
      userId: reader.id,
      companyId: w.purchaser.id,
      details: { format: 'zip' },
    });
  });

  it('lists a file it could not read instead of breaking the zip', async () => {
    const id = await sendInvoice('30.00');
    const other = await sendInvoice('31.00');
    const [row] = await t.db.select().from(documents).where(eq(documents.id, id));
    await blobStore.delete(row!.fileKey);
    const res = await zip(dana, [id, other]);
    expect(res.statusCode).toBe(200);
    const entries = unzip(res.rawPayload);
    expect([...entries.keys()]).toHaveLength(2);
    expect(entries.get('missing files.txt')?.toString()).toContain(
      `- ${id}.pdf: the file could not be read`,
    );
  });

  it("answers 404 for another company's or a missing document before sending anything; bad input is a 400", async () => {
    const id = await sendInvoice('40.00');
    const foreign = await buildDocument(t.db, { owner: w.stranger, receiver: w.vendor });
    const mixed = await zip(dana, [id, foreign.id]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().error).toEqual({
      message: `Document #${foreign.id} was not found.`,
      code: 'document_not_found',
    });
    const stranger = await zip(w.strangerUser, [id], w.stranger);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('INV-');
    expect((await zip(dana, [])).statusCode).toBe(400);
    expect((await zip(dana, 'all')).statusCode).toBe(400);
    const tooMany = await zip(
      dana,
      Array.from({ length: 201 }, (_, i) => i + 1),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('at most 200 documents');
    // Nothing was recorded for the refused calls.
    const downloads = await t.db
      .select()
      .from(documentHistory)
      .where(
        and(
          eq(documentHistory.documentId, id),
          eq(documentHistory.operationId, HistoryOperation.Download),
        ),
      );
    expect(downloads).toHaveLength(0);
    // The vendor may download what it sent.
    expect(
      (
        await asVendor({
          method: 'POST',
          url: '/api/documents/download.zip',
          payload: { documentIds: [id] },
        })
      ).statusCode,
    ).toBe(200);
  });
});
