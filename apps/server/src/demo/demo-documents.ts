import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import {
  DivisionOrderResponse,
  DocumentTypeId,
  formatBatchName,
  HistoryOperation,
  lookupValueId,
  metadataFieldSeeds,
  RouteStatus,
} from '@flowline/shared';
import type { Db } from '../db/client';
import { documents } from '../db/schema/index';
import type { BlobStore } from '../platform/blob-store/index';
import {
  createDocument,
  type NewDocumentHistory,
  type NewDocumentSent,
  type NewMetadataValue,
} from '../modules/document-upload/create-document';
import { detectSignatureField } from '../modules/signing/signature-field-service';
import { seedDemoConnections, type DemoConnections } from './demo-connections';
import { renderDemoPdf, type DemoPdf } from './demo-pdf';
import { reviewDemoInvoices, type DemoReview } from './demo-workflow';

/**
 * Demo documents (docs/document-upload-and-files.md): 12 AR invoices Permian → Red Mesa in every
 * state (drafts, Sent, Received, Approved, Paid, one Rejected with its reason), and from Red Mesa
 * to Hawthorne 4 pending division orders (one returned signed), 2 division orders, run and owner
 * statements and a 1099 — each with a generated PDF in the blob store and full metadata.
 * Runs once: skipped when the vendor already owns documents.
 */

const VENDOR = 'Permian Basin Services LLC';
const OPERATOR = 'Red Mesa Operating Co.';
const OWNER = 'Hawthorne Royalty Trust';
const DAY = 24 * 60 * 60 * 1000;

const vendorLetterhead = [
  '500 W Wall St, Midland, TX 79701',
  '432-555-0142 · billing@permian.example',
];
const operatorLetterhead = [
  '300 N Marienfeld St, Midland, TX 79701',
  '432-555-0199 · revenue@redmesa.example',
];
const ownerAddress = ['2001 Ross Ave', 'Dallas, TX 75201'];

export interface DemoPeople {
  vendorAdmin: number | null;
  vendorUser: number | null;
  operatorAdmin: number | null;
  operatorUser: number | null;
  ownerAdmin: number | null;
}

export async function seedDemoDocuments(
  tx: Db,
  blobStore: BlobStore,
  companyIds: ReadonlyMap<string, number>,
  userIdsByEmail: ReadonlyMap<string, number>,
  now = new Date(),
): Promise<void> {
  const vendor = companyIds.get('vendor');
  const operator = companyIds.get('operator');
  const owner = companyIds.get('owner');
  if (vendor === undefined || operator === undefined || owner === undefined) return;
  const [existing] = await tx
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.ownerCompanyId, vendor));
  if ((existing?.n ?? 0) > 0) return;

  const links = await seedDemoConnections(tx, { vendor, operator, owner });
  const user = (email: string) => userIdsByEmail.get(email) ?? null;
  const people: DemoPeople = {
    vendorAdmin: user('admin@permian.example'),
    vendorUser: user('user@permian.example'),
    operatorAdmin: user('admin@redmesa.example'),
    operatorUser: user('user@redmesa.example'),
    ownerAdmin: user('admin@hawthorne.example'),
  };
  const ctx: SeedContext = { tx, blobStore, ids: { vendor, operator, owner }, links, people, now };
  const reviews: DemoReview[] = [];
  for (const [i, invoice] of arInvoices.entries()) {
    const review = await seedInvoice(ctx, invoice, i);
    if (review) reviews.push(review);
  }
  const operatorUser = people.operatorUser ?? people.operatorAdmin;
  if (operatorUser !== null) {
    await reviewDemoInvoices(tx, reviews, {
      operatorId: operator,
      userId: operatorUser,
      payerId: people.operatorAdmin ?? operatorUser,
    });
  }
  for (const [i, order] of divisionOrders.entries()) await seedDivisionOrder(ctx, order, i);
  for (const [i, statement] of statements.entries()) await seedStatement(ctx, statement, i);
  await seed1099(ctx);
}

interface SeedContext {
  tx: Db;
  blobStore: BlobStore;
  ids: { vendor: number; operator: number; owner: number };
  links: DemoConnections;
  people: DemoPeople;
  now: Date;
}

