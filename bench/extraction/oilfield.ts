import * as data from './data';
import { newDocument, type Sheet } from './draw';
import { Random } from './random';

/**
 * The harder corpus (issue 34 item 1): invoices that look like the ones oilfield-service vendors
 * send. Six layouts; the label wordings people print ('Doc No.', 'Dated', 'Amt Due', 'AFE/CC'…);
 * distractors next to the values that count (PO, field ticket, customer and dispatch numbers; due,
 * remit-by and service dates; a Subtotal / Sales Tax / Freight block; a page subtotal); item-code
 * tables with a unit of measure, credit lines, wrapped descriptions; two-page invoices with the
 * total on page 2. Each document has its own seed (`seed * 1000 + n`): even n is the tuning half,
 * odd n the held-out half, so nothing tuned on one half was seen on the other.
 */

export interface OilfieldLine {
  itemCode: string | null;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
}

export interface OilfieldTruth {
  file: string;
  template: string;
  documentTypeId: 93;
  pages: number;
  /** Canonical values: ISO dates, plain decimals. */
  fields: Record<string, string>;
  lineItems: OilfieldLine[];
  /** The date of the received-stamp of the scan rendition (a distractor). */
  receivedDate: string;
}

const codes = ['HO', 'VT', 'FT', 'RL', 'WL', 'CT', 'ML', 'CH', 'TR', 'SB', 'LB', 'EQ'];
const uoms = ['EA', 'HR', 'DAY', 'BBL', 'MI', 'JOB', 'GAL', 'FT'];
const shortDescriptions = [
  'Hot oil unit with operator',
  'Vacuum truck 130 bbl',
  'Frac tank rental',
  'Roustabout crew labor',
  'Mileage',
  'Fuel surcharge',
  'Crane service',
  'Welding labor',
  'Standby time',
  'Fresh water hauling',
  'Tubing inspection',
  'Supervisor day rate',
  'KCl water 2%',
  'Disposal fee',
];
const longDescriptions = [
  'Hot oil unit with operator and helper, heat and circulate tubing and casing',
  'Vacuum truck 130 bbl, haul produced water from battery to SWD facility',
  'Roustabout crew of four, replace flowline and install new check valves',
  'Wireline unit with operator, run gauge ring and set composite bridge plug',
  'Pressure test BOP stack and choke manifold, chart recorder and report',
  'Chemical corrosion inhibitor batch treatment down annulus, 55 gal',
  'Crane and rigger, set pumping unit on pad and align with wellhead',
];
const creditDescriptions = [
  'Credit - standby not used',
  'Credit for returned valve',
  'Credit - duplicate mileage',
  'Discount per MSA',
];

interface Facts {
  vendor: data.Address;
  purchaser: data.Address;
  remit: data.Address;
  number: string;
  date: { y: number; m: number; d: number };
  due: { y: number; m: number; d: number };
  service: { y: number; m: number; d: number };
  received: { y: number; m: number; d: number };
  po: string | null;
  ticket: string;
  customer: string;
  dispatch: string;
  afe: string | null;
  lines: OilfieldLine[];
  subtotal: number;
  taxLabel: string;
  tax: number;
  freight: number;
  total: number;
  fmtDate: data.DateStyle;
  money: (cents: number) => string;
  w: Wordings;
}

interface Wordings {
  number: string;
  date: string;
  due: string;
  remitBy: string;
  service: string;
  total: string;
  afe: string;
  po: string;
  ticket: string;
  customer: string;
  dispatch: string;
  code: string;
  desc: string;
  qty: string;
  uom: string;
  price: string;
  amount: string;
  billTo: string;
}

