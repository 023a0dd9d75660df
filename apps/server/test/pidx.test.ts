// Issue 30 items 1, 2 (docs/pidx.md): PIDX invoices in — mapped to a sent AR invoice with its
// lines and the receiver's coding, refused with every problem located and nothing created — and
// the receiver's state back as a pidx:InvoiceResponse.
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccountKind, Role, RouteStatus, UserType } from '@flowline/shared';
import {
  accountCodes,
  codingRules,
  documentAttachments,
  documents,
  parties,
  pidxInvoices,
} from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { routeOf } from './helpers/document-factories';
import { caller, openDocumentWorld, type DocumentWorld } from './helpers/document-world';
import { buildMember } from './helpers/factories';
import { pdf } from './helpers/legal-files';
import { multipartBody } from './helpers/multipart';
import { pidxInvoiceXml, type PidxSpec } from './helpers/pidx';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;
let asPurchaserAdmin: ReturnType<typeof caller>;
let number = 0;

beforeAll(async () => {
  ({ t, w, asUser: asVendor } = await openDocumentWorld());
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  asPurchaserAdmin = caller(t, w.purchaserQuiet, w.purchaser);
  await t.db
    .update(parties)
    .set({ dunsNumber: '12-345-6789', buyerAssignedId: 'V-0042' })
    .where(eq(parties.id, w.toPurchaser.id));
});
beforeEach(async () => {
  await t.db.delete(codingRules).where(eq(codingRules.companyId, w.purchaser.id));
});
afterAll(() => t.close());

/** The same PDF with a trailing comment: another file (the same file twice is a duplicate). */
const variantPdf = (mark: string) => Buffer.concat([pdf, Buffer.from(`\n% ${mark}\n`)]);

const nextNumber = () => `PIDX-${++number}`;

const postXml = (xml: string, who = asVendor, query = '') =>
  who({
    method: 'POST',
    url: `/api/pidx/invoices${query}`,
    payload: xml,
    headers: { 'content-type': 'application/xml' },
  });

async function postMultipart(xml: string, files: Array<[string, Buffer, string]>, who = asVendor) {
  const { payload, headers } = await multipartBody([
    ['invoice', { name: 'invoice.xml', data: Buffer.from(xml), type: 'application/xml' }],
    ...files.map(
      ([field, data, name]) =>
        [field, { name, data, type: 'application/pdf' }] as [
          string,
          { name: string; data: Buffer; type: string },
        ],
    ),
  ]);
  return who({ method: 'POST', url: '/api/pidx/invoices', payload, headers });
}

const vendorDocuments = async () =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(documents)
        .where(eq(documents.ownerCompanyId, w.vendor.id))
    )[0]?.n,
  );

const lineItems = async (id: number, who = asPurchaser) => {
  const res = await who({ method: 'GET', url: `/api/documents/${id}/lineItems` });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().rows as {
    lineNumber: number;
    cells: { key: string; value: string | null }[];
  }[];
  return rows.map((r) => Object.fromEntries(r.cells.map((c) => [c.key, c.value])));
};

