// Issue 29 item 7: payment terms on the invoice (due date computed, '2/10 Net 30' feeding the
// early-pay discount), the Early pay agreement covering invoices sent after it, and the dashboards
// — the vendor's expected cash by week and the customer's discounts captured vs missed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDaysToIsoDate,
  PAYMENT_TERMS_DISCOUNT_PATTERN,
  parsePaymentTerms,
  Role,
} from '@flowline/shared';
import { rowsOf } from '../src/modules/document-lists/sql-fragments';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildDocument } from './helpers/document-factories';
import { buildMember } from './helpers/factories';
import {
  buildDocumentWorld,
  caller,
  completeArInvoice,
  fieldIds,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;

const today = new Date().toISOString().slice(0, 10);
const day = (offset: number) => addDaysToIsoDate(today, offset)!;
const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
const monday = day(-((weekday + 6) % 7));
const mondayPlus = (n: number) => addDaysToIsoDate(monday, n)!;

const asVendor = () => caller(t, w.user, w.vendor);
const asPurchaser = () => caller(t, w.purchaserUser, w.purchaser);

/** An AR invoice the vendor sends to Purchaser Co with these values. */
async function send(values: Record<string, string | null>): Promise<number> {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice, ...values },
    receivingPartyId: w.toPurchaser.id,
  });
  const res = await asVendor()({
    method: 'PUT',
    url: `/api/documents/${doc.id}/publish`,
    payload: { metadata: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return doc.id;
}

async function approve(id: number) {
  const res = await asPurchaser()({ method: 'POST', url: `/api/documents/${id}/approve` });
  expect(res.statusCode, res.body).toBe(200);
}

async function pay(id: number, amount: string, date = today) {
  const res = await asPurchaser()({
    method: 'POST',
    url: '/api/payment',
    payload: { documentId: id, amount, transactionDate: date, paymentId: `P-${id}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const termsOf = async (id: number, who = asPurchaser()) => {
  const res = await who({ method: 'GET', url: `/api/payment?documentId=${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().terms;
};

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildDocumentWorld(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe('the dashboards', () => {
  let ids: Record<string, number>;
  let vendorAdmin: Awaited<ReturnType<typeof buildMember>>;

  beforeAll(async () => {
    vendorAdmin = await buildMember(t.db, w.vendor, [Role.Administrator]);
    // Before the agreement: these carry no discount unless their terms do.
    const overdue = await send({ docTotal: '1250.00', docDueDate: day(-3) });
    const dueToday = await send({ docTotal: '1000.00', docDueDate: today });
    const weekTwo = await send({ docTotal: '333.33', docDueDate: mondayPlus(17) });
    const later = await send({ docTotal: '500.00', docDueDate: mondayPlus(7 * 20) });
    const paidOff = await send({ docTotal: '400.00', docDueDate: today });
    const rejected = await send({ docTotal: '900.00', docDueDate: today });
    const beforeAgreement = await send({ docTotal: '800.00', docInvoiceDate: day(-40) });
    // Terms with a discount: open (until today + 5), missed (ended 10 days ago, unpaid), missed
    // (ended, paid in full without it).
    const openTerms = await send({
      docTotal: '1250.00',
      docPaymentTerms: '2/10 Net 30',
      docInvoiceDate: day(-5),
      docDueDate: day(25),
    });
    const missedTerms = await send({
      docTotal: '1000.00',
      docPaymentTerms: '2/10 Net 30',
      docInvoiceDate: day(-20),
      docDueDate: day(10),
    });
    const paidLate = await send({
      docTotal: '999.99',
      docPaymentTerms: '1/10 Net 30',
      docInvoiceDate: day(-40),
      docDueDate: day(-10),
    });
    // The vendor's Early pay agreement: 1.5% within 15 days, for invoices sent from now on.
    const agreed = await caller(
      t,
      vendorAdmin,
      w.vendor,
    )({
      method: 'PUT',
      url: '/api/early-pay-offers',
      payload: { partyId: w.toPurchaser.id, discountPercent: 1.5, days: 15 },
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const captured = await send({
      docTotal: '1234.56',
      docPaymentTerms: 'Net 30',
      docInvoiceDate: day(-2),
      docDueDate: day(28),
    });
    const missedAgreement = await send({
      docTotal: '600.00',
      docPaymentTerms: 'Net 30',
      docInvoiceDate: day(-30),
      docDueDate: day(0),
    });
    ids = {
      overdue,
      dueToday,
      weekTwo,
      later,
      paidOff,
      rejected,
      beforeAgreement,
      openTerms,
      missedTerms,
      paidLate,
      captured,
      missedAgreement,
    };

    for (const id of [weekTwo, paidOff, paidLate, captured]) await approve(id);
    await pay(weekTwo, '100.00');
    await pay(paidOff, '400.00');
    await pay(paidLate, '999.99');
    const rejectedRes = await asPurchaser()({
      method: 'POST',
      url: `/api/documents/${rejected}/reject`,
      payload: { reason: 'Not ours' },
    });
    expect(rejectedRes.statusCode, rejectedRes.body).toBe(200);
    // 1.5% of $1,234.56 = $18.5184: $18.52 off, $1,216.04 paid.
    const run = await asPurchaser()({
      method: 'POST',
      url: '/api/payment-runs',
      payload: {
        partyId: w.toVendor.id,
        paymentDate: today,
        method: 'wire',
        reference: 'W-1',
        lines: [{ documentId: captured, amount: '1216.04', takeDiscount: true }],
      },
    });
    expect(run.statusCode, run.body).toBe(201);
  });

  it('the agreement covers the invoices sent after it, not the ones before', async () => {
    expect((await termsOf(ids.missedAgreement!)).discount).toEqual({
      percent: 1.5,
      amount: 9,
      until: day(-15),
      source: 'agreement',
    });
    expect((await termsOf(ids.beforeAgreement!)).discount).toBeNull();
    // The invoice's own terms come first.
    expect((await termsOf(ids.openTerms!)).discount).toMatchObject({ percent: 2, source: 'terms' });
  });

  it('expected cash: open invoices net of payments, by the week they are due', async () => {
    const res = await asVendor()({ method: 'GET', url: '/api/payments/expectedCash' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.asOf).toBe(today);
    expect(body.weeks).toHaveLength(12);
    expect(body.weeks[0]).toMatchObject({ weekStart: today, weekEnd: mondayPlus(6) });
    expect(body.weeks[1]).toMatchObject({ weekStart: mondayPlus(7), weekEnd: mondayPlus(13) });
    // Overdue: $1,250.00 (due 3 days ago) and $800.00 (no due date: due on its invoice date).
    const week = (i: number) => body.weeks[i] as { amount: number; count: number };
    expect(body.overdue).toEqual({ amount: 2050, count: 2 });
    // Today: $1,000.00 and $600.00 (the rejected and the paid ones are not counted).
    expect(week(0)).toMatchObject({ amount: 1600, count: 2 });
    // Week 2: $333.33 less the $100.00 paid; the 2/10 Net 30 invoices: due in 25 days
    // ($1,250.00) and in 10 days ($1,000.00).
    const at = (date: string) =>
      body.weeks.findIndex(
        (x: { weekStart: string; weekEnd: string }) => x.weekStart <= date && date <= x.weekEnd,
      );
    const expectedByWeek = new Map<number, number>();
    for (const [date, amount] of [
      [today, 1600],
      [mondayPlus(17), 233.33],
      [day(25), 1250],
      [day(10), 1000],
    ] as const)
      expectedByWeek.set(at(date), (expectedByWeek.get(at(date)) ?? 0) + amount);
    for (const [i, amount] of expectedByWeek)
      expect(week(i).amount, `week ${i}`).toBeCloseTo(amount, 2);
    expect(body.later).toEqual({ amount: 500, count: 1 });
    // $1,250 + $1,000 + $233.33 + $500 + $800 + $1,250 + $1,000 + $600 (the paid ones are out).
    expect(body.total).toEqual({ amount: 6633.33, count: 8 });

    const six = await asVendor()({ method: 'GET', url: '/api/payments/expectedCash?weeks=2' });
    expect(six.json().weeks).toHaveLength(2);
    expect(six.json().total).toEqual(body.total);
  });

  it('discounts: captured in runs, missed when the window passed, available while open', async () => {
    const res = await asPurchaser()({ method: 'GET', url: '/api/payments/discountSummary' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      asOf: today,
      captured: { amount: 18.52, count: 1 },
      // $20.00 (2% of $1,000.00) + $10.00 (1% of $999.99) + $9.00 (1.5% of $600.00).
      missed: { amount: 39, count: 3 },
      // 2% of $1,250.00, open until today + 5.
      available: { amount: 25, count: 1 },
    });
    // One month back: the 1/10 window ended 30 days ago — only if it is inside the month.
    const month = await asPurchaser()({
      method: 'GET',
      url: '/api/payments/discountSummary?months=1',
    });
    expect(month.statusCode).toBe(200);
    const since = month.json().since as string;
    expect(month.json().missed.amount).toBe(20 + 9 + (day(-30) >= since ? 10 : 0));
  });

  it('counts only the caller’s company: the vendor, a stranger and read-only members', async () => {
    const zero = { amount: 0, count: 0 };
    const vendorDiscounts = await asVendor()({
      method: 'GET',
      url: '/api/payments/discountSummary',
    });
    expect(vendorDiscounts.json()).toMatchObject({
      captured: zero,
      missed: zero,
      available: zero,
    });
    const purchaserCash = await asPurchaser()({ method: 'GET', url: '/api/payments/expectedCash' });
    expect(purchaserCash.json()).toMatchObject({ overdue: zero, later: zero, total: zero });
    const asStranger = caller(t, w.strangerUser, w.stranger);
    expect(
      (await asStranger({ method: 'GET', url: '/api/payments/expectedCash' })).json().total,
    ).toEqual(zero);
    expect(
      (await asStranger({ method: 'GET', url: '/api/payments/discountSummary' })).json(),
    ).toMatchObject({ captured: zero, missed: zero, available: zero });
    const readOnly = await caller(
      t,
      w.purchaserReadOnly,
      w.purchaser,
    )({ method: 'GET', url: '/api/payments/discountSummary' });
    expect(readOnly.statusCode).toBe(200);
    expect(readOnly.json().captured).toEqual({ amount: 18.52, count: 1 });
    const vendorReadOnly = await caller(
      t,
      w.readOnly,
      w.vendor,
    )({ method: 'GET', url: '/api/payments/expectedCash' });
    expect(vendorReadOnly.json().total.amount).toBe(6633.33);
  });

  it('refuses bad input with the message', async () => {
    for (const url of [
      '/api/payments/expectedCash?weeks=0',
      '/api/payments/expectedCash?weeks=27',
      '/api/payments/expectedCash?weeks=two',
      '/api/payments/expectedCash?weeks=1.5',
    ]) {
      const res = await asVendor()({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toContain('Enter a number of weeks between 1 and 26');
    }
    const months = await asPurchaser()({
      method: 'GET',
      url: '/api/payments/discountSummary?months=37',
    });
    expect(months.statusCode).toBe(400);
    expect(months.json().error.message).toContain('Enter a number of months between 1 and 36');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/payments/expectedCash' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('payment terms on the invoice', () => {
  it('a draft’s empty Due Date is what the terms give; a typed one stays; it follows the terms', async () => {
    const doc = await buildDocument(t.db, {
      owner: w.vendor,
      user: w.user,
      metadata: { ...completeArInvoice, docInvoiceDate: '2024-02-10' },
      receivingPartyId: w.toPurchaser.id,
    });
    const f = await fieldIds(t.db);
    const save = (values: [string, string | null][]) =>
      asVendor()({
        method: 'PUT',
        url: `/api/documents/${doc.id}/metadata`,
        payload: {
          metadata: values.map(([key, value]) => ({ metadataDefinitionId: f[key], value })),
        },
      });
    const due = async () =>
      (
        (await asVendor()({ method: 'GET', url: `/api/documents/${doc.id}` })).json() as {
          metadata: { metadata: { key: string }; value: string | null }[];
        }
      ).metadata.find((m) => m.metadata.key === 'docDueDate')!.value;

    expect((await save([['docPaymentTerms', 'Net 30']])).statusCode).toBe(200);
    expect(await due()).toBe('2024-03-11'); // leap year: 10 Feb + 30 days
    // The computed date follows a change of the terms and of the invoice date.
    const eom = await save([['docPaymentTerms', 'Net 30 EOM']]);
    expect(eom.statusCode, eom.body).toBe(200);
    expect(await due()).toBe('2024-03-30'); // 29 Feb + 30 days
    await save([['docInvoiceDate', '2026-01-05']]);
    expect(await due()).toBe('2026-03-02');
    // A due date the user typed is kept when the terms change.
    await save([['docDueDate', '2026-04-01']]);
    await save([['docPaymentTerms', 'Net 15']]);
    expect(await due()).toBe('2026-04-01');
    expect(await termsOf(doc.id, asVendor())).toEqual({
      text: 'Net 15',
      dueDate: '2026-04-01',
      discount: null,
    });
  });

  it('2/10 Net 30 offers its discount on both sides, and a payment run takes it', async () => {
    const id = await send({
      docInvoiceDate: '2026-01-05',
      docPaymentTerms: '2/10 Net 30',
      docDueDate: '2026-02-04',
    });
    const expected = {
      text: '2/10 Net 30',
      dueDate: '2026-02-04',
      discount: { percent: 2, amount: 25, until: '2026-01-15', source: 'terms' },
    };
    expect(await termsOf(id)).toEqual(expected);
    expect(await termsOf(id, asVendor())).toEqual(expected);
    await approve(id);
    const candidates = await asPurchaser()({
      method: 'GET',
      url: `/api/payment-runs/candidates?partyId=${w.toVendor.id}`,
    });
    expect(
      (candidates.json() as { items: { documentId: number }[] }).items.find(
        (i) => i.documentId === id,
      ),
    ).toMatchObject({ discount: { percent: 2, amount: 25, until: '2026-01-15', source: 'terms' } });
    const base = { partyId: w.toVendor.id, method: 'ach', reference: 'TERMS-1' };
    const late = await asPurchaser()({
      method: 'POST',
      url: '/api/payment-runs',
      payload: {
        ...base,
        paymentDate: '2026-01-16',
        lines: [{ documentId: id, amount: '1225.00', takeDiscount: true }],
      },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/the early-pay discount ended on 2026-01-15\.$/);
    const paid = await asPurchaser()({
      method: 'POST',
      url: '/api/payment-runs',
      payload: {
        ...base,
        paymentDate: '2026-01-15',
        lines: [{ documentId: id, amount: '1225.00', takeDiscount: true }],
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ total: 1225, discountTotal: 25 });
  });

  it('the database reads discount terms exactly as the shared parser does', async () => {
    const samples = [
      '2/10 Net 30',
      '2/10, N30',
      '2% 10 Net 30',
      '1.5/15 net 45 days',
      '21/10 Net 30',
      '2/30 Net 30',
      '2/10',
      'Net 30',
      '2 10 Net 30',
      '0.25/5 Net 10',
    ];
    for (const text of samples) {
      const [row] = rowsOf<{ m: string[] | null }>(
        await t.db.execute(
          sql`select regexp_match(${text}, ${PAYMENT_TERMS_DISCOUNT_PATTERN}, 'i') as m`,
        ),
      );
      const js = new RegExp(PAYMENT_TERMS_DISCOUNT_PATTERN, 'i').exec(text);
      expect(row!.m, text).toEqual(js ? js.slice(1) : null);
    }
    expect(parsePaymentTerms('2/30 Net 30')).toBeNull();
  });
});