function wordings(r: Random): Wordings {
  return {
    number: r.pick([
      'Doc No.',
      'Invoice #',
      'Inv. No.',
      'Invoice No',
      'INVOICE NUMBER',
      'Inv #',
      'Document No.',
      'Invoice Nbr',
    ]),
    date: r.pick(['Inv. Date', 'Dated', 'Invoice Date', 'Date', 'INV DATE', 'Date of Invoice']),
    due: r.pick(['Due Date', 'Due', 'Pay By', 'Payment Due', 'Date Due']),
    remitBy: r.pick(['Remit By', 'Please Remit By']),
    service: r.pick(['Service Date', 'Date of Service', 'Work Date', 'Ticket Date']),
    total: r.pick([
      'Amt Due',
      'Net Amt Due',
      'Total Due USD',
      'Please Pay',
      'Invoice Total',
      'Amount Due',
      'TOTAL DUE',
      'Balance Due',
    ]),
    afe: r.pick(['AFE/CC', 'AFE / Cost Center', 'AFE #', 'AFE No.', 'AFE']),
    po: r.pick(['PO #', 'P.O. No.', 'Cust PO', 'Purchase Order']),
    ticket: r.pick(['Field Ticket #', 'Ticket No.', 'FT #', 'Field Ticket']),
    customer: r.pick(['Customer #', 'Cust. No.', 'Account #', 'Customer No.']),
    dispatch: r.pick(['Dispatch #', 'Dispatch No.', 'Job #']),
    code: r.pick(['Item Code', 'Item #', 'Code', 'Part No.']),
    desc: r.pick(['Description', 'Description of Work', 'Service Description']),
    qty: r.pick(['Qty', 'Quantity', 'QTY']),
    uom: r.pick(['UOM', 'U/M', 'Unit']),
    price: r.pick(['Unit Price', 'Rate', 'Price']),
    amount: r.pick(['Ext. Amount', 'Amount', 'Extended', 'Ext Price', 'Line Total']),
    billTo: r.pick(['Bill To', 'Sold To', 'Customer']),
  };
}

const cents = (s: string) => Math.round(Number(s) * 100);
const plain = (c: number) => (c / 100).toFixed(2);

function oilfieldLines(r: Random, count: number, codesOn: boolean): OilfieldLine[] {
  const out: OilfieldLine[] = [];
  for (let i = 0; i < count; i++) {
    const credit = i > 0 && r.chance(0.08);
    const long = !credit && r.chance(0.25);
    const quantity = credit
      ? '1'
      : r.chance(0.3)
        ? (r.int(1, 40) / 2).toString()
        : String(r.int(1, 24));
    const price = r.int(500, 250000);
    const unitPrice = plain(credit ? -price : price);
    const amount = plain(Math.round(Number(quantity) * (credit ? -price : price)));
    out.push({
      itemCode: codesOn ? `${r.pick(codes)}-${r.int(100, 999)}` : null,
      description: credit
        ? r.pick(creditDescriptions)
        : long
          ? r.pick(longDescriptions)
          : r.pick(shortDescriptions),
      quantity,
      unitPrice,
      amount,
    });
  }
  return out;
}

function facts(r: Random, lineCount: number, codesOn: boolean): Facts {
  const fmtDate = data.dateStyles[r.pick(Object.keys(data.dateStyles))]!;
  const style = data.moneyStyles[r.pick(['$1,234.56', '1,234.56', '$ 1,234.56', '1234.56'])]!;
  const parenCredit = r.chance(0.5);
  const money = (c: number) =>
    c < 0 ? (parenCredit ? `(${style(plain(-c))})` : `-${style(plain(-c))}`) : style(plain(c));
  const vendorName = data.vendorName(r);
  const date = { y: r.int(2024, 2026), m: r.int(1, 12), d: r.int(1, 28) };
  const lines = oilfieldLines(r, lineCount, codesOn);
  const subtotal = lines.reduce((s, l) => s + cents(l.amount), 0);
  const rate = r.pick([0, 0.0625, 0.0825]);
  const tax = Math.round(subtotal * rate);
  const freight = r.chance(0.4) ? r.int(2500, 60000) : 0;
  return {
    vendor: data.address(r, vendorName),
    purchaser: data.address(r, data.purchaserName(r)),
    remit: data.address(r, vendorName, true),
    number: data.invoiceNumber(r),
    date,
    due: data.addDays(date, r.pick([15, 30, 30, 45, 60])),
    service: data.addDays(date, -r.int(1, 12)),
    received: data.addDays(date, r.int(3, 12)),
    po: r.chance(0.7) ? data.poNumber(r) : null,
    ticket: `${r.pick(['FT', 'T', ''])}${r.digits(r.int(5, 6))}`,
    customer: `${r.pick(['C', 'CUST', ''])}${r.digits(4)}`,
    dispatch: r.digits(r.int(4, 6)),
    afe: r.chance(0.75)
      ? r.pick([
          data.afeNumber(r),
          `CC-${r.digits(4)}`,
          `${r.digits(2)}-${r.digits(4)}-${r.int(1, 9)}`,
        ])
      : null,
    lines,
    subtotal,
    taxLabel: r.pick(['Sales Tax', 'Tax', `Sales Tax ${(rate * 100).toFixed(2)}%`]),
    tax,
    freight,
    total: subtotal + tax + freight,
    fmtDate,
    money,
    w: wordings(r),
  };
}