const metadataOf = async (id: number, who = asPurchaser) => {
  const res = await who({ method: 'GET', url: `/api/documents/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  const doc = res.json();
  return Object.fromEntries(
    (doc.metadata as { metadata: { key: string }; value: string | null }[]).map((m) => [
      m.metadata.key,
      m.value,
    ]),
  );
};

describe('PIDX invoices in', () => {
  it('maps a PIDX invoice with header and line AFEs, a tax and an attached PDF to a sent AR invoice with its lines and coding', async () => {
    const invoiceNumber = nextNumber();
    const xml = pidxInvoiceXml({
      invoiceNumber,
      billTo: { name: 'Someone Else Entirely', duns: '123456789' },
      poNumber: 'PO-77',
      headerAfe: 'AFE-100',
      headerCostCenter: 'CC-9',
      contract: 'MSA-2024',
      well: { name: 'Mesa 4H', id: '42-123-45678' },
      comment: 'October work',
      attachments: ['cid:invoice.pdf'],
    });
    const before = await vendorDocuments();
    const res = await postMultipart(xml, [['invoice.pdf', pdf, 'invoice.pdf']]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'sent',
      invoiceNumber,
      total: '1250.00',
      lineCount: 3,
      file: 'attached',
      autoApproved: false,
      receiver: { partyId: w.toPurchaser.id, companyId: w.purchaser.id },
    });
    expect(await vendorDocuments()).toBe(before + 1);
    const id = body.documentId as number;
    expect((await routeOf(t.db, id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Sent);
    expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.Received);

    const [doc] = await t.db.select().from(documents).where(eq(documents.id, id));
    expect(doc?.fileSha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(doc?.contentType).toBe('application/pdf');

    const values = await metadataOf(id);
    expect(values).toMatchObject({
      docNumber: invoiceNumber,
      docInvoiceDate: '2026-10-15',
      docServiceDate: '2026-10-01',
      docTotal: '1250.00',
      docPONumber: 'PO-77',
      docAFE: 'AFE-100',
      docDescription: 'October work',
      docOrgUnitName: 'Midland',
    });

    // The receiver sees the sender's lines (the tax as its own line) and its coding: the header
    // AFE and cost center on lines without their own, line 2's own AFE, the well on every line.
    expect(await lineItems(id)).toEqual([
      {
        description: 'Rig time',
        quantity: '10',
        unitPrice: '100.00',
        amount: '1000.00',
        afe: 'AFE-100',
        costCenter: 'CC-9',
        accountCode: null,
        well: 'Mesa 4H',
        property: null,
      },
      {
        description: 'Tax SalesTax (line 1)',
        quantity: '1',
        unitPrice: '82.50',
        amount: '82.50',
        afe: 'AFE-100',
        costCenter: 'CC-9',
        accountCode: null,
        well: 'Mesa 4H',
        property: null,
      },
      {
        description: 'Hauling',
        quantity: '2',
        unitPrice: '83.75',
        amount: '167.50',
        afe: 'AFE-200',
        costCenter: 'CC-9',
        accountCode: null,
        well: 'Mesa 4H',
        property: null,
      },
    ]);
    const [row] = await t.db.select().from(pidxInvoices).where(eq(pidxInvoices.documentId, id));
    expect(row?.details.contractNumber).toBe('MSA-2024');
    expect(row?.details.lines[0]).toMatchObject({
      itemCode: 'RIG-01',
      unitOfMeasure: 'HR',
      serviceDate: '2026-10-01',
    });
  });

  it('renders a PDF from the XML when none is attached; matches the receiver by name; ?send=false keeps a draft', async () => {
    const res = await postXml(
      pidxInvoiceXml({ invoiceNumber: nextNumber(), billTo: { name: 'PURCHASER CO.' } }),
      asVendor,
      '?send=false',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft', file: 'rendered' });
    const id = res.json().documentId as number;
    expect(await routeOf(t.db, id, w.purchaser.id)).toBeNull();
    expect((await routeOf(t.db, id, w.vendor.id))?.routeStatusId).toBeNull();
    const file = await asVendor({ method: 'GET', url: `/api/documents/${id}/file/1` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('matches by an identifier the buyer assigned, and keeps further PDFs as attachments', async () => {
    const res = await postMultipart(
      pidxInvoiceXml({
        invoiceNumber: nextNumber(),
        billTo: { buyerId: 'V-0042' },
        attachments: ['cid:a.pdf', 'cid:b.pdf'],
      }),
      [
        ['a.pdf', variantPdf('a'), 'a.pdf'],
        ['b.pdf', variantPdf('b'), 'b.pdf'],
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    const attachments = await t.db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.documentId, res.json().documentId));
    expect(attachments).toHaveLength(1);
  });

  it("runs the receiver's coding rules on the coded lines (touchless approval)", async () => {
    for (const rule of [
      { name: 'Under $5,000', kind: 'amountLimit', limit: '5000', autoApprove: true },
      { name: 'AFE coded', kind: 'requiredCoding', requiredKinds: [AccountKind.AFE] },
    ]) {
      const added = await asPurchaserAdmin({
        method: 'POST',
        url: '/api/codingrules',
        payload: rule,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const res = await postXml(pidxInvoiceXml({ invoiceNumber: nextNumber(), headerAfe: 'AFE-1' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().autoApproved).toBe(true);
    expect((await routeOf(t.db, res.json().documentId, w.purchaser.id))?.routeStatusId).toBe(
      RouteStatus.Approved,
    );
  });

  it("writes only codes on the receiver's list where it keeps one (as the list spells them)", async () => {
    await t.db
      .insert(accountCodes)
      .values([
        { companyId: w.purchaser.id, accountKind: AccountKind.AFE, code: 'AFE-ONE', name: 'One' },
      ]);
    const res = await postXml(
      pidxInvoiceXml({
        invoiceNumber: nextNumber(),
        headerAfe: 'afe-one',
        lines: [
          { description: 'A', quantity: '1', unitPrice: '1000.00' },
          { description: 'B', quantity: '1', unitPrice: '250.00', afe: 'NOT-KNOWN' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const lines = await lineItems(res.json().documentId);
    expect(lines.map((l) => l.afe)).toEqual(['AFE-ONE', null]);
    await t.db.delete(accountCodes).where(eq(accountCodes.companyId, w.purchaser.id));
  });

  it('flags a duplicate like any send (409 possible_duplicate, nothing created) unless confirmed', async () => {
    const xml = pidxInvoiceXml({ invoiceNumber: nextNumber() });
    expect((await postXml(xml)).statusCode).toBe(201);
    const before = await vendorDocuments();
    const again = await postXml(xml);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.code).toBe('possible_duplicate');
    expect(await vendorDocuments()).toBe(before);
    const confirmed = await postXml(xml, asVendor, '?confirmDuplicate=true');
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });

  const refusedWith = async (spec: PidxSpec | string, paths: string[]) => {
    const before = await vendorDocuments();
    const res = await postXml(typeof spec === 'string' ? spec : pidxInvoiceXml(spec));
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('pidx_invalid');
    expect((error.fields as { path: string }[]).map((f) => f.path)).toEqual(paths);
    for (const f of error.fields) expect(f.message).toBeTruthy();
    expect(await vendorDocuments()).toBe(before);
    return error;
  };

  it('refuses a wrong total, locating it, and creates nothing', async () => {
    const error = await refusedWith({ invoiceNumber: nextNumber(), total: '1300.00' }, [
      'InvoiceSummary/InvoiceTotal',
    ]);
    expect(error.fields[0].message).toBe(
      'The line items and taxes add up to $1,250.00, not the InvoiceTotal of $1,300.00.',
    );
  });

  it('refuses a missing InvoiceNumber, locating it', async () => {
    const error = await refusedWith({ invoiceNumber: null }, ['InvoiceProperties/InvoiceNumber']);
    expect(error.message).toBe('InvoiceProperties/InvoiceNumber: InvoiceNumber is required.');
  });

  it('refuses an unknown receiver, locating it', async () => {
    await refusedWith(
      { invoiceNumber: nextNumber(), billTo: { name: 'Nobody We Know', duns: '999999999' } },
      ["InvoiceProperties/PartnerInformation[@partnerRoleIndicator='BillTo']"],
    );
  });

  it('lists every problem at once, each located', async () => {
    await refusedWith(
      {
        invoiceNumber: null,
        invoiceDate: '2026-13-45',
        lines: [
          { description: null, quantity: '1', unitPrice: '10' },
          { description: 'X', quantity: 'lots', unitPrice: null },
        ],
        total: null,
      },
      [
        'InvoiceProperties/InvoiceNumber',
        'InvoiceProperties/InvoiceDate',
        'InvoiceDetails/InvoiceLineItem[1]/LineItemInformation/LineItemDescription',
        'InvoiceDetails/InvoiceLineItem[2]/InvoiceQuantity/Quantity',
        'InvoiceDetails/InvoiceLineItem[2]/Pricing/UnitPrice/MonetaryAmount',
        'InvoiceSummary/InvoiceTotal/MonetaryAmount',
      ],
    );
  });

  it('refuses TotalLineItems that does not count the lines, and a referenced attachment that is missing', async () => {
    await refusedWith(
      { invoiceNumber: nextNumber(), totalLineItems: '3', attachments: ['cid:gone.pdf'] },
      ['InvoiceSummary/TotalLineItems', 'InvoiceProperties/Attachment[1]/AttachmentLocation'],
    );
  });

  it('refuses what is not XML and XML that is not a PIDX invoice', async () => {
    await refusedWith('this is not xml <', ['Invoice']);
    await refusedWith('<?xml version="1.0"?><Order xmlns="urn:x"><a>1</a></Order>', ['Invoice']);
    await refusedWith('<?xml version="1.0"?><Invoice xmlns="urn:not-pidx"><a>1</a></Invoice>', [
      'Invoice',
    ]);
  });

  it('refuses a JSON body (415) and an empty multipart (400)', async () => {
    const json = await asVendor({
      method: 'POST',
      url: '/api/pidx/invoices',
      payload: { invoice: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const { payload, headers } = await multipartBody([['other', 'x']]);
    const empty = await asVendor({ method: 'POST', url: '/api/pidx/invoices', payload, headers });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().error.fields[0].path).toBe('invoice');
  });

  it('refuses ReadOnly members, Global users and a company that is not a vendor (403); accepts an API key', async () => {
    const xml = pidxInvoiceXml({ invoiceNumber: nextNumber() });
    expect((await postXml(xml, caller(t, w.readOnly, w.vendor))).statusCode).toBe(403);
    expect((await postXml(xml, caller(t, w.global, w.vendor))).statusCode).toBe(403);
    const fromPurchaser = await postXml(xml, asPurchaser);
    expect(fromPurchaser.statusCode).toBe(403);
    expect(fromPurchaser.json().error.code).toBe('vendor_required');

    const admin = await buildMember(t.db, w.vendor, [Role.Administrator]);
    const created = await caller(
      t,
      admin,
      w.vendor,
    )({
      method: 'POST',
      url: '/api/apikeys',
      payload: { name: 'Billing system', role: Role.Processor },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pidx/invoices',
      payload: xml,
      headers: { 'content-type': 'application/xml', 'x-api-key': created.json().key },
    });
    expect(res.statusCode, res.body).toBe(201);
    void UserType;
  });
});

describe('hostile XML', () => {
  const hostile = async (xml: string | Buffer, status: number) => {
    const before = await vendorDocuments();
    const res = await postXml(xml as string);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(await vendorDocuments()).toBe(before);
    return res;
  };

  it('refuses entity expansion (billion laughs) before parsing', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<pidx:Invoice xmlns:pidx="http://www.api.org/pidXML/v1.0"><pidx:InvoiceProperties><pidx:InvoiceNumber>&lol3;</pidx:InvoiceNumber></pidx:InvoiceProperties></pidx:Invoice>`;
    const res = await hostile(laughs, 400);
    expect(res.json().error.fields[0].message).toBe(
      'XML with a DOCTYPE or entity declarations is not accepted.',
    );
  });

  it('refuses external entities', async () => {
    await hostile(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><pidx:Invoice xmlns:pidx="http://www.api.org/pidXML/v1.0"><pidx:Comment>&xxe;</pidx:Comment></pidx:Invoice>`,
      400,
    );
  });

  it('refuses deep nesting without parsing it', async () => {
    const depth = 100_000;
    const res = await hostile(
      `<pidx:Invoice xmlns:pidx="http://www.api.org/pidXML/v1.0">${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</pidx:Invoice>`,
      400,
    );
    expect(res.json().error.fields[0].message).toMatch(/nested more than 32 levels/);
  });

  it('refuses a 100 MB body with 413', async () => {
    const big = Buffer.alloc(100 * 1024 * 1024, 0x20);
    big.write('<pidx:Invoice xmlns:pidx="http://www.api.org/pidXML/v1.0">');
    await hostile(big, 413);
  });

  it('decodes the predefined entities (the helper escapes & as &amp;)', async () => {
    const res = await postXml(pidxInvoiceXml({ invoiceNumber: `${nextNumber()}-A&B` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invoiceNumber).toMatch(/-A&B$/);
  });
});

describe('PIDX status back', () => {
  const responseOf = async (id: number, who = asVendor) => {
    const res = await who({ method: 'GET', url: `/api/pidx/invoices/${id}/response` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    return res.body;
  };
  const send = async () => {
    const res = await postXml(pidxInvoiceXml({ invoiceNumber: nextNumber() }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().documentId as number;
  };

  it('answers Accepted once delivered, then Approved, then Paid with the payment', async () => {
    const id = await send();
    let xml = await responseOf(id);
    expect(xml).toContain('<pidx:InvoiceResponse xmlns:pidx="http://www.api.org/pidXML/v1.0"');
    expect(xml).toContain('<pidx:InvoiceStatusCode>Accepted</pidx:InvoiceStatusCode>');
    expect(xml).toContain('<pidx:TotalLineItems>3</pidx:TotalLineItems>');

    expect(
      (await asPurchaser({ method: 'POST', url: `/api/documents/${id}/approve` })).statusCode,
    ).toBe(200);
    xml = await responseOf(id);
    expect(xml).toContain('<pidx:InvoiceStatusCode>Approved</pidx:InvoiceStatusCode>');
    expect(xml).toContain('<pidx:LineItemStatusCode>Approved</pidx:LineItemStatusCode>');

    const paid = await asPurchaser({
      method: 'POST',
      url: '/api/payment',
      payload: {
        documentId: id,
        amount: '1250.00',
        paymentId: 'ACH-77',
        transactionDate: '2026-12-01',
      },
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    xml = await responseOf(id);
    expect(xml).toContain('<pidx:InvoiceStatusCode>Paid</pidx:InvoiceStatusCode>');
    expect(xml).toContain('<pidx:PaymentAmount><pidx:MonetaryAmount>1250.00</pidx:MonetaryAmount>');
    expect(xml).toContain('<pidx:PaymentReference>ACH-77</pidx:PaymentReference>');
    expect(xml).toContain('<pidx:PaymentDate>2026-12-01</pidx:PaymentDate>');
  });

  it('answers Rejected with the reason, on the invoice and its lines', async () => {
    const id = await send();
    const rejected = await asPurchaser({
      method: 'POST',
      url: `/api/documents/${id}/reject`,
      payload: { reason: 'Wrong AFE <check>' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const xml = await responseOf(id);
    expect(xml).toContain('<pidx:InvoiceStatusCode>Rejected</pidx:InvoiceStatusCode>');
    expect(xml).toContain(
      '<pidx:ReasonDescription>Wrong AFE &lt;check&gt;</pidx:ReasonDescription>',
    );
    expect(xml).toContain('<pidx:LineItemStatusCode>Rejected</pidx:LineItemStatusCode>');
  });

  it("is only the sender's: the receiver 403, another company 404", async () => {
    const id = await send();
    const receiver = await asPurchaser({ method: 'GET', url: `/api/pidx/invoices/${id}/response` });
    expect(receiver.statusCode).toBe(403);
    const stranger = await caller(
      t,
      w.strangerUser,
      w.stranger,
    )({ method: 'GET', url: `/api/pidx/invoices/${id}/response` });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('PIDX-');
  });

  it('answers Pending for a draft', async () => {
    const res = await postXml(
      pidxInvoiceXml({ invoiceNumber: nextNumber() }),
      asVendor,
      '?send=false',
    );
    const xml = await responseOf(res.json().documentId);
    expect(xml).toContain('<pidx:InvoiceStatusCode>Pending</pidx:InvoiceStatusCode>');
    void and;
  });
});
