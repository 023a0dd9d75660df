// Issue 32 item 4: the three-way match on arrival. An invoice billing two signed (approved) field
// tickets at book prices is approved automatically ('Approved automatically: matched tickets FT-…
// and price book …'); one with a price over tolerance lands in the exceptions list saying why;
// accept with a comment; tolerance edges through the API; dispute/reject leave the list; refused
// roles, another company's ids (404) and bad input. Tickets are written by a FIXTURE
// (helpers/field-ticket-fixtures.ts) until the field-tickets API lands.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountKind,
  HistoryOperation,
  RouteStatus,
  inboundEmailAddress,
  type InvoiceMatchDto,
  type MatchExceptionsPage,
  type OperatorMatchDashboard,
  type VendorTicketDashboard,
} from '@flowline/shared';
import {
  codingRules,
  fieldTicketBillings,
  invoiceMatches,
  matchTolerances,
  parties,
  priceBooks,
} from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { routeOf } from './helpers/document-factories';
import {
  caller,
  completeArInvoice,
  fieldIds,
  historyOf,
  openDocumentWorld,
  type DocumentWorld,
} from './helpers/document-world';
import {
  buildApprovedTicket,
  buildInvoiceBilling,
  type TicketLineFixture,
} from './helpers/field-ticket-fixtures';
import { multipartBody } from './helpers/multipart';
import { pidxInvoiceXml } from './helpers/pidx';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;
let asPurchaserAdmin: ReturnType<typeof caller>;
let asPurchaserReadOnly: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;

const HEADER = 'Item Code,Description,UOM,Unit Price,Effective From,Effective To';

async function publishBook(rows: string[], effectiveFrom: string, effectiveTo?: string) {
  const { payload, headers } = await multipartBody([
    [
      'options',
      JSON.stringify({
        partyId: w.toPurchaser.id,
        effectiveFrom,
        effectiveTo: effectiveTo ?? null,
      }),
    ],
    [
      'file',
      { type: 'text/csv', name: 'prices.csv', data: Buffer.from([HEADER, ...rows].join('\r\n')) },
    ],
  ]);
  const res = await asVendor({ method: 'POST', url: '/api/pricebooks/import', payload, headers });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld({ INBOUND_SMTP_PORT: '0' }));
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  asPurchaserAdmin = caller(t, w.purchaserQuiet, w.purchaser);
  asPurchaserReadOnly = caller(t, w.purchaserReadOnly, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
  await publishBook(
    ['VAC-130,Vacuum truck 130 bbl,HR,95.00,,', 'HOT-OIL,Hot oil unit,HR,140.00,,'],
    '2025-01-01',
  );
});
afterAll(() => t.close());

let ticketNumber = 1000;
const ticket = (lines: TicketLineFixture[], serviceDate = '2026-01-02', afe = 'AFE-7') =>
  buildApprovedTicket(t.db, {
    vendor: w.vendor,
    user: w.user,
    operator: w.purchaser,
    partyId: w.toPurchaser.id,
    number: `FT-${++ticketNumber}`,
    serviceDate,
    afe,
    lines,
  });