// ---- helpers ---------------------------------------------------------------------------------

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const usDate = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const decimal = (n: number) => n.toFixed(2);
const monthName = (d: Date) =>
  d.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A List field's value with its lookup value id (as the document screen stores it). */
function listValue(documentTypeId: number, key: string, value: string): NewMetadataValue {
  const field = metadataFieldSeeds.find(
    (f) => f.documentTypeId === documentTypeId && f.key === key,
  );
  const position = field?.lookupValues?.indexOf(value) ?? -1;
  if (!field || position < 0) throw new Error(`no list value ${value} for ${key}`);
  return { value, lookupValueId: lookupValueId(field.id, position + 1) };
}

async function storePdf(ctx: SeedContext, pdf: DemoPdf, fileName: string) {
  const bytes = await renderDemoPdf(pdf);
  const stored = await ctx.blobStore.putByContent('documents', Readable.from([bytes]), {
    contentType: 'application/pdf',
  });
  return { ...stored, contentType: 'application/pdf', fileName, pageCount: 1 };
}

type Workflow = 'draft' | 'sent' | 'received' | 'approved' | 'paid' | 'rejected';

/** Route statuses and history of an AR invoice in each demo state. */
function invoiceWorkflow(
  ctx: SeedContext,
  state: Workflow,
  at: Date,
): { sent?: NewDocumentSent; history: NewDocumentHistory[] } {
  if (state === 'draft') return { history: [] };
  const { operator } = ctx.ids;
  const reviewer = ctx.people.operatorUser;
  const later = (days: number) => new Date(at.getTime() + days * DAY);
  // Approved, paid and rejected invoices arrive like the others; the operator's review then runs
  // through the real workflow (demo-workflow.ts).
  const history: NewDocumentHistory[] = [];
  if (state !== 'sent') {
    history.push({
      operationId: HistoryOperation.Read,
      companyId: operator,
      userId: reviewer,
      at: later(1),
    });
  }
  return {
    sent: {
      receiverCompanyId: operator,
      receiverPartyId: ctx.links.operatorToVendor,
      // Opened by the operator: Viewed on both sides, as the receiver's first open does.
      ownerRouteStatusId: state === 'sent' ? RouteStatus.Sent : RouteStatus.Viewed,
      receiverRouteStatusId: state === 'sent' ? RouteStatus.Received : RouteStatus.Viewed,
      receiverIsRead: state !== 'sent',
    },
    history,
  };
}

// ---- AR invoices Permian → Red Mesa ---------------------------------------------------------

interface InvoiceSeed {
  state: Workflow;
  /** Days before today. */
  age: number;
  well: string;
  afe: string;
  po: string;
  terms: 'Due on receipt' | 'Net 15' | 'Net 30' | 'Net 45' | 'Net 60';
  lines: Array<[description: string, quantity: number, unit: string, rate: number]>;
  reason?: string;
}