const d = (f: Facts, x: { y: number; m: number; d: number }) => f.fmtDate(x.y, x.m, x.d);

function truthOf(f: Facts, template: string, pages: number): Omit<OilfieldTruth, 'file'> {
  return {
    template,
    documentTypeId: 93,
    pages,
    fields: {
      docNumber: f.number,
      docInvoiceDate: data.iso(f.date),
      docDueDate: data.iso(f.due),
      docTotal: plain(f.total),
      ...(f.po ? { docPONumber: f.po } : {}),
      ...(f.afe ? { docAFE: f.afe } : {}),
    },
    lineItems: f.lines,
    receivedDate: data.iso(f.received),
  };
}

/** Splits a description into lines no wider than `width` (a wrapped cell). */
function wrap(s: Sheet, text: string, width: number, size: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const word of text.split(' ')) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && s.widthOf(next, size) > width) {
      out.push(cur);
      cur = word;
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

interface TableOpts {
  x0?: number;
  x1?: number;
  size?: number;
  codes: boolean;
  shade?: boolean;
}

/** The item table: Item Code | Description | Qty | UOM | Unit Price | Ext. Amount. */
function table(s: Sheet, f: Facts, top: number, lines: OilfieldLine[], o: TableOpts): number {
  const size = o.size ?? 8.5;
  const x0 = o.x0 ?? 40;
  const x1 = o.x1 ?? 572;
  const w = x1 - x0;
  const c = {
    code: x0 + 4,
    desc: x0 + (o.codes ? w * 0.14 : 4),
    qty: x0 + w * 0.63,
    uom: x0 + w * 0.66,
    price: x0 + w * 0.85,
    amount: x1 - 4,
  };
  const descWidth = c.qty - c.desc - 28;
  let y = top;
  if (o.shade) s.rect(x0, y - 3, w, size + 8, true);
  if (o.codes) s.text(c.code, y, f.w.code, { size, bold: true });
  s.text(c.desc, y, f.w.desc, { size, bold: true });
  s.text(c.qty, y, f.w.qty, { size, bold: true, align: 'right' });
  s.text(c.uom, y, f.w.uom, { size, bold: true });
  s.text(c.price, y, f.w.price, { size, bold: true, align: 'right' });
  s.text(c.amount, y, f.w.amount, { size, bold: true, align: 'right' });
  y += size + 8;
  s.hline(x0, x1, y - 4);
  for (const l of lines) {
    const parts = wrap(s, l.description, descWidth, size);
    if (l.itemCode) s.text(c.code, y, l.itemCode, { size });
    s.text(c.desc, y, parts[0]!, { size });
    s.text(c.qty, y, l.quantity, { size, align: 'right' });
    s.text(c.uom, y, cents(l.amount) < 0 ? 'EA' : uomOf(l), { size });
    s.text(c.price, y, f.money(cents(l.unitPrice)), { size, align: 'right' });
    s.text(c.amount, y, f.money(cents(l.amount)), { size, align: 'right' });
    for (const more of parts.slice(1)) {
      y += size * 1.25;
      s.text(c.desc, y, more, { size });
    }
    y += size * 1.75;
  }
  s.hline(x0, x1, y - 3);
  return y + 6;
}

function uomOf(l: OilfieldLine): string {
  return uoms[(l.description.length + l.quantity.length) % uoms.length]!;
}

/** Subtotal / Sales Tax / Freight / total: labels right-aligned left of the values. */
function totals(s: Sheet, f: Facts, top: number, xLabel = 470, xValue = 568, size = 9.5): number {
  let y = top;
  const row = (label: string, value: number, bold = false) => {
    s.text(xLabel, y, label, { size, bold, align: 'right' });
    s.text(xValue, y, f.money(value), { size, bold, align: 'right' });
    y += size * 1.6;
  };
  row('Subtotal', f.subtotal);
  if (f.tax) row(f.taxLabel, f.tax);
  if (f.freight) row('Freight', f.freight);
  row(f.w.total, f.total, true);
  return y;
}

function letterhead(s: Sheet, f: Facts, x: number, top: number, size = 14): number {
  s.text(x, top, f.vendor.name, { size, bold: true });
  let y = top + size * 1.4;
  for (const line of f.vendor.lines) {
    s.text(x, y, line, { size: 8.5 });
    y += 11;
  }
  s.text(x, y, `Phone (432) 555-${String(f.number.length * 1111).slice(0, 4)}`, { size: 8.5 });
  return y + 11;
}

function addressBlock(s: Sheet, x: number, top: number, a: data.Address, label: string, size = 9) {
  s.text(x, top, label, { size, bold: true });
  let y = top + size * 1.45;
  for (const line of [a.name, ...a.lines]) {
    s.text(x, y, line, { size });
    y += size * 1.3;
  }
  return y;
}

/** A row of boxes with the label above each value. */
function boxes(s: Sheet, top: number, cells: [string, string][], x0 = 40, x1 = 572) {
  const w = (x1 - x0) / cells.length;
  cells.forEach(([label, value], i) => {
    const x = x0 + i * w;
    s.rect(x, top, w, 34);
    s.text(x + 4, top + 5, label, { size: 7.5, bold: true });
    s.text(x + 4, top + 19, value, { size: 9.5 });
  });
  return top + 34;
}

type OilfieldTemplate = (
  r: Random,
) => Promise<{ bytes: Uint8Array; truth: Omit<OilfieldTruth, 'file'> }>;

/** 1. Field-ticket invoice: number and date beside labels top right, a row of reference boxes. */
const fieldTicket: OilfieldTemplate = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(3, 9), true);
  const s = addSheet();
  letterhead(s, f, 40, 36);
  s.text(572, 36, 'INVOICE', { size: 20, bold: true, align: 'right' });
  let y = 66;
  for (const [l, v] of [
    [f.w.number, f.number],
    [f.w.date, d(f, f.date)],
    [f.w.due, d(f, f.due)],
  ] as const) {
    s.text(410, y, `${l}:`, { size: 9.5, bold: true });
    s.text(572, y, v, { size: 9.5, align: 'right' });
    y += 14;
  }
  const cells: [string, string][] = [
    [f.w.customer, f.customer],
    [f.w.ticket, f.ticket],
    [f.w.dispatch, f.dispatch],
    ...(f.po ? ([[f.w.po, f.po]] as [string, string][]) : []),
    ...(f.afe ? ([[f.w.afe, f.afe]] as [string, string][]) : []),
    [f.w.service, d(f, f.service)],
  ];
  boxes(s, 130, cells);
  addressBlock(s, 40, 180, f.purchaser, `${f.w.billTo}:`);
  addressBlock(s, 320, 180, f.remit, 'Remit To:');
  const end = table(s, f, 255, f.lines, { codes: true, shade: r.chance(0.5) });
  totals(s, f, end + 6);
  s.text(40, 740, 'Terms: Net 30. Past due balances subject to 1.5% per month.', { size: 7.5 });
  return { bytes: await doc.save(), truth: truthOf(f, 'field-ticket', 1) };
};