/** Builds the invoice billing the tickets and sends it through the API; returns its id. */
async function sendInvoice(
  tickets: Awaited<ReturnType<typeof ticket>>[],
  lines: (TicketLineFixture & { serviceDate?: string })[],
) {
  const doc = await buildInvoiceBilling(t.db, {
    vendor: w.vendor,
    user: w.user,
    operator: w.purchaser,
    partyId: w.toPurchaser.id,
    metadata: { ...completeArInvoice, docAFE: 'AFE-7' },
    tickets,
    lines: lines.map((l) => ({ serviceDate: '2026-01-02', ...l })),
  });
  const res = await asVendor({
    method: 'PUT',
    url: `/api/documents/${doc.id}/publish`,
    payload: { metadata: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return doc.id;
}

const exceptions = async (query = '', who = asPurchaser) => {
  const res = await who({ method: 'GET', url: `/api/match/exceptions${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MatchExceptionsPage>();
};
const matchOf = (id: number, who = asPurchaser) =>
  who({ method: 'GET', url: `/api/documents/${id}/match` });
const accept = (id: number, payload: unknown, who = asPurchaser) =>
  who({ method: 'POST', url: `/api/match/exceptions/${id}/accept`, payload: payload as object });

const VAC = { itemCode: 'VAC-130', uom: 'HR', quantity: '8', unitPrice: '95.00' };
const HOT = { itemCode: 'HOT-OIL', uom: 'HR', quantity: '4', unitPrice: '140.00' };

describe('match on arrival', () => {
  it('approves automatically an invoice billing two signed tickets at book prices', async () => {
    const a = await ticket([VAC]);
    const b = await ticket([HOT]);
    const id = await sendInvoice([a, b], [VAC, HOT]);

    expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Approved);
    expect((await routeOf(t.db, id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Approved);
    const message = `Approved automatically: matched tickets FT-${ticketNumber - 1}, FT-${ticketNumber} and price book v1`;
    const approve = (await historyOf(t.db, id)).find(
      (h) => h.operationId === HistoryOperation.Approve,
    );
    expect(approve?.newValue).toBe(message);
    expect(approve?.newValue).toMatch(
      /^Approved automatically: matched tickets FT-.+ and price book .+/,
    );
    // Both sides' history read it that way.
    for (const who of [asPurchaser, asVendor]) {
      const entries = (await who({ method: 'GET', url: `/api/history/document/${id}` })).json<
        { operation: { id: number; label: string } }[]
      >();
      expect(
        entries.find((e) => e.operation.id === HistoryOperation.Approve)?.operation.label,
      ).toBe(message);
    }

    const res = await matchOf(id);
    expect(res.statusCode, res.body).toBe(200);
    const match = res.json<InvoiceMatchDto>();
    expect(match).toMatchObject({ verdict: 'matched', status: 'matched', touchless: true });
    expect(match.lines.map((l) => [l.verdict, l.expectedUnitPrice, l.ticketNumbers])).toEqual([
      ['matched', '95.00', [`FT-${ticketNumber - 1}`]],
      ['matched', '140.00', [`FT-${ticketNumber}`]],
    ]);
    expect(match.tickets.map((x) => x.ticketNumber).sort()).toEqual([
      `FT-${ticketNumber - 1}`,
      `FT-${ticketNumber}`,
    ]);
    expect(match.priceBookVersions.map((v) => v.versionNumber)).toEqual([1]);
    // The vendor does not read the operator's match; another company gets a 404 too.
    expect((await matchOf(id, asVendor)).statusCode).toBe(404);
    expect((await matchOf(id, asStranger)).statusCode).toBe(404);
    expect((await exceptions()).items.map((i) => i.documentId)).not.toContain(id);
  });

  it('sends an invoice with a price over tolerance to the exceptions list, saying why', async () => {
    const a = await ticket([VAC]);
    const id = await sendInvoice([a], [{ ...VAC, unitPrice: '96.00' }]);
    expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Received);

    const page = await exceptions();
    const row = page.items.find((i) => i.documentId === id);
    expect(row).toMatchObject({
      reasonKinds: ['priceDiffers'],
      reasons: ['Line 1: price differs — $96.00 billed, $95.00 in price book v1 (tolerance $0.01)'],
      vendor: { companyId: w.vendor.id, name: 'Vendor Co' },
    });
    expect(page.vendors).toEqual([{ companyId: w.vendor.id, name: 'Vendor Co' }]);
    expect((await exceptions('?reason=priceDiffers')).items.map((i) => i.documentId)).toContain(id);
    expect((await exceptions('?reason=noTicket')).items.map((i) => i.documentId)).not.toContain(id);
    expect((await exceptions(`?vendor=${w.stranger.id}`)).total).toBe(0);
    const match = (await matchOf(id)).json<InvoiceMatchDto>();
    expect(match).toMatchObject({ verdict: 'exceptions', status: 'open', touchless: false });
    expect(match.lines[0]).toMatchObject({
      verdict: 'priceDiffers',
      unitPrice: '96.00',
      expectedUnitPrice: '95.00',
      priceBookVersionNumber: 1,
    });
    // The operator's history notes the exceptions; the vendor's does not.
    const ops = (await historyOf(t.db, id)).map((h) => h.operationId);
    expect(ops).toContain(HistoryOperation.MatchExceptions);
    expect(ops).not.toContain(HistoryOperation.Approve);
    const vendorEntries = (
      await asVendor({ method: 'GET', url: `/api/history/document/${id}` })
    ).json<{ operation: { id: number } }[]>();
    expect(vendorEntries.map((e) => e.operation.id)).not.toContain(
      HistoryOperation.MatchExceptions,
    );
  });

  it('names a line without a ticket and a quantity over the ticket', async () => {
    const a = await ticket([{ ...VAC, quantity: '10' }]);
    const id = await sendInvoice([a], [{ ...VAC, quantity: '12' }, HOT]);
    const row = (await exceptions()).items.find((i) => i.documentId === id)!;
    expect(row.reasonKinds).toEqual(['noTicket', 'quantityOverTicket']);
    expect(row.reasons).toEqual([
      `Line 1: quantity over ticket — 12 billed, 10 on ticket FT-${ticketNumber} (tolerance 0 %)`,
      'Line 2: no ticket',
    ]);
  });

  it('accept with a comment: history, out of the list, the invoice waits in its approval chain', async () => {
    const a = await ticket([VAC]);
    const id = await sendInvoice([a], [{ ...VAC, unitPrice: '97.00' }]);

    // Bad input and refused callers write nothing.
    const empty = await accept(id, { comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(
      'Say why the difference is accepted (a comment is required)',
    );
    expect((await accept(id, {})).statusCode).toBe(400);
    const long = await accept(id, { comment: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('The comment can be at most 2000 characters');
    const readOnly = await accept(id, { comment: 'ok' }, asPurchaserReadOnly);
    expect(readOnly.statusCode).toBe(403);
    expect((await accept(id, { comment: 'ok' }, asStranger)).statusCode).toBe(404);
    expect((await accept(id, { comment: 'ok' }, asVendor)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/match/exceptions' })).statusCode).toBe(
      401,
    );
    const [before] = await t.db
      .select()
      .from(invoiceMatches)
      .where(eq(invoiceMatches.documentId, id));
    expect(before?.acceptedAt).toBeNull();

    const res = await accept(id, { comment: 'Fuel surcharge agreed by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InvoiceMatchDto>()).toMatchObject({
      status: 'accepted',
      accepted: { comment: 'Fuel surcharge agreed by phone', userName: 'Pat Purchaser' },
    });
    const accepted = (await historyOf(t.db, id)).find(
      (h) => h.operationId === HistoryOperation.MatchAccepted,
    );
    expect(accepted?.newValue).toBe('Match difference accepted: Fuel surcharge agreed by phone');
    // The operator's history list reads the comment; the vendor's has no such entry.
    const listed = (await asPurchaser({ method: 'GET', url: `/api/history/document/${id}` })).json<
      { operation: { id: number; label: string } }[]
    >();
    expect(
      listed.find((e) => e.operation.id === HistoryOperation.MatchAccepted)?.operation.label,
    ).toBe('Match difference accepted: Fuel surcharge agreed by phone');
    expect((await exceptions()).items.map((i) => i.documentId)).not.toContain(id);
    expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Received);
    const again = await accept(id, { comment: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This exception is already resolved');
    // A person approves it as any invoice.
    const approve = await asPurchaser({ method: 'POST', url: `/api/documents/${id}/approve` });
    expect(approve.statusCode, approve.body).toBe(200);
  });

  it('dispute and reject take the invoice out of the list', async () => {
    const a = await ticket([VAC]);
    const disputed = await sendInvoice([a], [{ ...VAC, unitPrice: '99.00' }]);
    const b = await ticket([VAC]);
    const rejected = await sendInvoice([b], [{ ...VAC, unitPrice: '99.00' }]);
    const listed = (await exceptions()).items.map((i) => i.documentId);
    expect(listed).toEqual(expect.arrayContaining([disputed, rejected]));
    const d = await asPurchaser({
      method: 'POST',
      url: `/api/documents/${disputed}/dispute`,
      payload: { comment: 'The rate is $95.00 in your price book' },
    });
    expect(d.statusCode, d.body).toBe(200);
    const r = await asPurchaser({
      method: 'POST',
      url: `/api/documents/${rejected}/reject`,
      payload: { reason: 'Wrong rate' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = (await exceptions()).items.map((i) => i.documentId);
    expect(after).not.toContain(disputed);
    expect(after).not.toContain(rejected);
    expect((await matchOf(disputed)).json<InvoiceMatchDto>().status).toBe('resolved');
    expect((await accept(disputed, { comment: 'late' })).statusCode).toBe(409);

    // The vendor resubmits: the new version bills the same tickets (its first version's billing
    // rows), so it is matched again against them — not 'No ticket'.
    const resubmitted = await asVendor({
      method: 'POST',
      url: `/api/documents/${disputed}/resubmit`,
      payload: {},
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const next = resubmitted.json<{ id: number }>().id;
    expect(next).not.toBe(disputed);
    const again = (await matchOf(next)).json<InvoiceMatchDto>();
    expect(again.tickets.map((x) => x.documentId)).toEqual([a.id]);
    expect(again.reasonKinds).toEqual(['priceDiffers']);
  });
});

/** A ticket written, signed and approved through the field-tickets API; returns its id. */
async function approvedThroughApi(n: string, lines = [VAC, HOT], afe = 'AFE-7') {
  const png = await sharp({
    create: { width: 120, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const created = await asVendor({
    method: 'POST',
    url: '/api/field-tickets',
    payload: {
      clientId: crypto.randomUUID(),
      partyId: w.toPurchaser.id,
      fields: { docNumber: n, docServiceDate: '2026-01-02', docWellName: 'Reeves 12', docAFE: afe },
      lines: lines.map((l) => ({ ...l, description: l.itemCode })),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ documentId: number }>().documentId;
  const signed = await asVendor({
    method: 'POST',
    url: `/api/field-tickets/${id}/signoff`,
    payload: {
      clientId: crypto.randomUUID(),
      signerName: 'Rita Rep',
      signedAt: '2026-01-02T15:45:00-06:00',
      signature: `data:image/png;base64,${png.toString('base64')}`,
    },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const ok = await asPurchaser({
    method: 'POST',
    url: `/api/documents/${id}/approve`,
    payload: {},
  });
  expect(ok.statusCode, ok.body).toBe(200);
  return id;
}

const flip = (ticketDocumentIds: number[]) =>
  asVendor({ method: 'POST', url: '/api/field-tickets/invoice', payload: { ticketDocumentIds } });

describe('through the field-tickets API (sign-off, approve, flip, send)', () => {
  it('an invoice flipped from two signed, approved tickets is approved automatically', async () => {
    const a = await approvedThroughApi('FT-9001');
    const b = await approvedThroughApi('FT-9002');
    const flipped = await flip([a, b]);
    expect(flipped.statusCode, flipped.body).toBe(201);
    const invoiceId = flipped.json<{ invoiceDocumentId: number }>().invoiceDocumentId;
    const ids = await fieldIds(t.db);
    const values = { ...completeArInvoice };
    const sent = await asVendor({
      method: 'PUT',
      url: `/api/documents/${invoiceId}/publish`,
      payload: {
        metadata: (['docNumber', 'docInvoiceDate', 'docOrgUnitName'] as const).map((key) => ({
          metadataDefinitionId: ids[key]!,
          value: values[key],
        })),
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await routeOf(t.db, invoiceId, w.purchaser.id))?.routeStatusId).toBe(
      RouteStatus.Approved,
    );
    expect(
      (await historyOf(t.db, invoiceId)).find((h) => h.operationId === HistoryOperation.Approve)
        ?.newValue,
    ).toBe('Approved automatically: matched tickets FT-9001, FT-9002 and price book v1');
    const match = (await matchOf(invoiceId)).json<InvoiceMatchDto>();
    expect(match.lines.map((l) => l.verdict)).toEqual(['matched', 'matched', 'matched', 'matched']);
  });
});

describe('PIDX invoices without billing links', () => {
  const pidx = (number: string, ticketNumber: string) =>
    asVendor({
      method: 'POST',
      url: '/api/pidx/invoices',
      payload: pidxInvoiceXml({
        invoiceNumber: number,
        headerAfe: 'AFE-7',
        total: '760.00',
        lines: [
          {
            description: 'Vacuum truck',
            itemCode: 'VAC-130',
            quantity: '8',
            uom: 'HR',
            unitPrice: '95.00',
            serviceDate: '2026-01-02',
            fieldTicket: ticketNumber,
          },
        ],
      }),
      headers: { 'content-type': 'application/xml' },
    });

  it('finds the approved, unbilled ticket by its number; a duplicate bill finds none', async () => {
    await ticket([VAC]);
    const number = `FT-${ticketNumber}`;
    const first = await pidx('PIDX-FT-1', number);
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json<{ documentId: number }>().documentId;
    expect((await routeOf(t.db, firstId, w.purchaser.id))?.routeStatusId).toBe(
      RouteStatus.Approved,
    );
    expect(
      (await historyOf(t.db, firstId)).find((h) => h.operationId === HistoryOperation.Approve)
        ?.newValue,
    ).toBe(`Approved automatically: matched ticket ${number} and price book v1`);

    // The same ticket billed again by another PIDX invoice: no ticket left to match.
    const again = await pidx('PIDX-FT-2', number);
    expect(again.statusCode, again.body).toBe(201);
    const againId = again.json<{ documentId: number }>().documentId;
    expect((await routeOf(t.db, againId, w.purchaser.id))?.routeStatusId).toBe(
      RouteStatus.Received,
    );
    expect((await matchOf(againId)).json<InvoiceMatchDto>().reasons).toEqual(['Line 1: no ticket']);
  });
});

describe('a ticket is billed once across flip and PIDX', () => {
  const xml = (number: string, ticketNumber: string) =>
    pidxInvoiceXml({
      invoiceNumber: number,
      headerAfe: 'AFE-7',
      total: '760.00',
      lines: [
        {
          description: 'Vacuum truck',
          itemCode: 'VAC-130',
          quantity: '8',
          uom: 'HR',
          unitPrice: '95.00',
          serviceDate: '2026-01-02',
          fieldTicket: ticketNumber,
        },
      ],
    });
  const pidx = (number: string, ticketNumber: string) =>
    asVendor({
      method: 'POST',
      url: '/api/pidx/invoices',
      payload: xml(number, ticketNumber),
      headers: { 'content-type': 'application/xml' },
    });
  const billingOf = async (ticketId: number) =>
    (
      await t.db
        .select()
        .from(fieldTicketBillings)
        .where(eq(fieldTicketBillings.ticketDocumentId, ticketId))
    )[0];

  it('flip after PIDX: the PIDX match billed the ticket for the vendor, the flip is refused', async () => {
    const ticketId = await approvedThroughApi('FT-9101', [VAC]);
    const sent = await pidx('PIDX-BILL-1', 'FT-9101');
    expect(sent.statusCode, sent.body).toBe(201);
    const invoiceId = sent.json<{ documentId: number }>().documentId;
    expect((await routeOf(t.db, invoiceId, w.purchaser.id))?.routeStatusId).toBe(
      RouteStatus.Approved,
    );
    // The vendor's billing row, written in the arrival's transaction.
    expect(await billingOf(ticketId)).toMatchObject({
      invoiceDocumentId: invoiceId,
      companyId: w.vendor.id,
      counterpartyCompanyId: w.purchaser.id,
    });
    const refused = await flip([ticketId]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'field_ticket_billed',
      message: 'Field ticket FT-9101 is already billed by invoice PIDX-BILL-1',
    });
    // The vendor's own ticket says which invoice bills it, and it is no longer billable.
    const own = await asVendor({ method: 'GET', url: `/api/field-tickets/${ticketId}` });
    expect(own.json<{ billedBy: unknown }>().billedBy).toEqual({
      invoiceDocumentId: invoiceId,
      invoiceNumber: 'PIDX-BILL-1',
    });
    const billable = await asVendor({
      method: 'GET',
      url: '/api/field-tickets?side=sent&billable=true&pageSize=100',
    });
    expect(
      billable.json<{ items: { documentId: number }[] }>().items.map((i) => i.documentId),
    ).not.toContain(ticketId);
  });

  it('a PIDX invoice e-mailed to the operator bills the ticket for the vendor too (in its scope)', async () => {
    const ticketId = await approvedThroughApi('FT-9103', [VAC]);
    await t.db
      .update(parties)
      .set({ emails: ['ar@vendor.example'] })
      .where(eq(parties.id, w.toVendor.id));
    const info = await nodemailer
      .createTransport({
        host: '127.0.0.1',
        port: t.app.inboundMail!.port,
        secure: false,
        ignoreTLS: true,
      })
      .sendMail({
        from: 'ar@vendor.example',
        to: inboundEmailAddress(w.purchaser.code, 'inbound.flowline.local'),
        subject: 'Invoice',
        text: 'Attached.',
        attachments: [
          {
            filename: 'PIDX-MAIL-1.xml',
            contentType: 'application/xml',
            content: xml('PIDX-MAIL-1', 'FT-9103'),
          },
        ],
      });
    expect(info.response).toMatch(/^250 .*Received 1 document/);
    const billing = await billingOf(ticketId);
    expect(billing).toMatchObject({
      companyId: w.vendor.id,
      counterpartyCompanyId: w.purchaser.id,
    });
    const invoiceId = billing!.invoiceDocumentId;
    expect((await routeOf(t.db, invoiceId, w.purchaser.id))?.routeStatusId).toBe(
      RouteStatus.Approved,
    );
    // The vendor holds no route to the operator's e-mailed invoice: it is named by its id.
    const refused = await flip([ticketId]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `Field ticket FT-9103 is already billed by invoice #${invoiceId}`,
    );
  });

  it('PIDX after flip: the flipped ticket is not matched again (no ticket), its billing stays', async () => {
    const ticketId = await approvedThroughApi('FT-9102', [VAC]);
    const flipped = await flip([ticketId]);
    expect(flipped.statusCode, flipped.body).toBe(201);
    const flipInvoice = flipped.json<{ invoiceDocumentId: number }>().invoiceDocumentId;
    const sent = await pidx('PIDX-BILL-2', 'FT-9102');
    expect(sent.statusCode, sent.body).toBe(201);
    const invoiceId = sent.json<{ documentId: number }>().documentId;
    expect((await routeOf(t.db, invoiceId, w.purchaser.id))?.routeStatusId).toBe(
      RouteStatus.Received,
    );
    const match = (await matchOf(invoiceId)).json<InvoiceMatchDto>();
    expect(match.reasons).toEqual(['Line 1: no ticket']);
    expect(match.tickets).toEqual([]);
    expect((await billingOf(ticketId))?.invoiceDocumentId).toBe(flipInvoice);
    expect((await exceptions()).items.map((i) => i.documentId)).toContain(invoiceId);
  });
});

describe('re-match after the operator changes the coding', () => {
  const code = (id: number, lines: object[], who = asPurchaser) =>
    who({ method: 'PUT', url: `/api/documents/${id}/lineItems/coding`, payload: { lines } });
  const reruns = async (id: number) =>
    (await historyOf(t.db, id)).filter((h) => h.operationId === HistoryOperation.MatchRerun);
  /** An invoice billing one VAC ticket on AFE-7, naming the given AFE; sent through the API. */
  const deliver = async (afe: string) => {
    const a = await ticket([VAC]);
    const doc = await buildInvoiceBilling(t.db, {
      vendor: w.vendor,
      user: w.user,
      operator: w.purchaser,
      partyId: w.toPurchaser.id,
      metadata: { ...completeArInvoice, docAFE: afe, docTotal: '760.00' },
      tickets: [a],
      lines: [{ ...VAC, serviceDate: '2026-01-02' }],
    });
    const res = await asVendor({
      method: 'PUT',
      url: `/api/documents/${doc.id}/publish`,
      payload: { metadata: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: doc.id, ticketNumber: `FT-${ticketNumber}` };
  };

  it('AFE mismatch → exception; the clerk fixes the AFE → matched and approved by the match', async () => {
    const { id, ticketNumber: number } = await deliver('AFE-8');
    const reason = `Line 1: no ticket on AFE AFE-8 — VAC-130 is on ticket ${number} for AFE AFE-7`;
    expect((await exceptions()).items.find((i) => i.documentId === id)?.reasons).toEqual([reason]);
    const before = (
      await asPurchaser({ method: 'GET', url: '/api/match/dashboard' })
    ).json<OperatorMatchDashboard>();

    const res = await code(id, [{ lineNumber: 1, afe: 'AFE-7' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Approved);
    expect((await routeOf(t.db, id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Approved);
    const history = await historyOf(t.db, id);
    expect(history.find((h) => h.operationId === HistoryOperation.Approve)?.newValue).toBe(
      `Approved automatically: matched ticket ${number} and price book v1`,
    );
    expect((await reruns(id)).map((h) => h.newValue)).toEqual([
      'Three-way match after a coding change: matched',
    ]);
    const match = (await matchOf(id)).json<InvoiceMatchDto>();
    expect(match).toMatchObject({ verdict: 'matched', status: 'matched', touchless: true });
    expect(match.lines[0]).toMatchObject({ verdict: 'matched', ticketNumbers: [number] });
    expect((await exceptions()).items.map((i) => i.documentId)).not.toContain(id);
    // The dashboards follow: one open 'no ticket' exception fewer.
    const after = (
      await asPurchaser({ method: 'GET', url: '/api/match/dashboard' })
    ).json<OperatorMatchDashboard>();
    const open = (b: OperatorMatchDashboard) =>
      b.exceptionsByReason.find((r) => r.reason === 'noTicket')?.open ?? 0;
    expect(open(after)).toBe(open(before) - 1);
    // The vendor's history shows the approval, not the operator's re-match.
    const vendorOps = (await asVendor({ method: 'GET', url: `/api/history/document/${id}` })).json<
      { operation: { id: number } }[]
    >();
    expect(vendorOps.map((e) => e.operation.id)).toContain(HistoryOperation.Approve);
    expect(vendorOps.map((e) => e.operation.id)).not.toContain(HistoryOperation.MatchRerun);
  });

  it('an edit that breaks a match goes back to exceptions; after a person acted, a fix only updates the panel', async () => {
    // A required cost center keeps the matched invoice for people on arrival.
    const rule = await asPurchaserAdmin({
      method: 'POST',
      url: '/api/codingrules',
      payload: {
        name: 'Cost center',
        kind: 'requiredCoding',
        requiredKinds: [AccountKind.CostCenter],
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    try {
      const { id, ticketNumber: number } = await deliver('AFE-7');
      expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Received);
      expect((await matchOf(id)).json<InvoiceMatchDto>().status).toBe('matched');

      // The clerk codes the line to another AFE: back to exceptions, listed with the reason.
      expect((await code(id, [{ lineNumber: 1, afe: 'AFE-9' }])).statusCode).toBe(200);
      const reason = `Line 1: no ticket on AFE AFE-9 — VAC-130 is on ticket ${number} for AFE AFE-7`;
      expect((await matchOf(id)).json<InvoiceMatchDto>()).toMatchObject({
        verdict: 'exceptions',
        status: 'open',
        reasons: [reason],
      });
      expect((await exceptions('?reason=noTicket')).items.map((i) => i.documentId)).toContain(id);
      expect((await reruns(id)).map((h) => h.newValue)).toEqual([
        'Three-way match after a coding change: 1 exception',
      ]);
      // A change that leaves the verdict and reasons as they were writes no second entry, and a
      // cost center now coded does not let the coding rules approve an invoice in exceptions.
      expect((await code(id, [{ lineNumber: 1, costCenter: 'CC-100' }])).statusCode).toBe(200);
      expect(await reruns(id)).toHaveLength(1);
      expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Received);

      // A person accepts the difference; the fix after that updates the panel, nothing more.
      expect((await accept(id, { comment: 'Recoded' })).statusCode).toBe(200);
      expect((await code(id, [{ lineNumber: 1, afe: 'AFE-7' }])).statusCode).toBe(200);
      const panel = (await matchOf(id)).json<InvoiceMatchDto>();
      expect(panel).toMatchObject({ verdict: 'matched', status: 'matched', touchless: false });
      expect(panel.accepted?.comment).toBe('Recoded');
      expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Received);
      expect((await historyOf(t.db, id)).map((h) => h.operationId)).not.toContain(
        HistoryOperation.Approve,
      );
      expect((await reruns(id)).map((h) => h.newValue)).toEqual([
        'Three-way match after a coding change: 1 exception',
        'Three-way match after a coding change: matched',
      ]);
    } finally {
      await t.db.delete(codingRules).where(eq(codingRules.companyId, w.purchaser.id));
    }
  });

  it("another company's document is a 404; the vendor, read-only members and bad lines are refused", async () => {
    const { id } = await deliver('AFE-8');
    const [before] = await t.db
      .select()
      .from(invoiceMatches)
      .where(eq(invoiceMatches.documentId, id));
    const fix = [{ lineNumber: 1, afe: 'AFE-7' }];
    expect((await code(id, fix, asStranger)).statusCode).toBe(404);
    expect((await code(id, fix, asVendor)).statusCode).toBe(403);
    expect((await code(id, fix, asPurchaserReadOnly)).statusCode).toBe(403);
    expect((await code(id, [{ lineNumber: 9, afe: 'AFE-7' }])).statusCode).toBe(400);
    const [after] = await t.db
      .select()
      .from(invoiceMatches)
      .where(eq(invoiceMatches.documentId, id));
    expect(after).toEqual(before);
    expect(await reruns(id)).toEqual([]);
    expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Received);
  });
});

describe('tolerances through the API', () => {
  it('matches exactly at the price and quantity tolerance, not a cent or a hundredth past it', async () => {
    const put = await asPurchaserAdmin({
      method: 'PUT',
      url: '/api/matchtolerances',
      // $1 over on 8 hours is 1.05 % over the total at book prices: within 2 %.
      payload: { quantityPercent: '10', priceAmount: '1.00', totalPercent: '2' },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const atPrice = await sendInvoice([await ticket([VAC])], [{ ...VAC, unitPrice: '96.00' }]);
      const pastPrice = await sendInvoice([await ticket([VAC])], [{ ...VAC, unitPrice: '96.01' }]);
      const atQty = await sendInvoice(
        [await ticket([{ ...VAC, quantity: '10' }])],
        [{ ...VAC, quantity: '11' }],
      );
      const pastQty = await sendInvoice(
        [await ticket([{ ...VAC, quantity: '10' }])],
        [{ ...VAC, quantity: '11.01' }],
      );
      const verdict = async (id: number) => (await matchOf(id)).json<InvoiceMatchDto>();
      expect((await verdict(atPrice)).verdict).toBe('matched');
      expect((await verdict(atQty)).verdict).toBe('matched');
      expect((await verdict(pastPrice)).reasons).toEqual([
        'Line 1: price differs — $96.01 billed, $95.00 in price book v1 (tolerance $1.00)',
      ]);
      expect((await verdict(pastQty)).reasons).toEqual([
        `Line 1: quantity over ticket — 11.01 billed, 10 on ticket FT-${ticketNumber} (tolerance 10 %)`,
      ]);
    } finally {
      await t.db.delete(matchTolerances).where(eq(matchTolerances.companyId, w.purchaser.id));
    }
  });
});

describe('the exceptions list and dashboards API', () => {
  it('pages in SQL and refuses bad input with a clear 400', async () => {
    const first = await exceptions('?pageSize=1&page=1');
    expect(first.items).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(2);
    const second = await exceptions('?pageSize=1&page=2');
    expect(second.items[0]!.documentId).toBeLessThan(first.items[0]!.documentId);
    const far = await exceptions('?page=999');
    expect(far.items).toEqual([]);
    expect(far.total).toBe(first.total);

    for (const query of ['?reason=bogus', '?page=0', '?pageSize=101', '?vendor=abc']) {
      const res = await asPurchaser({ method: 'GET', url: `/api/match/exceptions${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await asPurchaser({ method: 'GET', url: '/api/documents/abc/match' })).statusCode).toBe(
      400,
    );
    expect(
      (await asPurchaser({ method: 'POST', url: '/api/match/exceptions/0/accept', payload: {} }))
        .statusCode,
    ).toBe(400);
    // ReadOnly members do not work exceptions; another company sees only its own (none).
    expect(
      (await asPurchaserReadOnly({ method: 'GET', url: '/api/match/exceptions' })).statusCode,
    ).toBe(403);
    expect((await exceptions('', asStranger)).total).toBe(0);
  });

  it('operator: touchless rate by vendor and month, exceptions by reason, cycle time; vendor: tickets', async () => {
    const res = await asPurchaser({ method: 'GET', url: '/api/match/dashboard?months=3' });
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json<OperatorMatchDashboard>();
    const row = board.touchlessByVendorMonth.find((r) => r.vendorCompanyId === w.vendor.id)!;
    expect(row.vendorName).toBe('Vendor Co');
    expect(row.touchless).toBeGreaterThanOrEqual(3);
    expect(row.rate).toBeCloseTo(row.touchless / row.received, 2);
    expect(board.exceptionsByReason.map((r) => r.reason)).toContain('priceDiffers');
    expect(board.cycleTime.approved).toBeGreaterThanOrEqual(4);
    expect(board.cycleTime.medianHours).not.toBeNull();

    const vendor = await asVendor({ method: 'GET', url: '/api/match/vendor-dashboard' });
    expect(vendor.statusCode, vendor.body).toBe(200);
    const tickets = vendor.json<VendorTicketDashboard>();
    expect(tickets.byMonth[0]!.signed).toBeGreaterThanOrEqual(10);
    expect(tickets.byMonth[0]!.invoiced).toBe(tickets.byMonth[0]!.signed);
    expect(tickets.ticketToInvoiceDays.median).not.toBeNull();
    expect(
      (await asPurchaser({ method: 'GET', url: '/api/match/dashboard?months=99' })).statusCode,
    ).toBe(400);
    // Another company's dashboards hold none of these.
    const stranger = (
      await asStranger({ method: 'GET', url: '/api/match/dashboard' })
    ).json<OperatorMatchDashboard>();
    expect(stranger.touchlessByVendorMonth).toEqual([]);
  });
});

describe('without tickets or a price book', () => {
  it('an ordinary invoice has no match and flows as before', async () => {
    await t.db.delete(priceBooks);
    const id = await sendInvoice([], [VAC]);
    expect((await matchOf(id)).statusCode).toBe(404);
    expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Received);
  });
});
