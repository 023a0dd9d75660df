import { eq } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HistoryOperation,
  PartyType,
  Role,
  RouteStatus,
  inboundEmailAddress,
} from '@flowline/shared';
import {
  documentAttachments,
  documentExtractions,
  documentLineItems,
  documentMetadata,
  documentRoutes,
  documents,
  lineItemCoding,
  inboundEmailDeliveries,
  metadataDefinitions,
} from '../src/db/schema/index';
import { Queue } from '../src/platform/jobs/types';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildParty } from './helpers/ach-factories';
import { historyOf } from './helpers/document-world';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { pidxInvoiceXml } from './helpers/pidx';

/**
 * Invoices by e-mail (issue 30 item 3, docs/inbound-email.md): a real SMTP client (nodemailer)
 * talks to the listener the app starts on an ephemeral port.
 */

async function invoicePdf(number: string, total: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Acme Oilfield Services LLC',
    'INVOICE',
    `Invoice Number: ${number}`,
    'Invoice Date: 03/14/2026',
    'Description            Qty     Unit Price     Amount',
    `Rig mobilization        1       ${total}       ${total}`,
    `Total Due:                                    $${total}`,
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 740 - i * 24, size: 11, font }));
  return Buffer.from(await pdf.save());
}

let t: TestApp;
let operator: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let member: UserRow;
let otherAdmin: UserRow;
let acmeParty: { id: number; name: string };
let address: string;

const MAX_BYTES = 200_000;

beforeAll(async () => {
  t = await buildTestApp({
    INBOUND_SMTP_PORT: '0',
    INBOUND_MAIL_MAX_BYTES: String(MAX_BYTES),
    INBOUND_MAIL_MAX_ATTACHMENTS: '3',
    INBOUND_MAIL_PER_SENDER_PER_HOUR: '4',
  });
  operator = await buildCompany(t.db, {
    name: 'Basin Operating',
    partyTypes: [PartyType.Operator],
  });
  other = await buildCompany(t.db, { name: 'Other Operating' });
  admin = await buildMember(t.db, operator, [Role.Administrator]);
  member = await buildMember(t.db, operator, [Role.User]);
  otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
  acmeParty = await buildParty(t.db, operator, [], {
    partyTypeId: PartyType.Vendor,
    name: 'Acme Oilfield Services',
    emails: ['Billing@Acme.example', 'ar@acme.example'],
  });
  address = inboundEmailAddress(operator.code, 'inbound.flowline.local');
});
afterAll(() => t.close());

function transport() {
  const port = t.app.inboundMail?.port;
  if (!port) throw new Error('no inbound listener');
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
}

async function send(mail: SendMailOptions) {
  return transport().sendMail({ subject: 'Invoices', text: 'Please find attached.', ...mail });
}

async function refusal(mail: SendMailOptions) {
  try {
    await send(mail);
  } catch (error) {
    return error as { responseCode?: number; response?: string };
  }
  throw new Error('the mail was accepted');
}

async function documentsOf(companyId: number) {
  return t.db
    .select({ id: documents.id, fileName: documents.fileName })
    .from(documents)
    .where(eq(documents.ownerCompanyId, companyId))
    .orderBy(documents.id);
}