const arInvoices: InvoiceSeed[] = [
  {
    state: 'paid',
    age: 118,
    well: 'Mesa Verde 14-2H',
    afe: 'AFE-24-0117',
    po: 'PO-55120',
    terms: 'Net 30',
    lines: [
      ['Hot oil treatment, tubing', 6, 'hr', 185],
      ['Chemical: paraffin solvent', 110, 'gal', 6.75],
    ],
  },
  {
    state: 'approved',
    age: 104,
    well: 'Caprock State 3',
    afe: 'AFE-24-0122',
    po: 'PO-55163',
    terms: 'Net 30',
    lines: [
      ['Frac tank rental (500 bbl)', 14, 'day', 65],
      ['Tank delivery and pickup', 2, 'trip', 450],
    ],
  },
  {
    state: 'paid',
    age: 92,
    well: 'Red Bluff Unit 7',
    afe: 'AFE-24-0131',
    po: 'PO-55201',
    terms: 'Net 15',
    lines: [
      ['Roustabout crew (4 men)', 10, 'hr', 260],
      ['Pickup truck', 10, 'hr', 28],
    ],
  },
  {
    state: 'rejected',
    age: 80,
    well: 'Mesa Verde 14-2H',
    afe: 'AFE-24-0117',
    po: 'PO-55244',
    terms: 'Net 30',
    lines: [
      ['Vacuum truck hauling, produced water', 12, 'hr', 115],
      ['Disposal fee', 840, 'bbl', 0.85],
    ],
    reason:
      'Vacuum truck rate does not match MSA 2024-07 ($95.00/hr). Please correct and resubmit.',
  },
  {
    state: 'approved',
    age: 66,
    well: 'Pecos Draw 22-1',
    afe: 'AFE-24-0140',
    po: 'PO-55290',
    terms: 'Net 45',
    lines: [
      ['Pumping unit repair, gearbox seal', 1, 'job', 2850],
      ['Parts: gearbox seal kit', 1, 'ea', 612.4],
      ['Crane truck', 4, 'hr', 210],
    ],
  },
  {
    state: 'received',
    age: 52,
    well: 'Caprock State 3',
    afe: 'AFE-24-0122',
    po: 'PO-55312',
    terms: 'Net 30',
    lines: [
      ['Wellhead maintenance', 1, 'job', 1475],
      ['Valve replacement, 2" gate', 2, 'ea', 388],
    ],
  },
  {
    state: 'received',
    age: 40,
    well: 'Red Bluff Unit 7',
    afe: 'AFE-24-0131',
    po: 'PO-55348',
    terms: 'Net 30',
    lines: [
      ['Flowline pressure test', 1, 'job', 980],
      ['Hydrotest pump', 8, 'hr', 72.5],
    ],
  },
  {
    state: 'sent',
    age: 26,
    well: 'Pecos Draw 22-1',
    afe: 'AFE-24-0140',
    po: 'PO-55391',
    terms: 'Net 30',
    lines: [
      ['Hot oil treatment, casing', 5, 'hr', 185],
      ['Chemical: paraffin solvent', 90, 'gal', 6.75],
    ],
  },
  {
    state: 'sent',
    age: 12,
    well: 'Mesa Verde 14-2H',
    afe: 'AFE-24-0117',
    po: 'PO-55420',
    terms: 'Net 60',
    lines: [
      ['Roustabout crew (4 men)', 16, 'hr', 260],
      ['Welding rig and operator', 6, 'hr', 145],
    ],
  },
  {
    state: 'draft',
    age: 5,
    well: 'Caprock State 3',
    afe: 'AFE-24-0122',
    po: 'PO-55446',
    terms: 'Net 30',
    lines: [['Frac tank rental (500 bbl)', 21, 'day', 65]],
  },
  {
    state: 'draft',
    age: 3,
    well: 'Red Bluff Unit 7',
    afe: 'AFE-24-0131',
    po: 'PO-55457',
    terms: 'Net 30',
    lines: [
      ['Vacuum truck hauling, produced water', 9, 'hr', 95],
      ['Disposal fee', 630, 'bbl', 0.85],
    ],
  },
  {
    state: 'draft',
    age: 1,
    well: 'Pecos Draw 22-1',
    afe: 'AFE-24-0140',
    po: 'PO-55468',
    terms: 'Due on receipt',
    lines: [['Emergency call-out, leak repair', 1, 'job', 1850]],
  },
];

