// Issue 12 item 4: a receiving company's Administrator defines coding rules; an invoice passing
// every rule under an amount limit that allows it is approved automatically, on delivery or when
// its coding is saved, with Approve history naming the rule.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AccountKind,
  HistoryOperation,
  RouteStatus,
  type CodingRule,
  type DocumentLineItems,
  type HistoryDetails,
  type HistoryEntry,
} from '@flowline/shared';
import { codingRules, devMailbox } from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildParty } from './helpers/ach-factories';
import { buildDocument, routeOf } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asAdmin: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  asAdmin = caller(t, w.purchaserQuiet, w.purchaser);
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
});
beforeEach(async () => {
  await t.db.delete(codingRules).where(eq(codingRules.companyId, w.purchaser.id));
});
afterAll(() => t.close());

const addRule = async (rule: object, who = asAdmin) =>
  who({ method: 'POST', url: '/api/codingrules', payload: rule });

const underLimit = { name: 'Under $5,000', kind: 'amountLimit', limit: '5000', autoApprove: true };
const afeOrCostCenter = {
  name: 'AFE or cost center',
  kind: 'requiredCoding',
  requiredKinds: [AccountKind.AFE, AccountKind.CostCenter],
};

let invoiceNumber = 0;

/** Sends an AR invoice (total 1,250.00) with two lines; returns its id. */
async function deliver(values: Record<string, string> = {}, lines = true) {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice, docNumber: `CR-${++invoiceNumber}`, ...values },
    receivingPartyId: w.toPurchaser.id,
  });
  if (lines) {
    const saved = await asVendor({
      method: 'PUT',
      url: `/api/documents/${doc.id}/lineItems`,
      payload: {
        lines: [
          { description: 'Hauling', quantity: '2', amount: '1000.00' },
          { description: 'Labour', quantity: '1', amount: '250.00' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const res = await asVendor({
    method: 'PUT',
    url: `/api/documents/${doc.id}/publish`,
    payload: { metadata: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return doc.id;
}

const statusOf = async (id: number) => ({
  vendor: (await routeOf(t.db, id, w.vendor.id))?.routeStatusId,
  purchaser: (await routeOf(t.db, id, w.purchaser.id))?.routeStatusId,
});

describe('the rules screen API', () => {
  it('lets an Administrator add, change, list and delete rules; others are refused', async () => {
    const created = await addRule({ ...underLimit, partyId: w.toVendor.id });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json<CodingRule>();
    expect(rule).toMatchObject({ limit: 5000, autoApprove: true, partyName: w.toVendor.name });

    const changed = await asAdmin({
      method: 'PUT',
      url: `/api/codingrules/${rule.id}`,
      payload: { ...underLimit, limit: '2,500.50', partyId: null },
    });
    expect(changed.json()).toMatchObject({ limit: 2500.5, partyId: null });
    const list = await asAdmin({ method: 'GET', url: '/api/codingrules' });
    expect(list.json().map((r: CodingRule) => r.name)).toEqual(['Under $5,000']);

    expect((await addRule(underLimit, asPurchaser)).statusCode).toBe(403);
    expect((await asPurchaser({ method: 'GET', url: '/api/codingrules' })).statusCode).toBe(403);
    // Another company's rule is not found, never changed.
    const theirs = await asStranger({
      method: 'PUT',
      url: `/api/codingrules/${rule.id}`,
      payload: underLimit,
    });
    expect(theirs.statusCode).toBe(404);
    expect(
      (await asStranger({ method: 'DELETE', url: `/api/codingrules/${rule.id}` })).statusCode,
    ).toBe(404);
    expect((await asStranger({ method: 'GET', url: '/api/codingrules' })).json()).toEqual([]);

    expect(
      (await asAdmin({ method: 'DELETE', url: `/api/codingrules/${rule.id}` })).statusCode,
    ).toBe(204);
    expect((await asAdmin({ method: 'GET', url: '/api/codingrules' })).json()).toEqual([]);
  });

  it('answers bad rules with clear 400s and writes nothing', async () => {
    for (const [rule, message] of [
      [{ kind: 'amountLimit', limit: '1' }, 'Name is required'],
      [{ name: 'x', kind: 'amountLimit' }, 'The limit is required'],
      [{ name: 'x', kind: 'amountLimit', limit: '-5' }, 'The limit must be an amount like 5000.00'],
      [{ name: 'x', kind: 'requiredCoding' }, 'Choose at least one account kind'],
      [{ name: 'x', kind: 'nope' }, 'Choose a rule kind'],
      [
        { name: 'x', kind: 'poMatch', autoApprove: true },
        'Automatic approval belongs to an amount limit rule',
      ],
    ] as const) {
      const res = await addRule(rule);
      expect(res.statusCode, JSON.stringify(rule)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    // A connection of another company.
    const foreign = await addRule({ ...underLimit, partyId: w.strangerParty.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe('Choose one of your connections');
    expect((await asAdmin({ method: 'GET', url: '/api/codingrules' })).json()).toEqual([]);
  });
});

describe('touchless approval', () => {
  it('approves on delivery an invoice under the limit, naming the rule in history', async () => {
    await addRule(underLimit);
    const id = await deliver();
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Approved,
      purchaser: RouteStatus.Approved,
    });
    const approve = (await historyOf(t.db, id)).find(
      (h) => h.operationId === HistoryOperation.Approve,
    );
    expect(approve).toMatchObject({
      companyId: w.purchaser.id,
      userId: null,
      newValue: 'Approved automatically by rule "Under $5,000"',
    });
    // Both sides' history says so, names the receiving company and lists the rule in the details.
    for (const as of [asVendor, asPurchaser]) {
      const list = (await as({ method: 'GET', url: `/api/history/document/${id}` })).json<
        HistoryEntry[]
      >();
      const entry = list.find((h) => h.operation.id === HistoryOperation.Approve);
      expect(entry).toMatchObject({
        operation: { label: 'Approved automatically by rule "Under $5,000"' },
        updateUser: w.purchaser.name,
        hasHistoryDetails: true,
      });
      const details = await as({
        method: 'GET',
        url: `/api/history/${id}/details/${entry!.id}`,
      });
      expect(details.statusCode).toBe(200);
      expect(details.json<HistoryDetails>().items[0]).toEqual({
        name: 'Rule',
        oldValue: null,
        newValue: 'Under $5,000',
      });
    }
    // The vendor is told, in the app and by e-mail.
    const mails = await t.db.select().from(devMailbox).orderBy(devMailbox.id);
    expect(
      mails.some((m) => m.subject.endsWith(' approved') && m.text.includes('automatically')),
    ).toBe(true);
  });

  it('leaves an invoice over the limit, or with a disabled or connection-specific rule, Received', async () => {
    await addRule({ ...underLimit, limit: '1000' });
    expect((await statusOf(await deliver())).purchaser).toBe(RouteStatus.Received);
    await t.db.delete(codingRules).where(eq(codingRules.companyId, w.purchaser.id));

    await addRule({ ...underLimit, isActive: false });
    expect((await statusOf(await deliver())).purchaser).toBe(RouteStatus.Received);
    await t.db.delete(codingRules).where(eq(codingRules.companyId, w.purchaser.id));

    // A rule for another connection of the purchaser does not apply to this vendor.
    const other = await buildParty(t.db, w.purchaser, [], { name: 'Other Vendor' });
    await addRule({ ...underLimit, partyId: other.id });
    expect((await statusOf(await deliver())).purchaser).toBe(RouteStatus.Received);
    // …one for this vendor's connection does.
    await addRule({ ...underLimit, name: 'This vendor', partyId: w.toVendor.id });
    expect((await statusOf(await deliver())).purchaser).toBe(RouteStatus.Approved);
  });

  it('waits for the required coding, then approves when the coding is saved', async () => {
    await addRule(afeOrCostCenter);
    await addRule(underLimit);
    const id = await deliver();
    expect((await statusOf(id)).purchaser).toBe(RouteStatus.Received);
    const lines = await asPurchaser({ method: 'GET', url: `/api/documents/${id}/lineItems` });
    expect(lines.json<DocumentLineItems>().ruleResults).toEqual([
      expect.objectContaining({
        name: 'AFE or cost center',
        passed: false,
        message: 'Lines 1, 2 need an AFE or Cost Center',
      }),
      expect.objectContaining({ name: 'Under $5,000', passed: true }),
    ]);
    // The vendor never sees the receiver's rules.
    expect(
      (await asVendor({ method: 'GET', url: `/api/documents/${id}/lineItems` })).json().ruleResults,
    ).toEqual([]);

    await asPurchaser({
      method: 'PUT',
      url: `/api/documents/${id}/lineItems/coding`,
      payload: { lines: [{ lineNumber: 1, afe: 'A-1' }] },
    });
    expect((await statusOf(id)).purchaser).toBe(RouteStatus.Received);
    const coded = await asPurchaser({
      method: 'PUT',
      url: `/api/documents/${id}/lineItems/coding`,
      payload: { lines: [{ lineNumber: 2, costCenter: 'CC-1' }] },
    });
    expect(coded.statusCode, coded.body).toBe(200);
    expect(await statusOf(id)).toEqual({
      vendor: RouteStatus.Approved,
      purchaser: RouteStatus.Approved,
    });
    expect(coded.json<DocumentLineItems>().ruleResults.every((r) => r.passed)).toBe(true);
    // Approved invoices may still be coded; approval is not repeated.
    await asPurchaser({
      method: 'PUT',
      url: `/api/documents/${id}/lineItems/coding`,
      payload: { lines: [{ lineNumber: 2, well: 'W-1' }] },
    });
    const approvals = (await historyOf(t.db, id)).filter(
      (h) => h.operationId === HistoryOperation.Approve,
    );
    expect(approvals).toHaveLength(1);
  });

  it('requires the PO number to match before approving automatically', async () => {
    await addRule({ name: 'PO 2026', kind: 'poMatch', poPattern: 'PO-2026-*' });
    await addRule(underLimit);
    expect((await statusOf(await deliver({ docPONumber: 'PO-2025-9' }))).purchaser).toBe(
      RouteStatus.Received,
    );
    expect((await statusOf(await deliver())).purchaser).toBe(RouteStatus.Received);
    expect((await statusOf(await deliver({ docPONumber: 'po-2026-17' }))).purchaser).toBe(
      RouteStatus.Approved,
    );
  });
});