describe('inbound SMTP listener', () => {
  it('turns two PDF attachments into two received documents with read values', async () => {
    const info = await send({
      from: 'Acme Billing <billing@acme.example>',
      to: address.toUpperCase(),
      attachments: [
        { filename: 'INV-7001.pdf', content: await invoicePdf('INV-7001', '4,500.00') },
        { filename: 'INV-7002.pdf', content: await invoicePdf('INV-7002', '2,550.00') },
      ],
    });
    expect(info.response).toMatch(/^250 .*Received 2 document/);
    const docs = await documentsOf(operator.id);
    expect(docs.map((d) => d.fileName)).toEqual(['INV-7001.pdf', 'INV-7002.pdf']);

    for (const d of docs) {
      const routes = await t.db
        .select()
        .from(documentRoutes)
        .where(eq(documentRoutes.documentId, d.id));
      expect(routes).toHaveLength(1);
      expect(routes[0]).toMatchObject({
        companyId: operator.id,
        side: 'received',
        routeStatusId: RouteStatus.Received,
        partyId: acmeParty.id,
        isRead: false,
      });
      const history = await historyOf(t.db, d.id);
      expect(history.map((h) => h.operationId)).toEqual([HistoryOperation.ReceivedByEmail]);
      expect(history[0]?.newValue).toBe('Received by e-mail from billing@acme.example');
    }

    // Read as an upload is: the reading job fills the values it finds.
    await t.app.jobs.drain(Queue.documentExtraction, { timeoutMs: 120_000 });
    const numbers = await t.db
      .select({ documentId: documentMetadata.documentId, value: documentMetadata.value })
      .from(documentMetadata)
      .innerJoin(
        metadataDefinitions,
        eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
      )
      .where(eq(metadataDefinitions.key, 'docNumber'));
    const byDoc = new Map(numbers.map((n) => [n.documentId, n.value]));
    expect(docs.map((d) => byDoc.get(d.id))).toEqual(['INV-7001', 'INV-7002']);

    // The inbox lists them, from the matched connection.
    const inbox = await t.as(
      member,
      operator.id,
    )({ method: 'GET', url: '/api/documentroute/inbox' });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const items = inbox.json().items as Array<{ id: number; metadata: { counterparty: string } }>;
    expect(items.map((i) => i.id).sort()).toEqual(docs.map((d) => d.id).sort());
    expect(items[0]?.metadata.counterparty).toBe('Acme Oilfield Services');
  }, 180_000);

  it('joins the approval workflow: the receiver opens and approves an e-mailed invoice', async () => {
    const [doc] = await documentsOf(operator.id);
    const as = t.as(member, operator.id);
    const opened = await as({ method: 'GET', url: `/api/documents/${doc!.id}` });
    expect(opened.statusCode, opened.body).toBe(200);
    const approved = await as({
      method: 'POST',
      url: `/api/documents/${doc!.id}/approve`,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [route] = await t.db
      .select()
      .from(documentRoutes)
      .where(eq(documentRoutes.documentId, doc!.id));
    expect(route?.routeStatusId).toBe(RouteStatus.Approved);
    // Another company cannot see it.
    const theirs = await t.as(
      otherAdmin,
      other.id,
    )({ method: 'GET', url: `/api/documents/${doc!.id}` });
    expect(theirs.statusCode).toBe(404);
  });

  it("lands a stranger's mail as 'Unknown sender'", async () => {
    const before = (await documentsOf(operator.id)).length;
    await send({
      from: 'someone@elsewhere.example',
      to: address,
      attachments: [{ filename: 'scan', content: await invoicePdf('X-1', '10.00') }],
    });
    const docs = await documentsOf(operator.id);
    expect(docs).toHaveLength(before + 1);
    const last = docs.at(-1)!;
    expect(last.fileName).toBe('scan.pdf');
    const [route] = await t.db
      .select()
      .from(documentRoutes)
      .where(eq(documentRoutes.documentId, last.id));
    expect(route?.partyId).toBeNull();
    const [entry] = await historyOf(t.db, last.id);
    expect(entry).toMatchObject({
      objectName: 'Unknown sender',
      newValue: 'Received by e-mail from someone@elsewhere.example',
    });

    const res = await t.as(admin, operator.id)({ method: 'GET', url: '/api/inbound-email' });
    expect(res.statusCode, res.body).toBe(200);
    const delivery = res.json().deliveries[0];
    expect(delivery).toMatchObject({
      sender: 'someone@elsewhere.example',
      status: 'accepted',
      partyName: null,
    });
    expect(delivery.documentIds).toEqual([last.id]);
  });

  it('refuses an unknown recipient at RCPT TO', async () => {
    const error = await refusal({
      from: 'billing@acme.example',
      to: 'nobody-here@inbound.flowline.local',
      attachments: [{ filename: 'a.pdf', content: await invoicePdf('A', '1.00') }],
    });
    expect(error.responseCode).toBe(550);
    expect(error.response).toContain('No Flowline mailbox at nobody-here@inbound.flowline.local');
    const wrongDomain = await refusal({
      from: 'billing@acme.example',
      to: `${operator.code}@example.com`,
      text: 'x',
    });
    expect(wrongDomain.responseCode).toBe(550);
  });

  it('refuses an oversized mail and a forbidden type, storing nothing', async () => {
    const before = (await documentsOf(operator.id)).length;
    const big = await refusal({
      from: 'big@acme.example',
      to: address,
      attachments: [
        {
          filename: 'big.pdf',
          content: Buffer.concat([await invoicePdf('B', '1.00'), Buffer.alloc(MAX_BYTES)]),
        },
      ],
    });
    expect(big.responseCode).toBe(552);
    expect(big.response).toMatch(/too large|exceeds/i);

    const exe = await refusal({
      from: 'mixed@acme.example',
      to: address,
      attachments: [
        { filename: 'INV-9.pdf', content: await invoicePdf('INV-9', '5.00') },
        { filename: 'tool.exe', content: Buffer.from('MZ\x90\x00 this is not a document') },
      ],
    });
    expect(exe.responseCode).toBe(554);
    expect(exe.response).toContain('Attachment tool.exe is not a PDF, an image or a PIDX invoice');

    const tooMany = await refusal({
      from: 'many@acme.example',
      to: address,
      attachments: await Promise.all(
        [1, 2, 3, 4].map(async (n) => ({
          filename: `i${n}.pdf`,
          content: await invoicePdf(`M-${n}`, '1.00'),
        })),
      ),
    });
    expect(tooMany.responseCode).toBe(552);
    expect(tooMany.response).toContain('at most 3 documents per message');

    const none = await refusal({ from: 'none@acme.example', to: address, text: 'no attachment' });
    expect(none.responseCode).toBe(554);
    // Nothing of the refused mails was kept (the PDF beside the .exe included).
    expect(await documentsOf(operator.id)).toHaveLength(before);
    const refused = await t.db
      .select()
      .from(inboundEmailDeliveries)
      .where(eq(inboundEmailDeliveries.status, 'refused'));
    expect(refused.map((r) => r.sender)).toEqual(
      expect.arrayContaining(['mixed@acme.example', 'many@acme.example', 'none@acme.example']),
    );
  });

  it('limits the messages one sender delivers in an hour', async () => {
    const pdf = await invoicePdf('R', '1.00');
    for (let i = 0; i < 4; i++) {
      await send({
        from: 'rate@acme.example',
        to: address,
        attachments: [{ filename: `r${i}.pdf`, content: pdf }],
      });
    }
    const limited = await refusal({
      from: 'rate@acme.example',
      to: address,
      attachments: [{ filename: 'r5.pdf', content: pdf }],
    });
    expect(limited.responseCode).toBe(450);
    expect(limited.response).toContain('at most 4 an hour');
  });
});

describe('PIDX invoices by e-mail', () => {
  async function valuesOf(documentId: number) {
    const rows = await t.db
      .select({ key: metadataDefinitions.key, value: documentMetadata.value })
      .from(documentMetadata)
      .innerJoin(
        metadataDefinitions,
        eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
      )
      .where(eq(documentMetadata.documentId, documentId));
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  it('turns a PIDX attachment into a received invoice with its values, lines, coding and chain', async () => {
    const asAdmin = t.as(admin, operator.id);
    const policy = await asAdmin({
      method: 'POST',
      url: '/api/approvalpolicies',
      payload: { name: 'Mailed', isDefault: true, steps: [{ approverUserIds: [member.id] }] },
    });
    expect(policy.statusCode, policy.body).toBe(201);
    const before = (await documentsOf(operator.id)).length;

    const info = await send({
      from: 'ar@acme.example',
      to: address,
      attachments: [
        {
          filename: 'PX-100.xml',
          contentType: 'application/xml',
          content: pidxInvoiceXml({
            invoiceNumber: 'PX-100',
            headerAfe: 'AFE-77',
            sellerName: 'Acme Oilfield Services',
          }),
        },
      ],
    });
    expect(info.response).toMatch(/^250 .*Received 1 document/);
    const docs = await documentsOf(operator.id);
    expect(docs).toHaveLength(before + 1);
    const doc = docs.at(-1)!;
    expect(doc.fileName).toBe('PX-100.pdf');
    expect(await valuesOf(doc.id)).toMatchObject({
      docNumber: 'PX-100',
      docTotal: '1250.00',
      docAFE: 'AFE-77',
    });
    const lines = await t.db
      .select()
      .from(documentLineItems)
      .where(eq(documentLineItems.documentId, doc.id));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const coding = await t.db
      .select()
      .from(lineItemCoding)
      .where(eq(lineItemCoding.documentId, doc.id));
    expect(coding.length).toBe(lines.length);
    // The header AFE codes every line without its own (the hauling line carries AFE-200).
    expect(coding.map((c) => c.afe).sort()).toEqual(['AFE-200', 'AFE-77', 'AFE-77']);
    expect(coding.every((c) => c.companyId === operator.id)).toBe(true);
    // The values are given: nothing is queued for reading.
    const extraction = await t.db
      .select()
      .from(documentExtractions)
      .where(eq(documentExtractions.documentId, doc.id));
    expect(extraction.filter((e) => e.status === 'pending')).toHaveLength(0);
    const history = await historyOf(t.db, doc.id);
    expect(history[0]).toMatchObject({
      operationId: HistoryOperation.ReceivedByEmail,
      newValue: 'Received by e-mail from ar@acme.example',
    });
    const chain = await t.as(
      member,
      operator.id,
    )({
      method: 'GET',
      url: `/api/documents/${doc.id}/approvals`,
    });
    expect(chain.statusCode, chain.body).toBe(200);
    expect(chain.json()).toMatchObject({ hasPolicy: true, policyName: 'Mailed', canApprove: true });
    const removed = await asAdmin({
      method: 'DELETE',
      url: `/api/approvalpolicies/${policy.json().id}`,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
  });

  it('uses the PDF the PIDX invoice references as its file; other PDFs stay documents', async () => {
    const before = (await documentsOf(operator.id)).length;
    const info = await send({
      from: 'ar@acme.example',
      to: address,
      attachments: [
        {
          filename: 'PX-200.xml',
          contentType: 'text/xml',
          content: pidxInvoiceXml({ invoiceNumber: 'PX-200', attachments: ['cid:px200-pdf'] }),
        },
        {
          filename: 'px-200-scan.pdf',
          cid: 'px200-pdf',
          content: await invoicePdf('PX-200', '1,250.00'),
        },
        { filename: 'INV-7100.pdf', content: await invoicePdf('INV-7100', '300.00') },
      ],
    });
    expect(info.response).toMatch(/^250 .*Received 2 document/);
    const docs = (await documentsOf(operator.id)).slice(before);
    expect(docs.map((d) => d.fileName).sort()).toEqual(['INV-7100.pdf', 'px-200-scan.pdf']);
    const pidxDoc = docs.find((d) => d.fileName === 'px-200-scan.pdf')!;
    expect((await valuesOf(pidxDoc.id)).docNumber).toBe('PX-200');
    const attachments = await t.db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.documentId, pidxDoc.id));
    expect(attachments).toHaveLength(0);
  });

  it('refuses a PIDX invoice that does not add up or references a missing file, storing nothing', async () => {
    const before = (await documentsOf(operator.id)).length;
    const wrongTotal = await refusal({
      from: 'pidx-bad@acme.example',
      to: address,
      attachments: [
        {
          filename: 'bad.xml',
          contentType: 'application/xml',
          content: pidxInvoiceXml({ total: '9.99' }),
        },
        { filename: 'INV-7200.pdf', content: await invoicePdf('INV-7200', '10.00') },
      ],
    });
    expect(wrongTotal.responseCode).toBe(554);
    expect(wrongTotal.response).toContain('Attachment bad.xml is not a valid PIDX invoice');
    const missing = await refusal({
      from: 'pidx-bad@acme.example',
      to: address,
      attachments: [
        {
          filename: 'lost.xml',
          contentType: 'application/xml',
          content: pidxInvoiceXml({ attachments: ['cid:nowhere'] }),
        },
      ],
    });
    expect(missing.responseCode).toBe(554);
    expect(missing.response).toContain(
      'Attachment lost.xml refers to cid:nowhere, which is not attached',
    );
    const hostile = await refusal({
      from: 'pidx-bad@acme.example',
      to: address,
      attachments: [
        {
          filename: 'bomb.xml',
          contentType: 'application/xml',
          content: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>',
        },
      ],
    });
    expect(hostile.responseCode).toBe(554);
    expect((await documentsOf(operator.id)).length).toBe(before);
  });
});

describe('GET /api/inbound-email', () => {
  it("answers the Administrator the company's address and limits", async () => {
    const res = await t.as(admin, operator.id)({ method: 'GET', url: '/api/inbound-email' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      address: `${operator.code.toLowerCase()}@inbound.flowline.local`,
      enabled: true,
      limits: { maxMessageBytes: MAX_BYTES, maxAttachments: 3, perSenderPerHour: 4 },
    });
  });

  it('refuses other roles and shows another company nothing of this one', async () => {
    const res = await t.as(member, operator.id)({ method: 'GET', url: '/api/inbound-email' });
    expect(res.statusCode).toBe(403);
    const theirs = await t.as(otherAdmin, other.id)({ method: 'GET', url: '/api/inbound-email' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().address).toBe(`${other.code.toLowerCase()}@inbound.flowline.local`);
    expect(theirs.json().deliveries).toEqual([]);
    // Another company's id in Company-Id: not a member there.
    const wrong = await t.as(admin, other.id)({ method: 'GET', url: '/api/inbound-email' });
    expect([403, 404]).toContain(wrong.statusCode);
  });
});
