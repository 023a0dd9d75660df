// Issue 32 items 2–3 (docs/field-tickets.md): field tickets written from JSON, deduplicated by the
// phone's clientId, priced from the price book, signed at the wellsite (evidence, history, the PDF
// drawn again) and sent once; approved or disputed by the operator; billed once by an AR invoice.
import crypto from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryOperation, PartyType, Role, RouteStatus } from '@flowline/shared';
import {
  documentHistory,
  documentLineItems,
  documentMetadata,
  documentRoutes,
  documents,
  fieldTicketBillings,
  fieldTicketSignoffs,
  fieldTickets,
  notifications,
} from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildOrgUnit, buildParty } from './helpers/ach-factories';
import { caller, fieldIds, openDocumentWorld, type DocumentWorld } from './helpers/document-world';
import { buildCompany, buildMember } from './helpers/factories';
import { multipartBody } from './helpers/multipart';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asOperator: ReturnType<typeof caller>;
let signature: string;
let number = 0;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  asOperator = caller(t, w.purchaserUser, w.purchaser);
  const png = await sharp({
    create: { width: 240, height: 80, channels: 4, background: { r: 10, g: 20, b: 160, alpha: 1 } },
  })
    .png()
    .toBuffer();
  signature = `data:image/png;base64,${png.toString('base64')}`;
  // The vendor's price book for Purchaser Co: VAC-130 at 95.00 an hour from 2026-01-01.
  const { payload, headers } = await multipartBody([
    ['options', JSON.stringify({ partyId: w.toPurchaser.id, effectiveFrom: '2026-01-01' })],
    [
      'file',
      {
        name: 'prices.csv',
        data: Buffer.from(
          'Item Code,Description,UOM,Unit Price\nVAC-130,Vacuum truck 130 bbl,HR,95.00\nCREW-2,Two-man crew,HR,120.50\n',
        ),
        type: 'text/csv',
      },
    ],
  ]);
  const imported = await asVendor({
    method: 'POST',
    url: '/api/pricebooks/import',
    payload,
    headers,
  });
  expect(imported.statusCode, imported.body).toBe(201);
}, 120_000);
afterAll(() => t.close());

const ticketBody = (over: Record<string, unknown> = {}) => {
  number += 1;
  return {
    clientId: crypto.randomUUID(),
    partyId: w.toPurchaser.id,
    fields: {
      docNumber: `FT-${1000 + number}`,
      docServiceDate: '2026-03-02',
      docStartTime: '07:00',
      docEndTime: '15:30',
      docWellName: 'Smith 1-24H',
      docAFE: 'AFE-77',
      docCrew: 'J. Ortiz, K. Lee',
      docFieldSupervisor: 'Dale',
    },
    lines: [
      { itemCode: 'VAC-130', description: 'Vacuum truck', quantity: '8' },
      { itemCode: 'CREW-2', description: 'Crew', quantity: 8, uom: 'HR', unitPrice: '120.50' },
    ],
    ...over,
  };
};

const create = (body: unknown, who = asVendor) =>
  who({ method: 'POST', url: '/api/field-tickets', payload: body as object });

const signoffBody = (over: Record<string, unknown> = {}) => ({
  clientId: crypto.randomUUID(),
  signerName: 'Rita Rep',
  signerTitle: 'Company man',
  signedAt: '2026-03-02T15:45:00-06:00',
  signature,
  position: { latitude: 31.9973, longitude: -102.0779, accuracyMeters: 12 },
  ...over,
});