async function seedInvoice(ctx: SeedContext, seed: InvoiceSeed, index: number) {
  const at = new Date(ctx.now.getTime() - seed.age * DAY);
  const number = `PBS-${at.getUTCFullYear()}-${1041 + index}`;
  const serviceDate = new Date(at.getTime() - 4 * DAY);
  const termDays = { 'Due on receipt': 0, 'Net 15': 15, 'Net 30': 30, 'Net 45': 45, 'Net 60': 60 }[
    seed.terms
  ];
  const dueDate = new Date(at.getTime() + termDays * DAY);
  const amounts = seed.lines.map(([, q, , r]) => Math.round(q * r * 100) / 100);
  const total = amounts.reduce((a, b) => a + b, 0);
  const description = `${seed.lines[0]![0]} — ${seed.well}`;
  const file = await storePdf(
    ctx,
    {
      title: 'INVOICE',
      from: { name: VENDOR, lines: vendorLetterhead },
      to: {
        label: 'Bill To',
        name: OPERATOR,
        lines: ['Red Mesa - Accounting', '300 N Marienfeld St', 'Midland, TX 79701'],
      },
      fields: [
        ['Invoice #', number],
        ['Invoice Date', usDate(at)],
        ['Service Date', usDate(serviceDate)],
        ['Due Date', usDate(dueDate)],
        ['Terms', seed.terms],
        ['PO #', seed.po],
        ['AFE #', seed.afe],
      ],
      table: {
        columns: [
          { header: 'Description', width: 250 },
          { header: 'Qty', width: 60, align: 'right' },
          { header: 'Unit', width: 50 },
          { header: 'Rate', width: 70, align: 'right' },
          { header: 'Amount', width: 82, align: 'right' },
        ],
        rows: seed.lines.map(([d, q, u, r], i) => [d, String(q), u, money(r), money(amounts[i]!)]),
      },
      totals: [
        ['Subtotal', money(total)],
        ['Sales tax (exempt)', money(0)],
        ['Total Due', money(total)],
      ],
      notes: [
        `Lease / well: ${seed.well}`,
        'Remit to: Permian Basin Services LLC, PO Box 1120, Midland, TX 79702',
      ],
      createdAt: at,
    },
    `${number}.pdf`,
  );
  const flow = invoiceWorkflow(ctx, seed.state, at);
  const t = DocumentTypeId.ArInvoice;
  const doc = await createDocument(ctx.tx, {
    ownerCompanyId: ctx.ids.vendor,
    userId: index % 3 === 0 ? ctx.people.vendorAdmin : ctx.people.vendorUser,
    documentTypeId: t,
    file,
    batchName: formatBatchName(at, { utc: true }),
    receivingPartyId: ctx.links.vendorToOperator,
    receivingCompanyId: ctx.ids.operator,
    metadata: {
      docNumber: number,
      docInvoiceDate: isoDate(at),
      docServiceDate: isoDate(serviceDate),
      docDueDate: isoDate(dueDate),
      docTotal: decimal(total),
      docARPurchaserName: { value: OPERATOR, partyId: ctx.links.vendorToOperator },
      docOrgUnitName: 'Red Mesa - Accounting',
      docPONumber: seed.po,
      docAFE: seed.afe,
      docPaymentTerms: listValue(t, 'docPaymentTerms', seed.terms),
      docDescription: description,
      docARCompany: VENDOR,
      docScanDate: isoDate(at),
    },
    sent: flow.sent,
    history: flow.history,
    at,
  });
  const reviewedAt = new Date(at.getTime() + (seed.state === 'rejected' ? 2 : 3) * DAY);
  return seed.state === 'approved' || seed.state === 'paid' || seed.state === 'rejected'
    ? {
        documentId: doc.id,
        outcome: seed.state,
        at: reviewedAt,
        total,
        ...(seed.reason ? { reason: seed.reason } : {}),
      }
    : null;
}

// ---- Division orders Red Mesa → Hawthorne ---------------------------------------------------

interface DivisionOrderSeed {
  pending: boolean;
  age: number;
  property: string;
  well: string;
  interest: number;
  interestType: 'Royalty' | 'Overriding Royalty' | 'Working Interest' | 'Non-Participating';
  state: 'new-unread' | 'new-read' | 'returned' | 'received-unread' | 'received-read';
}

