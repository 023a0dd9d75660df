// Issue 29 item 6: a payment run pays several approved invoices of one vendor at once — each in
// full or in part — and the vendor gets one remittance advice (mail, PDF, CSV).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, RouteStatus } from '@flowline/shared';
import { devMailbox, paymentRuns, payments } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildMember } from './helpers/factories';
import {
  buildDocumentWorld,
  caller,
  sendVendorInvoice,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildDocumentWorld(t.db);
});
afterAll(async () => {
  await t?.close();
});

const asPurchaser = () => caller(t, w.purchaserUser, w.purchaser);
const asVendor = () => caller(t, w.user, w.vendor);

/** An AR invoice of $1,250.00 the vendor sent and the purchaser approved. */
async function approvedInvoice(): Promise<number> {
  const id = await sendVendorInvoice(t, w);
  const res = await asPurchaser()({ method: 'POST', url: `/api/documents/${id}/approve` });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const invoiceNumber = async (id: number) =>
  (
    (await asPurchaser()({ method: 'GET', url: `/api/documents/${id}` })).json() as {
      metadata: { metadata: { key: string }; value: string }[];
    }
  ).metadata.find((m) => m.metadata.key === 'docNumber')!.value;

const statusOf = async (id: number, who = asPurchaser()) =>
  (
    (await who({ method: 'GET', url: `/api/documents/${id}` })).json() as {
      routeStatusId: number;
    }
  ).routeStatusId;

const run = (payload: object, who = asPurchaser()) =>
  who({ method: 'POST', url: '/api/payment-runs', payload });

describe('a payment run over three invoices', () => {
  it('pays two in full and one in part, and the vendor gets one remittance listing all three', async () => {
    const [a, b, c] = [await approvedInvoice(), await approvedInvoice(), await approvedInvoice()];
    const candidates = await asPurchaser()({
      method: 'GET',
      url: `/api/payment-runs/candidates?partyId=${w.toVendor.id}`,
    });
    expect(candidates.statusCode, candidates.body).toBe(200);
    const listed = (candidates.json() as { items: { documentId: number; balance: number }[] })
      .items;
    for (const id of [a, b, c])
      expect(listed.find((i) => i.documentId === id)).toMatchObject({ balance: 1250 });
    const mailsBefore = (await t.db.select().from(devMailbox)).length;

    const res = await run({
      partyId: w.toVendor.id,
      paymentDate: '2026-02-10',
      method: 'ach',
      reference: 'ACH-TRACE-7781',
      lines: [
        { documentId: a, amount: '1250.00' },
        { documentId: b, amount: 1250 },
        { documentId: c, amount: '500.00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as {
      id: number;
      total: number;
      invoiceCount: number;
      lines: { documentId: number; amount: number; paidInFull: boolean; docNumber: string }[];
    };
    expect(body).toMatchObject({
      side: 'paid',
      total: 3000,
      invoiceCount: 3,
      method: 'ach',
      reference: 'ACH-TRACE-7781',
      payeeName: 'Vendor Co',
    });
    expect(body.lines.map((l) => [l.documentId, l.amount, l.paidInFull])).toEqual([
      [a, 1250, true],
      [b, 1250, true],
      [c, 500, false],
    ]);
    // Each line names its own invoice.
    const numbers = await Promise.all([a, b, c].map(invoiceNumber));
    expect(new Set(numbers).size).toBe(3);
    expect(body.lines.map((l) => l.docNumber)).toEqual(numbers);
    // Paid in full: Paid on both sides; in part: still Approved with its payment listed.
    expect(await statusOf(a)).toBe(RouteStatus.Paid);
    expect(await statusOf(b, asVendor())).toBe(RouteStatus.Paid);
    expect(await statusOf(c)).toBe(RouteStatus.Approved);
    const cPayments = await asVendor()({ method: 'GET', url: `/api/payment?documentId=${c}` });
    expect(cPayments.json()).toMatchObject({ paidAmount: 500, total: 1250 });

    // One mail to the vendor's member, listing the three invoices.
    const mails = (await t.db.select().from(devMailbox).orderBy(devMailbox.id)).slice(mailsBefore);
    const toVendor = mails.filter((m) => m.to.includes(w.user.emailAddress));
    expect(toVendor).toHaveLength(1);
    expect(toVendor[0]!.subject).toBe(`Payment PR-${body.id} from Purchaser Co`);
    expect(toVendor[0]!.text).toContain('ACH-TRACE-7781');
    expect(toVendor[0]!.text).toContain('$500.00 (part)');
    expect(toVendor[0]!.text).toContain(`/payment-runs/${body.id}`);

    // Both sides read the run; the vendor sees it as received, without the payer's clerk.
    const seen = await asVendor()({ method: 'GET', url: `/api/payment-runs/${body.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ side: 'received', createdBy: null, total: 3000 });
    const list = await asVendor()({ method: 'GET', url: '/api/payment-runs?side=received' });
    expect((list.json() as { items: { id: number }[] }).items.map((r) => r.id)).toContain(body.id);

    // The remittance as PDF (every invoice listed) and as CSV.
    const pdf = await asVendor()({
      method: 'GET',
      url: `/api/payment-runs/${body.id}/remittance?format=pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`remittance-PR-${body.id}.pdf`);
    const { PDFDocument } = await import('pdf-lib');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(1);
    const csv = await asPurchaser()({
      method: 'GET',
      url: `/api/payment-runs/${body.id}/remittance?format=csv`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Payer,Payee,Payment run,Payment date,Method,Reference,Invoice,Invoice total,Early-pay discount,Amount paid,Status',
    );
    expect(lines[3]).toMatch(/,1250\.00,0\.00,500\.00,Partial$/);
    expect(lines[1]).toContain(`,${numbers[0]},1250.00,0.00,1250.00,Paid in full`);

    // The part-paid invoice can be paid again; the paid ones are no longer candidates.
    const after = await asPurchaser()({
      method: 'GET',
      url: `/api/payment-runs/candidates?partyId=${w.toVendor.id}`,
    });
    const left = (after.json() as { items: { documentId: number; balance: number }[] }).items;
    expect(left.find((i) => i.documentId === c)).toMatchObject({ balance: 750 });
    expect(left.map((i) => i.documentId)).not.toContain(a);
  });
});

describe('refusals: nothing is half-written', () => {
  const countRuns = async () => (await t.db.select().from(paymentRuns)).length;

  it('refuses more than the balance, an unapproved invoice and another vendor’s, paying none', async () => {
    const ok = await approvedInvoice();
    const sentOnly = await sendVendorInvoice(t, w);
    const runs = await countRuns();
    const base = {
      partyId: w.toVendor.id,
      paymentDate: '2026-02-11',
      method: 'check',
      reference: '10442',
    };
    const over = await run({
      ...base,
      lines: [
        { documentId: ok, amount: '100.00' },
        { documentId: sentOnly, amount: '100.00' },
      ],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toMatch(/cannot be paid: only approved invoices/);
    const tooMuch = await run({ ...base, lines: [{ documentId: ok, amount: '1250.01' }] });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toMatch(/more than its balance of \$1,250\.00/);
    expect(await countRuns()).toBe(runs);
    expect(await t.db.select().from(payments).where(eq(payments.documentId, ok))).toEqual([]);
    expect(await statusOf(ok)).toBe(RouteStatus.Approved);
  });

  it('answers 400 with the spec-style messages for bad input', async () => {
    const res = await run({ paymentDate: 'soon', method: 'cash', reference: ' ', lines: [] });
    expect(res.statusCode).toBe(400);
    const text = res.body;
    expect(text).toContain('Choose the vendor to pay');
    expect(text).toContain('Enter the payment date');
    expect(text).toContain('Choose how it is paid');
    const dup = await run({
      partyId: w.toVendor.id,
      paymentDate: '2026-02-11',
      method: 'wire',
      reference: 'W-1',
      lines: [
        { documentId: 1, amount: '1' },
        { documentId: 1, amount: '2' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('Each invoice can be paid once in a run');
    const yearZero = await run({
      partyId: w.toVendor.id,
      paymentDate: '0000-01-01',
      method: 'wire',
      reference: 'W-0',
      lines: [{ documentId: 1, amount: '1' }],
    });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.body).toContain('Enter the payment date');
  });

  it('refuses ReadOnly members (403) and another company’s connection and runs (404)', async () => {
    const id = await approvedInvoice();
    const payload = {
      partyId: w.toVendor.id,
      paymentDate: '2026-02-12',
      method: 'ach',
      reference: 'X',
      lines: [{ documentId: id, amount: '1' }],
    };
    expect((await run(payload, caller(t, w.purchaserReadOnly, w.purchaser))).statusCode).toBe(403);
    const stranger = caller(t, w.strangerUser, w.stranger);
    const foreign = await run(payload, stranger);
    expect(foreign.statusCode).toBe(404);
    const made = await run(payload);
    expect(made.statusCode, made.body).toBe(201);
    const runId = (made.json() as { id: number }).id;
    for (const url of [
      `/api/payment-runs/${runId}`,
      `/api/payment-runs/${runId}/remittance?format=csv`,
      `/api/payment-runs/candidates?partyId=${w.toVendor.id}`,
    ])
      expect((await stranger({ method: 'GET', url })).statusCode, url).toBe(404);
    const list = await stranger({ method: 'GET', url: '/api/payment-runs' });
    expect((list.json() as { items: unknown[] }).items).toEqual([]);
    // The vendor, paid by it, cannot make a run from the purchaser's connection.
    expect((await run(payload, asVendor())).statusCode).toBe(404);
  });
});

describe('early-pay discounts', () => {
  let vendorAdmin: Awaited<ReturnType<typeof buildMember>>;
  const asVendorAdmin = () => caller(t, vendorAdmin, w.vendor);
  const offer = (payload: object, who = asVendorAdmin()) =>
    who({ method: 'PUT', url: '/api/early-pay-offers', payload });

  beforeAll(async () => {
    vendorAdmin = await buildMember(t.db, w.vendor, [Role.Administrator]);
  });

  it('only the vendor’s Administrators offer it; bad terms and another company’s connection are refused', async () => {
    const terms = { partyId: w.toPurchaser.id, discountPercent: 2, days: 10 };
    expect((await offer(terms, asVendor())).statusCode).toBe(403);
    expect((await offer(terms, caller(t, w.readOnly, w.vendor))).statusCode).toBe(403);
    const bad = await offer({ ...terms, discountPercent: 50, days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a discount between 0.01 and 20 percent');
    expect(bad.body).toContain('Enter a number of days between 1 and 120');
    const foreign = await offer(terms, caller(t, w.strangerUser, w.stranger));
    expect(foreign.statusCode).toBe(404);
    const none = await asPurchaser()({ method: 'GET', url: '/api/early-pay-offers' });
    expect(none.json()).toEqual({ offered: [], received: [] });
  });

  it('a run paid inside the window takes the discount and settles the invoice; outside or at the wrong amount it is refused', async () => {
    const saved = await offer({ partyId: w.toPurchaser.id, discountPercent: 2, days: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().offered).toMatchObject([
      { partyId: w.toPurchaser.id, counterpartyName: 'Purchaser Co', discountPercent: 2, days: 10 },
    ]);
    const seen = await asPurchaser()({ method: 'GET', url: '/api/early-pay-offers' });
    expect(seen.json().received).toMatchObject([
      { partyId: null, counterpartyName: 'Vendor Co', discountPercent: 2, days: 10 },
    ]);

    const id = await approvedInvoice();
    const candidates = await asPurchaser()({
      method: 'GET',
      url: `/api/payment-runs/candidates?partyId=${w.toVendor.id}`,
    });
    // Invoice date 2026-01-05 + 10 days.
    expect(
      (candidates.json() as { items: { documentId: number }[] }).items.find(
        (i) => i.documentId === id,
      ),
    ).toMatchObject({ discount: { percent: 2, amount: 25, until: '2026-01-15' } });

    const base = { partyId: w.toVendor.id, method: 'ach', reference: 'EARLY-1' };
    const late = await run({
      ...base,
      paymentDate: '2026-01-16',
      lines: [{ documentId: id, amount: '1225.00', takeDiscount: true }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/the early-pay discount ended on 2026-01-15\.$/);
    const wrong = await run({
      ...base,
      paymentDate: '2026-01-15',
      lines: [{ documentId: id, amount: '1250.00', takeDiscount: true }],
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toMatch(
      /with the early-pay discount the amount to pay is \$1,225\.00\.$/,
    );
    expect(await t.db.select().from(payments).where(eq(payments.documentId, id))).toEqual([]);

    const paid = await run({
      ...base,
      paymentDate: '2026-01-15',
      lines: [{ documentId: id, amount: '1225.00', takeDiscount: true }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      total: 1225,
      discountTotal: 25,
      lines: [{ documentId: id, amount: 1225, discount: 25, paidInFull: true }],
    });
    expect(await statusOf(id, asVendor())).toBe(RouteStatus.Paid);
    const list = await asVendor()({ method: 'GET', url: `/api/payment?documentId=${id}` });
    expect(list.json()).toMatchObject({
      paidAmount: 1250,
      items: [{ amount: 1225, discount: 25 }],
    });
    const csv = await asVendor()({
      method: 'GET',
      url: `/api/payment-runs/${paid.json().id}/remittance?format=csv`,
    });
    expect(csv.body.trim().split('\r\n')[1]).toMatch(/,1250\.00,25\.00,1225\.00,Paid in full$/);
  });

  it('is refused where none is offered, and removed by the vendor', async () => {
    const removed = await asVendorAdmin()({
      method: 'DELETE',
      url: `/api/early-pay-offers/${w.toPurchaser.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const again = await asVendorAdmin()({
      method: 'DELETE',
      url: `/api/early-pay-offers/${w.toPurchaser.id}`,
    });
    expect(again.statusCode).toBe(404);
    const id = await approvedInvoice();
    const res = await run({
      partyId: w.toVendor.id,
      method: 'ach',
      reference: 'EARLY-2',
      paymentDate: '2026-01-06',
      lines: [{ documentId: id, amount: '1225.00', takeDiscount: true }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/no early-pay discount is offered on it\.$/);
  });
});