/** 2. A remittance stub above the invoice body (detach and return), then the invoice. */
const remitStub: OilfieldTemplate = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(2, 7), r.chance(0.5));
  const s = addSheet();
  s.text(40, 30, 'REMITTANCE ADVICE - please detach and return with your payment', {
    size: 8,
    bold: true,
  });
  boxes(s, 44, [
    [f.w.customer, f.customer],
    [f.w.number, f.number],
    [f.w.remitBy, d(f, f.due)],
    [f.w.total, f.money(f.total)],
  ]);
  s.text(40, 86, `Remit To: ${f.remit.name}, ${f.remit.lines.join(', ')}`, { size: 8 });
  s.hline(40, 572, 104);
  s.text(306, 98, '- - - - - cut here - - - - -', { size: 6, align: 'center' });
  letterhead(s, f, 40, 120, 13);
  s.text(572, 120, 'INVOICE', { size: 18, bold: true, align: 'right' });
  let y = 146;
  for (const [l, v] of [
    [f.w.date, d(f, f.date)],
    [f.w.due, d(f, f.due)],
    [f.w.ticket, f.ticket],
    [f.w.po, f.po],
    [f.w.afe, f.afe],
  ] as const) {
    if (!v) continue;
    s.text(400, y, l, { size: 9, bold: true });
    s.text(490, y, v, { size: 9 });
    y += 13;
  }
  addressBlock(s, 40, Math.max(y, 200) + 8, f.purchaser, f.w.billTo);
  const end = table(s, f, Math.max(y, 200) + 80, f.lines, { codes: f.lines[0]!.itemCode !== null });
  totals(s, f, end + 6);
  return { bytes: await doc.save(), truth: truthOf(f, 'remit-stub', 1) };
};