const divisionOrders: DivisionOrderSeed[] = [
  {
    pending: true,
    age: 34,
    property: 'Mesa Verde Unit',
    well: 'Mesa Verde 14-2H',
    interest: 0.015625,
    interestType: 'Royalty',
    state: 'returned',
  },
  {
    pending: true,
    age: 18,
    property: 'Caprock State Lease',
    well: 'Caprock State 3',
    interest: 0.0078125,
    interestType: 'Overriding Royalty',
    state: 'new-read',
  },
  {
    pending: true,
    age: 9,
    property: 'Pecos Draw Unit',
    well: 'Pecos Draw 22-1',
    interest: 0.02083333,
    interestType: 'Royalty',
    state: 'new-unread',
  },
  {
    pending: true,
    age: 2,
    property: 'Red Bluff Unit',
    well: 'Red Bluff Unit 7',
    interest: 0.0125,
    interestType: 'Royalty',
    state: 'new-unread',
  },
  {
    pending: false,
    age: 60,
    property: 'Mesa Verde Unit',
    well: 'Mesa Verde 12-1',
    interest: 0.015625,
    interestType: 'Royalty',
    state: 'received-read',
  },
  {
    pending: false,
    age: 21,
    property: 'Caprock State Lease',
    well: 'Caprock State 1',
    interest: 0.0078125,
    interestType: 'Overriding Royalty',
    state: 'received-unread',
  },
];

function operatorSent(
  ctx: SeedContext,
  ownerStatus: number,
  receiverStatus: number,
  read: boolean,
): NewDocumentSent {
  return {
    receiverCompanyId: ctx.ids.owner,
    receiverPartyId: ctx.links.ownerToOperator,
    ownerRouteStatusId: ownerStatus,
    receiverRouteStatusId: receiverStatus,
    receiverIsRead: read,
  };
}

async function seedDivisionOrder(ctx: SeedContext, seed: DivisionOrderSeed, index: number) {
  const at = new Date(ctx.now.getTime() - seed.age * DAY);
  const effective = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 2, 1));
  const t = seed.pending ? DocumentTypeId.PendingDivisionOrder : DocumentTypeId.DivisionOrder;
  const number = `DO-${at.getUTCFullYear()}-${String(310 + index).padStart(4, '0')}`;
  const file = await storePdf(
    ctx,
    {
      title: seed.pending ? 'DIVISION ORDER (PENDING)' : 'DIVISION ORDER',
      from: { name: OPERATOR, lines: operatorLetterhead },
      to: {
        label: 'Owner',
        name: OWNER,
        lines: [...ownerAddress, 'Owner No. HRT-0042 · Tax ID 75-7654321'],
      },
      fields: [
        ['Division Order #', number],
        ['Property', seed.property],
        ['Effective Date', usDate(effective)],
        ['Issued', usDate(at)],
      ],
      table: {
        columns: [
          { header: 'Well', width: 170 },
          { header: 'County, State', width: 130 },
          { header: 'Interest Type', width: 110 },
          { header: 'Decimal Interest', width: 102, align: 'right' },
        ],
        rows: [[seed.well, 'Reeves, TX', seed.interestType, seed.interest.toFixed(8)]],
      },
      notes: [
        'The undersigned certifies ownership of the decimal interest shown above in production from',
        'the property described and authorizes the operator to distribute proceeds accordingly.',
      ],
      signature: `Signature of owner — ${OWNER}`,
      createdAt: at,
    },
    `${number}.pdf`,
  );
  const history: NewDocumentHistory[] = [];
  const read = seed.state !== 'new-unread' && seed.state !== 'received-unread';
  if (read)
    history.push({
      operationId: HistoryOperation.Read,
      companyId: ctx.ids.owner,
      userId: ctx.people.ownerAdmin,
      at: new Date(at.getTime() + DAY),
    });
  if (seed.state === 'returned') {
    history.push({
      operationId: HistoryOperation.ReturnSigned,
      companyId: ctx.ids.owner,
      userId: ctx.people.ownerAdmin,
      newValue: DivisionOrderResponse.returnedSigned,
      at: new Date(at.getTime() + 3 * DAY),
    });
  }
  const sent =
    seed.state === 'returned'
      ? operatorSent(ctx, RouteStatus.Returned, RouteStatus.Returned, true)
      : seed.pending
        ? operatorSent(ctx, RouteStatus.Sent, RouteStatus.New, read)
        : operatorSent(ctx, RouteStatus.Sent, RouteStatus.Received, read);
  const doc = await createDocument(ctx.tx, {
    ownerCompanyId: ctx.ids.operator,
    userId: ctx.people.operatorAdmin,
    documentTypeId: t,
    file,
    batchName: formatBatchName(at, { utc: true }),
    receivingPartyId: ctx.links.operatorToOwner,
    receivingCompanyId: ctx.ids.owner,
    metadata: {
      docOwnerName: { value: OWNER, partyId: ctx.links.operatorToOwner },
      docOwnerNumber: 'HRT-0042',
      docPropertyName: seed.property,
      docWellName: seed.well,
      docDecimalInterest: seed.interest.toFixed(8),
      docInterestType: listValue(t, 'docInterestType', seed.interestType),
      docEffectiveDate: isoDate(effective),
      docOperatorName: OPERATOR,
      docOwnerAddressLineOne: ownerAddress[0]!,
      docOwnerZipCode: '75201',
      docOwnerTaxId: '75-7654321',
      ...(seed.state === 'returned'
        ? {
            docDOResponseStatus: listValue(
              t,
              'docDOResponseStatus',
              DivisionOrderResponse.returnedSigned,
            ),
          }
        : {}),
    },
    sent,
    history,
    at,
  });
  // Issue 31 item 1: the owner's signature field, found from the letter's 'Signature of owner'
  // caption as a send would (docs/signing.md 'Signature fields').
  if (seed.pending && seed.state !== 'returned') {
    await detectSignatureField(ctx.tx, ctx.blobStore, doc);
  }
}