async function createTicket(over: Record<string, unknown> = {}) {
  const res = await create(ticketBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { documentId: number; ticketNumber: string };
}

async function signedTicket() {
  const ticket = await createTicket();
  const res = await asVendor({
    method: 'POST',
    url: `/api/field-tickets/${ticket.documentId}/signoff`,
    payload: signoffBody(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ticket;
}

async function approvedTicket() {
  const ticket = await signedTicket();
  const res = await asOperator({
    method: 'POST',
    url: `/api/documents/${ticket.documentId}/approve`,
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return ticket;
}

const vendorTicketCount = async () =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(fieldTickets)
        .where(eq(fieldTickets.companyId, w.vendor.id))
    )[0]?.n,
  );
const vendorDocumentCount = async () =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(documents)
        .where(eq(documents.ownerCompanyId, w.vendor.id))
    )[0]?.n,
  );

describe('POST /api/field-tickets', () => {
  it('writes a draft priced from the price book, which only the vendor sees', async () => {
    const res = await create(ticketBody());
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      status: 'draft',
      side: 'sent',
      partyId: w.toPurchaser.id,
      signoff: null,
      billedBy: null,
      operator: { companyId: w.purchaser.id, name: 'Purchaser Co' },
      vendor: { companyId: w.vendor.id, name: 'Vendor Co' },
    });
    expect(ticket.fields).toMatchObject({ docWellName: 'Smith 1-24H', docTotal: '1724.00' });
    expect(ticket.lines).toEqual([
      expect.objectContaining({
        lineNumber: 1,
        itemCode: 'VAC-130',
        quantity: '8',
        uom: 'HR',
        unitPrice: '95.00',
        amount: '760.00',
        bookUnitPrice: '95.00',
      }),
      expect.objectContaining({ lineNumber: 2, unitPrice: '120.50', amount: '964.00' }),
    ]);
    const pdf = await asVendor({ method: 'GET', url: `/api/documents/${ticket.documentId}` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const seen = await asOperator({
      method: 'GET',
      url: `/api/field-tickets/${ticket.documentId}`,
    });
    expect(seen.statusCode).toBe(404);
    const list = await asOperator({ method: 'GET', url: '/api/field-tickets?side=received' });
    expect(list.json().items.map((i: { documentId: number }) => i.documentId)).not.toContain(
      ticket.documentId,
    );
  });

  it('creates 20 distinct tickets exactly once each when every create is retried (offline sync)', async () => {
    const before = await vendorTicketCount();
    const bodies = Array.from({ length: 20 }, () => ticketBody());
    const first = await Promise.all(bodies.map((b) => create(b)));
    const again = await Promise.all(bodies.map((b) => create(b)));
    expect(first.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(again.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(again.map((r) => r.json().documentId)).toEqual(first.map((r) => r.json().documentId));
    expect(await vendorTicketCount()).toBe(before + 20);
    // Even with the body changed (a retry days later): the ticket it made, nothing new.
    const changed = await create({
      ...bodies[0],
      fields: { ...bodies[0]!.fields, docNumber: 'X' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().ticketNumber).toBe(bodies[0]!.fields.docNumber);
    expect(await vendorTicketCount()).toBe(before + 20);
  });

  it('takes ad-hoc items with a typed price and says they are not in the book', async () => {
    const res = await create(
      ticketBody({
        lines: [
          { itemCode: 'ADHOC-1', description: 'Hot shot delivery', quantity: '1', unitPrice: 350 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0]).toMatchObject({ itemCode: 'ADHOC-1', bookUnitPrice: null });
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = [await vendorTicketCount(), await vendorDocumentCount()];
    const base = ticketBody();
    const cases: [unknown, string][] = [
      [{ ...base, fields: { ...base.fields, docNumber: '' } }, 'fields.docNumber'],
      [{ ...base, fields: { ...base.fields, docNumber: undefined } }, 'fields.docNumber'],
      [
        { ...base, fields: { ...base.fields, docServiceDate: '2026-02-30' } },
        'fields.docServiceDate',
      ],
      [
        { ...base, fields: { ...base.fields, docServiceDate: '03/02/2026' } },
        'fields.docServiceDate',
      ],
      [
        { ...base, lines: [{ description: 'x', quantity: 'eight', unitPrice: '1' }] },
        'lines.0.quantity',
      ],
      [
        {
          ...base,
          lines: Array.from({ length: 201 }, () => ({
            description: 'x',
            quantity: 1,
            unitPrice: 1,
          })),
        },
        'lines',
      ],
      [{ ...base, lines: [] }, 'lines'],
      [{ ...base, clientId: 'not-a-uuid' }, 'clientId'],
      [
        { ...base, lines: [{ itemCode: 'NOPE-9', description: 'Unknown', quantity: '1' }] },
        'lines.0.unitPrice',
      ],
      [
        { ...base, lines: [{ description: 'x', quantity: '2', unitPrice: '10', amount: '25' }] },
        'lines.0.amount',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const error = res.json().error;
      expect(error.fields?.[field], `${field}: ${res.body}`).toEqual(expect.any(String));
      expect(error.message).toEqual(expect.any(String));
    }
    const unknown = await create(
      ticketBody({ lines: [{ itemCode: 'NOPE-9', description: 'Unknown', quantity: '1' }] }),
    );
    expect(unknown.json().error.message).toBe(
      'Line 1: NOPE-9 is not in the price book in force on 2026-03-02; give a unit price',
    );
    expect([await vendorTicketCount(), await vendorDocumentCount()]).toEqual(before);
  });

  it('refuses ReadOnly members, Global users and non-vendor companies (403), a stranger connection (404)', async () => {
    const before = await vendorTicketCount();
    expect((await create(ticketBody(), caller(t, w.readOnly, w.vendor))).statusCode).toBe(403);
    expect((await create(ticketBody(), caller(t, w.global, w.vendor))).statusCode).toBe(403);
    const operatorCreates = await create(ticketBody({ partyId: w.toVendor.id }), asOperator);
    expect(operatorCreates.statusCode).toBe(403);
    expect(operatorCreates.json().error.code).toBe('vendor_required');
    const foreign = await create(ticketBody({ partyId: w.strangerParty.id }));
    expect(foreign.statusCode).toBe(404);
    const offline = await create(ticketBody({ partyId: w.offline.id }));
    expect(offline.statusCode).toBe(400);
    expect(offline.json().error.fields.partyId).toEqual(expect.any(String));
    expect(await vendorTicketCount()).toBe(before);
  });
});

describe('PATCH /api/field-tickets/{id}', () => {
  it('rewrites a draft and refuses a sent ticket (409), the operator (404) and ReadOnly (403)', async () => {
    const ticket = await createTicket();
    const body = ticketBody();
    const { clientId: _, ...update } = body;
    const res = await asVendor({
      method: 'PATCH',
      url: `/api/field-tickets/${ticket.documentId}`,
      payload: { ...update, lines: [{ itemCode: 'VAC-130', description: 'Vac', quantity: '2.5' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ticketNumber: body.fields.docNumber, status: 'draft' });
    expect(res.json().lines).toHaveLength(1);
    expect(res.json().fields.docTotal).toBe('237.50');
    const readOnly = await caller(
      t,
      w.readOnly,
      w.vendor,
    )({
      method: 'PATCH',
      url: `/api/field-tickets/${ticket.documentId}`,
      payload: update,
    });
    expect(readOnly.statusCode).toBe(403);

    const signed = await signedTicket();
    const late = await asVendor({
      method: 'PATCH',
      url: `/api/field-tickets/${signed.documentId}`,
      payload: update,
    });
    expect(late.statusCode, late.body).toBe(409);
    const byOperator = await asOperator({
      method: 'PATCH',
      url: `/api/field-tickets/${signed.documentId}`,
      payload: update,
    });
    expect([403, 404]).toContain(byOperator.statusCode);
  });
});

describe('POST /api/field-tickets/{id}/signoff', () => {
  it('stores the evidence, writes the history, draws the signature and sends the ticket once', async () => {
    const ticket = await createTicket();
    const [draftRow] = await t.db
      .select({ sha: documents.fileSha256 })
      .from(documents)
      .where(eq(documents.id, ticket.documentId));
    const body = signoffBody();
    const res = await asVendor({
      method: 'POST',
      url: `/api/field-tickets/${ticket.documentId}/signoff`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json();
    expect(signed.status).toBe('sent');
    expect(signed.signoff).toMatchObject({
      signerName: 'Rita Rep',
      signerTitle: 'Company man',
      signedAt: '2026-03-02T21:45:00.000Z',
      position: { latitude: 31.9973, longitude: -102.0779, accuracyMeters: 12 },
      signedByUserId: w.user.id,
      signatureSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      evidenceSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const [row] = await t.db
      .select()
      .from(fieldTicketSignoffs)
      .where(eq(fieldTicketSignoffs.documentId, ticket.documentId));
    expect(row!.pdfSha256Before).toBe(draftRow!.sha);
    const [after] = await t.db
      .select({ sha: documents.fileSha256 })
      .from(documents)
      .where(eq(documents.id, ticket.documentId));
    expect(row!.pdfSha256After).toBe(after!.sha);
    expect(after!.sha).not.toBe(draftRow!.sha);
    expect(Date.now() - row!.receivedAt.getTime()).toBeLessThan(60_000);

    const history = await t.db
      .select()
      .from(documentHistory)
      .where(eq(documentHistory.documentId, ticket.documentId));
    const signedEntry = history.find((h) => h.operationId === HistoryOperation.FieldTicketSigned);
    expect(signedEntry?.newValue).toContain('Signed at the wellsite by Rita Rep (Company man)');
    expect(signedEntry?.newValue).toContain('GPS 31.997300, -102.077900');
    expect(history.filter((h) => h.operationId === HistoryOperation.Publish)).toHaveLength(1);

    // The operator has it: its route (Received, unread), its list, the ticket, a notification.
    const routes = await t.db
      .select()
      .from(documentRoutes)
      .where(eq(documentRoutes.documentId, ticket.documentId));
    expect(routes.map((r) => [r.companyId, r.routeStatusId]).sort()).toEqual(
      [
        [w.vendor.id, RouteStatus.Sent],
        [w.purchaser.id, RouteStatus.Received],
      ].sort(),
    );
    const seen = await asOperator({
      method: 'GET',
      url: `/api/field-tickets/${ticket.documentId}`,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ side: 'received', status: 'sent', partyId: null });
    const list = await asOperator({
      method: 'GET',
      url: '/api/field-tickets?side=received&q=' + ticket.ticketNumber,
    });
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ documentId: ticket.documentId, signerName: 'Rita Rep' }],
    });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.companyId, w.purchaser.id),
          eq(notifications.actionData, String(ticket.documentId)),
        ),
      );
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]!.message).toContain(`Field Ticket ${ticket.ticketNumber}`);
    const inbox = await asOperator({ method: 'GET', url: `/api/documents/${ticket.documentId}` });
    expect(inbox.statusCode, inbox.body).toBe(200);

    // The same sign-off again (a retry): the same answer, nothing twice; another one: 409.
    const retry = await asVendor({
      method: 'POST',
      url: `/api/field-tickets/${ticket.documentId}/signoff`,
      payload: body,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().signoff.evidenceSha256).toBe(signed.signoff.evidenceSha256);
    const other = await asVendor({
      method: 'POST',
      url: `/api/field-tickets/${ticket.documentId}/signoff`,
      payload: signoffBody(),
    });
    expect(other.statusCode).toBe(409);
    const publishes = await t.db
      .select()
      .from(documentHistory)
      .where(
        and(
          eq(documentHistory.documentId, ticket.documentId),
          eq(documentHistory.operationId, HistoryOperation.Publish),
        ),
      );
    expect(publishes).toHaveLength(1);
  });

  it('refuses a bad signature, name or time (400) and writes nothing', async () => {
    const ticket = await createTicket();
    const cases: [Record<string, unknown>, string][] = [
      [{ signature: 'data:image/jpeg;base64,AAAA' }, 'signature'],
      [
        { signature: 'data:image/png;base64,' + Buffer.from('not a png').toString('base64') },
        'signature',
      ],
      [{ signature: 'data:image/png;base64,' + 'A'.repeat(300_000) }, 'signature'],
      [{ signerName: '' }, 'signerName'],
      [{ signedAt: 'yesterday' }, 'signedAt'],
      [{ position: { latitude: 91, longitude: 0, accuracyMeters: 5 } }, 'position.latitude'],
    ];
    for (const [over, field] of cases) {
      const res = await asVendor({
        method: 'POST',
        url: `/api/field-tickets/${ticket.documentId}/signoff`,
        payload: signoffBody(over),
      });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().error.fields?.[field], `${field}: ${res.body}`).toEqual(expect.any(String));
    }
    const rows = await t.db
      .select()
      .from(fieldTicketSignoffs)
      .where(eq(fieldTicketSignoffs.documentId, ticket.documentId));
    expect(rows).toHaveLength(0);
    const seen = await asVendor({ method: 'GET', url: `/api/field-tickets/${ticket.documentId}` });
    expect(seen.json().status).toBe('draft');
  });

  it('refuses the operator, ReadOnly and Global users', async () => {
    const ticket = await createTicket();
    for (const who of [caller(t, w.readOnly, w.vendor), caller(t, w.global, w.vendor)]) {
      const res = await who({
        method: 'POST',
        url: `/api/field-tickets/${ticket.documentId}/signoff`,
        payload: signoffBody(),
      });
      expect(res.statusCode).toBe(403);
    }
    const byOperator = await asOperator({
      method: 'POST',
      url: `/api/field-tickets/${ticket.documentId}/signoff`,
      payload: signoffBody(),
    });
    expect(byOperator.statusCode).toBe(404);
  });
});

describe("the operator's approve and dispute", () => {
  it('approves one ticket and disputes another; the vendor sees both; others are refused', async () => {
    const a = await signedTicket();
    const b = await signedTicket();
    const byVendor = await asVendor({
      method: 'POST',
      url: `/api/documents/${a.documentId}/approve`,
      payload: {},
    });
    expect(byVendor.statusCode).toBe(403);
    const byReadOnly = await caller(
      t,
      w.purchaserReadOnly,
      w.purchaser,
    )({
      method: 'POST',
      url: `/api/documents/${a.documentId}/approve`,
      payload: {},
    });
    expect(byReadOnly.statusCode).toBe(403);
    const approved = await asOperator({
      method: 'POST',
      url: `/api/documents/${a.documentId}/approve`,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const disputed = await asOperator({
      method: 'POST',
      url: `/api/documents/${b.documentId}/dispute`,
      payload: { comment: 'Crew left at 13:00, not 15:30' },
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    const seenA = await asVendor({ method: 'GET', url: `/api/field-tickets/${a.documentId}` });
    const seenB = await asVendor({ method: 'GET', url: `/api/field-tickets/${b.documentId}` });
    expect([seenA.json().status, seenB.json().status]).toEqual(['approved', 'disputed']);
    // Not for tickets: reject, hold (the invoice-only moves).
    const hold = await asOperator({
      method: 'POST',
      url: `/api/documents/${b.documentId}/hold`,
      payload: {},
    });
    expect(hold.statusCode).toBe(409);
    // A disputed ticket is approved once the dispute is settled.
    const settled = await asOperator({
      method: 'POST',
      url: `/api/documents/${b.documentId}/approve`,
      payload: { comment: 'Agreed with the vendor' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const billable = await asVendor({
      method: 'GET',
      url: '/api/field-tickets?billable=true&pageSize=200',
    });
    const ids = billable.json().items.map((i: { documentId: number }) => i.documentId);
    expect(ids).toEqual(expect.arrayContaining([a.documentId, b.documentId]));
    const sentStatus = await asVendor({
      method: 'GET',
      url: '/api/field-tickets?status=approved&side=sent&pageSize=200',
    });
    expect(sentStatus.json().items.every((i: { status: string }) => i.status === 'approved')).toBe(
      true,
    );
  });
});

describe('POST /api/field-tickets/invoice (the flip)', () => {
  it('makes one AR invoice draft from two approved tickets, linked both ways', async () => {
    const a = await approvedTicket();
    const b = await approvedTicket();
    const res = await asVendor({
      method: 'POST',
      url: '/api/field-tickets/invoice',
      payload: { ticketDocumentIds: [a.documentId, b.documentId] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { invoiceDocumentId, total, lineCount } = res.json();
    expect([total, lineCount]).toEqual(['3448.00', 4]);
    const lines = await t.db
      .select()
      .from(documentLineItems)
      .where(eq(documentLineItems.documentId, invoiceDocumentId))
      .orderBy(documentLineItems.lineNumber);
    expect(
      lines.map((l) => [l.itemCode, l.quantity, l.uom, l.unitPrice, l.amount, l.serviceDate]),
    ).toEqual([
      ['VAC-130', '8', 'HR', '95.00', '760.00', '2026-03-02'],
      ['CREW-2', '8', 'HR', '120.50', '964.00', '2026-03-02'],
      ['VAC-130', '8', 'HR', '95.00', '760.00', '2026-03-02'],
      ['CREW-2', '8', 'HR', '120.50', '964.00', '2026-03-02'],
    ]);
    const invoice = await asVendor({ method: 'GET', url: `/api/documents/${invoiceDocumentId}` });
    expect(invoice.statusCode, invoice.body).toBe(200);
    const fieldIdsOf = await fieldIds(t.db);
    const stored = await t.db
      .select()
      .from(documentMetadata)
      .where(eq(documentMetadata.documentId, invoiceDocumentId));
    const values = Object.fromEntries(
      Object.entries(fieldIdsOf).map(([key, defId]) => [
        key,
        stored.find((m) => m.metadataDefinitionId === defId)?.value ?? null,
      ]),
    );
    expect(values).toMatchObject({
      docServiceDate: '2026-03-02',
      docTotal: '3448.00',
      docAFE: 'AFE-77',
    });
    const linked = await asVendor({
      method: 'GET',
      url: `/api/documents/${invoiceDocumentId}/field-tickets`,
    });
    expect(linked.json().items.map((i: { documentId: number }) => i.documentId)).toEqual([
      a.documentId,
      b.documentId,
    ]);
    const back = await asVendor({ method: 'GET', url: `/api/field-tickets/${a.documentId}` });
    expect(back.json().billedBy).toEqual({ invoiceDocumentId, invoiceNumber: null });
    // The operator learns of the invoice only once it is sent.
    const early = await asOperator({ method: 'GET', url: `/api/field-tickets/${a.documentId}` });
    expect(early.json().billedBy).toBeNull();
    const notYet = await asOperator({
      method: 'GET',
      url: `/api/documents/${invoiceDocumentId}/field-tickets`,
    });
    expect(notYet.statusCode).toBe(404);
    const billable = await asVendor({
      method: 'GET',
      url: '/api/field-tickets?billable=true&pageSize=200',
    });
    const ids = billable.json().items.map((i: { documentId: number }) => i.documentId);
    expect(ids).not.toContain(a.documentId);

    // Billed once: again → 409 naming the ticket and the invoice; nothing written.
    const again = await asVendor({
      method: 'POST',
      url: '/api/field-tickets/invoice',
      payload: { ticketDocumentIds: [b.documentId] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `Field ticket ${b.ticketNumber} is already billed by invoice #${invoiceDocumentId}`,
    );
  });

  it('lets one of two concurrent flips of a ticket win; the other is 409', async () => {
    const a = await approvedTicket();
    const before = await vendorDocumentCount();
    const results = await Promise.all(
      [0, 1].map(() =>
        asVendor({
          method: 'POST',
          url: '/api/field-tickets/invoice',
          payload: { ticketDocumentIds: [a.documentId] },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await vendorDocumentCount()).toBe(before + 1);
    const rows = await t.db
      .select()
      .from(fieldTicketBillings)
      .where(eq(fieldTicketBillings.ticketDocumentId, a.documentId));
    expect(rows).toHaveLength(1);
  });

  it('refuses tickets not approved (409), mixed operators (400), bad lists (400) and others’ tickets (404)', async () => {
    const sentOnly = await signedTicket();
    const notApproved = await asVendor({
      method: 'POST',
      url: '/api/field-tickets/invoice',
      payload: { ticketDocumentIds: [sentOnly.documentId] },
    });
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json().error.message).toContain(sentOnly.ticketNumber);
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => i + 1), [1, 1], ['x']]) {
      const res = await asVendor({
        method: 'POST',
        url: '/api/field-tickets/invoice',
        payload: { ticketDocumentIds: ids },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const readOnly = await caller(
      t,
      w.readOnly,
      w.vendor,
    )({
      method: 'POST',
      url: '/api/field-tickets/invoice',
      payload: { ticketDocumentIds: [sentOnly.documentId] },
    });
    expect(readOnly.statusCode).toBe(403);
  });
});

describe("another company's ids", () => {
  it('are 404 for every field-ticket call of another vendor, with none of the data', async () => {
    const other = await buildCompany(t.db, {
      name: 'Other Vendor Co',
      partyTypes: [PartyType.Vendor],
    });
    const profile = await buildOrgUnit(t.db, other, { name: 'HQ' });
    const otherParty = await buildParty(t.db, other, [profile], {
      partyTypeId: PartyType.Purchaser,
      name: 'Purchaser of Other',
      connectedCompanyId: w.purchaser.id,
    });
    const otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
    const asOther = caller(t, otherAdmin, other);
    const ticket = await approvedTicket();
    const draft = await createTicket();
    const { clientId: _, ...update } = ticketBody({ partyId: otherParty.id });
    const calls = [
      { method: 'GET', url: `/api/field-tickets/${ticket.documentId}` },
      { method: 'GET', url: `/api/field-tickets/${draft.documentId}` },
      { method: 'PATCH', url: `/api/field-tickets/${draft.documentId}`, payload: update },
      {
        method: 'POST',
        url: `/api/field-tickets/${draft.documentId}/signoff`,
        payload: signoffBody(),
      },
      {
        method: 'POST',
        url: '/api/field-tickets/invoice',
        payload: { ticketDocumentIds: [ticket.documentId] },
      },
    ] as const;
    for (const call of calls) {
      const res = await asOther(call as Parameters<typeof asOther>[0]);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain(ticket.ticketNumber);
      expect(res.body).not.toContain('Smith 1-24H');
    }
    const list = await asOther({ method: 'GET', url: '/api/field-tickets' });
    expect(list.json()).toEqual({ items: [], total: 0 });
    // The same clientId at another vendor is another ticket (unique per company).
    const [row] = await t.db
      .select({ clientId: fieldTickets.clientId })
      .from(fieldTickets)
      .where(eq(fieldTickets.documentId, draft.documentId));
    const same = await create(
      {
        ...ticketBody({
          partyId: otherParty.id,
          lines: [{ description: 'Crew', quantity: '1', unitPrice: '10' }],
        }),
        clientId: row!.clientId,
      },
      asOther,
    );
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json().documentId).not.toBe(draft.documentId);
  });
});

describe('GET /api/field-tickets paging', () => {
  it('pages in SQL with a total and keeps the newest service day first', async () => {
    for (const day of ['2026-04-01', '2026-04-03', '2026-04-02']) {
      const body = ticketBody();
      await createTicket({
        fields: { ...body.fields, docServiceDate: day, docWellName: 'Paging Well' },
      });
    }
    const page1 = await asVendor({ method: 'GET', url: '/api/field-tickets?q=Paging&pageSize=2' });
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().total).toBe(3);
    expect(page1.json().items.map((i: { serviceDate: string }) => i.serviceDate)).toEqual([
      '2026-04-03',
      '2026-04-02',
    ]);
    const page3 = await asVendor({
      method: 'GET',
      url: '/api/field-tickets?q=Paging&pageSize=2&page=3',
    });
    expect(page3.json()).toEqual({ items: [], total: 3 });
    const drafts = await asVendor({
      method: 'GET',
      url: '/api/field-tickets?q=Paging&status=draft',
    });
    expect(drafts.json().total).toBe(3);
    const bad = await asVendor({ method: 'GET', url: '/api/field-tickets?status=lost&pageSize=0' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('invoice lines keep item code, unit and service date (line editor)', () => {
  it('stores them when given and keeps them while the description stays', async () => {
    const a = await approvedTicket();
    const flip = await asVendor({
      method: 'POST',
      url: '/api/field-tickets/invoice',
      payload: { ticketDocumentIds: [a.documentId] },
    });
    const id = flip.json().invoiceDocumentId as number;
    const save = await asVendor({
      method: 'PUT',
      url: `/api/documents/${id}/lineItems`,
      payload: {
        lines: [
          { description: 'Vacuum truck', quantity: '8', unitPrice: '95.00', amount: '760.00' },
          { description: 'Crew (changed)', quantity: '8', unitPrice: '120.50', amount: '964.00' },
          {
            description: 'Fuel',
            quantity: '1',
            unitPrice: '50.00',
            amount: '50.00',
            itemCode: 'FUEL',
            uom: 'EA',
            serviceDate: '2026-03-03',
          },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const lines = await t.db
      .select()
      .from(documentLineItems)
      .where(inArray(documentLineItems.documentId, [id]))
      .orderBy(documentLineItems.lineNumber);
    expect(lines.map((l) => [l.itemCode, l.uom, l.serviceDate])).toEqual([
      ['VAC-130', 'HR', '2026-03-02'],
      [null, null, null],
      ['FUEL', 'EA', '2026-03-03'],
    ]);
  });
});