/** 3. Two rows of boxed cells, labels above values. */
const grid: OilfieldTemplate = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(2, 8), true);
  const s = addSheet();
  s.text(306, 34, f.vendor.name, { size: 15, bold: true, align: 'center' });
  s.text(306, 54, f.vendor.lines.join('  -  '), { size: 8.5, align: 'center' });
  s.text(306, 74, r.pick(['FIELD SERVICE INVOICE', 'INVOICE', 'SERVICE INVOICE']), {
    size: 12,
    bold: true,
    align: 'center',
  });
  boxes(s, 96, [
    [f.w.number, f.number],
    [f.w.date, d(f, f.date)],
    [f.w.due, d(f, f.due)],
    [f.w.service, d(f, f.service)],
  ]);
  boxes(s, 130, [
    [f.w.po, f.po ?? 'N/A'],
    [f.w.afe, f.afe ?? ''],
    [f.w.ticket, f.ticket],
    [f.w.customer, f.customer],
  ]);
  addressBlock(s, 40, 185, f.purchaser, f.w.billTo);
  addressBlock(s, 330, 185, f.remit, 'Please Remit To');
  const end = table(s, f, 260, f.lines, { codes: true, shade: true });
  totals(s, f, end + 6);
  return { bytes: await doc.save(), truth: truthOf(f, 'grid', 1) };
};

/** 4. Two pages: the table continues on page 2 with the totals; a page subtotal on page 1. */
const twoPage: OilfieldTemplate = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(22, 30), true);
  const split = r.int(14, 17);
  const p1 = addSheet();
  letterhead(p1, f, 40, 36);
  p1.text(572, 36, 'INVOICE', { size: 18, bold: true, align: 'right' });
  p1.text(572, 58, 'Page 1 of 2', { size: 8, align: 'right' });
  let y = 76;
  for (const [l, v] of [
    [f.w.number, f.number],
    [f.w.date, d(f, f.date)],
    [f.w.due, d(f, f.due)],
    [f.w.po, f.po],
    [f.w.afe, f.afe],
    [f.w.dispatch, f.dispatch],
  ] as const) {
    if (!v) continue;
    p1.text(390, y, l, { size: 9, bold: true });
    p1.text(572, y, v, { size: 9, align: 'right' });
    y += 13;
  }
  addressBlock(p1, 40, 160, f.purchaser, f.w.billTo);
  const first = f.lines.slice(0, split);
  const end1 = table(p1, f, 230, first, { codes: true });
  const pageSub = first.reduce((s, l) => s + cents(l.amount), 0);
  p1.text(470, end1 + 4, 'Page Subtotal', { size: 9, align: 'right' });
  p1.text(568, end1 + 4, f.money(pageSub), { size: 9, align: 'right' });
  p1.text(306, 755, 'Continued on next page', { size: 8, align: 'center' });
  const p2 = addSheet();
  p2.text(40, 36, f.vendor.name, { size: 11, bold: true });
  p2.text(572, 36, `Invoice ${f.number} - continued`, { size: 9, align: 'right' });
  p2.text(572, 50, 'Page 2 of 2', { size: 8, align: 'right' });
  const end2 = table(p2, f, 80, f.lines.slice(split), { codes: true });
  const after = totals(p2, f, end2 + 6);
  addressBlock(p2, 40, after + 24, f.remit, 'Remit To:', 8.5);
  return { bytes: await doc.save(), truth: truthOf(f, 'two-page', 2) };
};