// ---- Run and owner statements, 1099 Red Mesa → Hawthorne -----------------------------------

interface StatementSeed {
  kind: 'run' | 'owner';
  age: number;
  property: string;
  read: boolean;
  lines: Array<[product: string, volume: number, price: number]>;
}

const statements: StatementSeed[] = [
  {
    kind: 'run',
    age: 45,
    property: 'Mesa Verde Unit',
    read: true,
    lines: [
      ['Oil (bbl)', 1840, 71.35],
      ['Gas (mcf)', 5210, 2.41],
    ],
  },
  {
    kind: 'run',
    age: 15,
    property: 'Caprock State Lease',
    read: false,
    lines: [
      ['Oil (bbl)', 1320, 69.8],
      ['NGL (gal)', 9400, 0.61],
    ],
  },
  {
    kind: 'owner',
    age: 38,
    property: 'Mesa Verde Unit',
    read: true,
    lines: [
      ['Oil (bbl)', 1840, 71.35],
      ['Gas (mcf)', 5210, 2.41],
    ],
  },
  {
    kind: 'owner',
    age: 8,
    property: 'Pecos Draw Unit',
    read: false,
    lines: [
      ['Oil (bbl)', 960, 72.1],
      ['Gas (mcf)', 3100, 2.37],
    ],
  },
];

const OWNER_DECIMAL = 0.015625;
const SEVERANCE = 0.046;