/** 5. A right-hand column of labels and values with many dates; credit lines likely. */
const rightColumn: OilfieldTemplate = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(3, 8), r.chance(0.5));
  const s = addSheet();
  s.text(40, 36, r.pick(['Invoice', 'INVOICE']), { size: 22, bold: true });
  letterhead(s, f, 40, 66, 11);
  let y = 36;
  const rows: [string, string | null][] = [
    [f.w.customer, f.customer],
    [f.w.number, f.number],
    [f.w.service, d(f, f.service)],
    [f.w.date, d(f, f.date)],
    [f.w.due, d(f, f.due)],
    [f.w.remitBy, d(f, f.due)],
    [f.w.dispatch, f.dispatch],
    [f.w.po, f.po],
    [f.w.afe, f.afe],
  ];
  for (const [l, v] of r.chance(0.5) ? rows : [...rows].reverse()) {
    if (!v) continue;
    s.text(470, y, `${l}:`, { size: 8.5, bold: true, align: 'right' });
    s.text(478, y, v, { size: 8.5 });
    y += 12.5;
  }
  addressBlock(s, 40, Math.max(y, 140) + 14, f.purchaser, f.w.billTo);
  addressBlock(s, 330, Math.max(y, 140) + 14, f.remit, 'Remit Payment To');
  const end = table(s, f, Math.max(y, 140) + 90, f.lines, { codes: f.lines[0]!.itemCode !== null });
  totals(s, f, end + 8);
  return { bytes: await doc.save(), truth: truthOf(f, 'right-column', 1) };
};

/** 6. A compact ledger: fields inline on two lines, small print, wrapped descriptions. */
const ledger: OilfieldTemplate = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(5, 14), true);
  const s = addSheet();
  s.text(40, 30, `${f.vendor.name} | ${f.vendor.lines.join(', ')}`, { size: 9, bold: true });
  s.text(40, 48, 'FIELD SERVICE INVOICE', { size: 13, bold: true });
  let x = 40;
  const inline = (top: number, label: string, value: string) => {
    x += s.text(x, top, label, { size: 9, bold: true }) + 4;
    x += s.text(x, top, value, { size: 9 }) + 20;
  };
  inline(72, f.w.number, f.number);
  inline(72, f.w.date, d(f, f.date));
  inline(72, f.w.due, d(f, f.due));
  x = 40;
  if (f.po) inline(88, f.w.po, f.po);
  if (f.afe) inline(88, f.w.afe, f.afe);
  inline(88, f.w.ticket, f.ticket);
  addressBlock(s, 40, 110, f.purchaser, f.w.billTo, 8.5);
  addressBlock(s, 330, 110, f.remit, 'Remit To', 8.5);
  const end = table(s, f, 180, f.lines, { codes: true, size: 8 });
  totals(s, f, end + 4, 470, 568, 9);
  return { bytes: await doc.save(), truth: truthOf(f, 'ledger', 1) };
};

export const oilfieldTemplates: OilfieldTemplate[] = [
  fieldTicket,
  remitStub,
  grid,
  twoPage,
  rightColumn,
  ledger,
];

export interface OilfieldDocument {
  truth: OilfieldTruth;
  bytes: Uint8Array;
}

/**
 * `count` text PDFs of one half: document n (n = 0, 2, 4… tuning; 1, 3, 5… held-out) from its own
 * seed, templates in turn.
 */
export async function generateOilfield(opts: {
  seed: number;
  count: number;
  half: 'tuning' | 'heldout';
}): Promise<OilfieldDocument[]> {
  const out: OilfieldDocument[] = [];
  for (let i = 0; i < opts.count; i++) {
    const n = 2 * i + (opts.half === 'heldout' ? 1 : 0);
    const r = new Random(opts.seed * 1000 + n);
    const template = oilfieldTemplates[i % oilfieldTemplates.length]!;
    const { bytes, truth } = await template(r);
    const file = `oil-${opts.half}-${String(n).padStart(3, '0')}-${truth.template}.pdf`;
    out.push({ truth: { ...truth, file }, bytes });
  }
  return out;
}