async function seedStatement(ctx: SeedContext, seed: StatementSeed, index: number) {
  const at = new Date(ctx.now.getTime() - seed.age * DAY);
  const production = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 2, 1));
  const run = seed.kind === 'run';
  const t = run ? DocumentTypeId.RunStatement : DocumentTypeId.OwnerStatement;
  const check = String(880_412 + index * 37);
  const gross = seed.lines.map(([, v, p]) => Math.round(v * p * OWNER_DECIMAL * 100) / 100);
  const grossTotal = gross.reduce((a, b) => a + b, 0);
  const tax = Math.round(grossTotal * SEVERANCE * 100) / 100;
  const net = Math.round((grossTotal - tax) * 100) / 100;
  const file = await storePdf(
    ctx,
    {
      title: run ? 'RUN STATEMENT' : 'OWNER STATEMENT',
      from: { name: OPERATOR, lines: operatorLetterhead },
      to: { label: 'Payee', name: OWNER, lines: ownerAddress },
      fields: [
        ['Check #', check],
        ['Check Date', usDate(at)],
        ['Property', seed.property],
        ['Production', monthName(production)],
        ['Owner Decimal', OWNER_DECIMAL.toFixed(8)],
      ],
      table: {
        columns: [
          { header: 'Product', width: 150 },
          { header: 'Volume', width: 90, align: 'right' },
          { header: 'Price', width: 90, align: 'right' },
          { header: 'Owner Share', width: 182, align: 'right' },
        ],
        rows: seed.lines.map(([product, v, p], i) => [
          product,
          v.toLocaleString('en-US'),
          money(p),
          money(gross[i]!),
        ]),
      },
      totals: [
        ['Gross value', money(grossTotal)],
        ['Severance tax', `-${money(tax)}`],
        ['Net Amount', money(net)],
      ],
      notes: [
        run
          ? 'Purchaser: Caprock Midstream Partners'
          : 'Revenue distribution for the production month shown.',
      ],
      createdAt: at,
    },
    `${run ? 'RUN' : 'OS'}-${check}.pdf`,
  );
  await createDocument(ctx.tx, {
    ownerCompanyId: ctx.ids.operator,
    userId: ctx.people.operatorAdmin,
    documentTypeId: t,
    file,
    batchName: formatBatchName(at, { utc: true }),
    receivingPartyId: ctx.links.operatorToOwner,
    receivingCompanyId: ctx.ids.owner,
    metadata: {
      docCheckNumber: check,
      docCheckDate: isoDate(at),
      ...(run
        ? { docPurchaserName: 'Caprock Midstream Partners' }
        : { docOwnerName: { value: OWNER, partyId: ctx.links.operatorToOwner } }),
      docPropertyName: seed.property,
      docProductionMonth: monthName(production),
      docNetAmount: decimal(net),
      docOperatorName: OPERATOR,
    },
    sent: operatorSent(ctx, RouteStatus.Sent, RouteStatus.Received, seed.read),
    history: seed.read
      ? [
          {
            operationId: HistoryOperation.Read,
            companyId: ctx.ids.owner,
            userId: ctx.people.ownerAdmin,
            at: new Date(at.getTime() + DAY),
          },
        ]
      : [],
    at,
  });
}

async function seed1099(ctx: SeedContext) {
  const at = new Date(ctx.now.getTime() - 30 * DAY);
  const year = ctx.now.getUTCFullYear() - 1;
  const amount = 48_215.37;
  const t = DocumentTypeId.Form1099;
  const file = await storePdf(
    ctx,
    {
      title: `FORM 1099-MISC ${year}`,
      from: { name: OPERATOR, lines: [...operatorLetterhead, "Payer's TIN 85-7654321"] },
      to: {
        label: 'Recipient',
        name: OWNER,
        lines: [...ownerAddress, "Recipient's TIN 75-7654321"],
      },
      fields: [
        ['Tax Year', String(year)],
        ['Form', '1099-MISC'],
        ['Account No.', 'HRT-0042'],
      ],
      table: {
        columns: [
          { header: 'Box', width: 60 },
          { header: 'Description', width: 300 },
          { header: 'Amount', width: 152, align: 'right' },
        ],
        rows: [
          ['2', 'Royalties', money(amount)],
          ['4', 'Federal income tax withheld', money(0)],
          ['16', 'State tax withheld (TX)', money(0)],
        ],
      },
      totals: [['Total reported', money(amount)]],
      notes: [
        'Copy B — For Recipient. This is important tax information and is being furnished to the IRS.',
      ],
      createdAt: at,
    },
    `1099-MISC-${year}-HRT-0042.pdf`,
  );
  await createDocument(ctx.tx, {
    ownerCompanyId: ctx.ids.operator,
    userId: ctx.people.operatorAdmin,
    documentTypeId: t,
    file,
    batchName: formatBatchName(at, { utc: true }),
    receivingPartyId: ctx.links.operatorToOwner,
    receivingCompanyId: ctx.ids.owner,
    metadata: {
      docTaxYear: String(year),
      docFormType: listValue(t, 'docFormType', '1099-MISC'),
      docRecipientName: { value: OWNER, partyId: ctx.links.operatorToOwner },
      docRecipientTaxId: '75-7654321',
      docAmount: decimal(amount),
      docPayerName: OPERATOR,
    },
    sent: operatorSent(ctx, RouteStatus.Sent, RouteStatus.Received, false),
    at,
  });
}
