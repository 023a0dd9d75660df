import * as data from './data';
import { newDocument, type Sheet } from './draw';
import type { Random } from './random';

/**
 * Invoice templates. Each draws the same facts in a different layout, with wordings, fonts,
 * date and money formats drawn at random, and returns the ground truth of what it printed.
 * Templates 1–6 are the tuning set; 7–9 (`heldOut`) are kept aside to check the rules on layouts
 * they were not tuned on.
 */

export interface Truth {
  file: string;
  kind: 'invoice' | 'divisionOrder';
  template: string;
  documentTypeId: number;
  pages: number;
  fields: Record<string, string>;
  lineItems: data.Line[];
}

interface Facts {
  vendor: data.Address;
  purchaser: data.Address;
  remit: data.Address | null;
  number: string;
  date: string;
  due: string | null;
  po: string | null;
  afe: string | null;
  terms: string;
  lines: data.Line[];
  subtotal: string;
  taxLabel: string | null;
  tax: string;
  total: string;
  money: data.MoneyStyle;
  words: Wordings;
  truth: Record<string, string>;
}

interface Wordings {
  number: string;
  date: string;
  due: string;
  total: string;
  po: string;
  afe: string;
  billTo: string;
  remit: string;
  terms: string;
  subtotal: string;
  desc: string;
  qty: string;
  price: string;
  amount: string;
}

function wordings(r: Random, colon: boolean): Wordings {
  const c = (s: string) => (colon && !s.endsWith(':') ? `${s}:` : s);
  return {
    number: c(
      r.pick([
        'Invoice #',
        'Invoice No.',
        'Invoice Number',
        'Inv. No.',
        'INVOICE NUMBER',
        'Inv #',
        'Invoice ID',
      ]),
    ),
    date: c(
      r.pick([
        'Invoice Date',
        'Date',
        'Date of Invoice',
        'Bill Date',
        'Inv. Date',
        'DATE',
        'Issue Date',
      ]),
    ),
    due: c(r.pick(['Due Date', 'Payment Due', 'Date Due', 'Due', 'Pay By'])),
    total: c(
      r.pick([
        'Total',
        'Total Due',
        'Amount Due',
        'Balance Due',
        'Grand Total',
        'Invoice Total',
        'TOTAL AMOUNT DUE',
        'Please Pay',
        'Total (USD)',
      ]),
    ),
    po: c(r.pick(['PO #', 'P.O. Number', 'Purchase Order', 'Customer PO', 'PO No.', 'P.O.'])),
    afe: c(r.pick(['AFE #', 'AFE No.', 'AFE Number', 'AFE'])),
    billTo: c(r.pick(['Bill To', 'Sold To', 'Customer', 'Invoice To', 'Billed To', 'BILL TO'])),
    remit: c(
      r.pick(['Remit To', 'Please Remit To', 'Remit Payment To', 'Send Payment To', 'REMIT TO']),
    ),
    terms: c(r.pick(['Terms', 'Payment Terms'])),
    subtotal: c(r.pick(['Subtotal', 'Sub Total', 'Sub-Total'])),
    desc: r.pick([
      'Description',
      'Item Description',
      'Description of Services',
      'Service',
      'DESCRIPTION',
    ]),
    qty: r.pick(['Qty', 'Quantity', 'Units', 'Hours', 'QTY']),
    price: r.pick(['Unit Price', 'Rate', 'Price', 'Unit Cost', 'RATE']),
    amount: r.pick(['Amount', 'Total', 'Line Total', 'Ext. Price', 'Extended', 'AMOUNT']),
  };
}

function facts(r: Random, lineCount: number, colon: boolean): Facts {
  const dateStyle = data.dateStyles[r.pick(Object.keys(data.dateStyles))]!;
  const money = data.moneyStyles[r.pick(Object.keys(data.moneyStyles))]!;
  const vendorName = data.vendorName(r);
  const vendor = data.address(r, vendorName);
  const purchaser = data.address(r, data.purchaserName(r));
  const remit = r.chance(0.7) ? data.address(r, vendorName, true) : null;
  const d = data.randomDate(r);
  const termsDays = r.pick([0, 15, 30, 30, 45, 60]);
  const due = termsDays === 0 || r.chance(0.85) ? data.addDays(d, termsDays) : null;
  const lines = data.lines(r, lineCount);
  const sub = lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
  const rate = r.pick([0, 0, 0.0625, 0.0825]);
  const tax = Math.round(sub * rate);
  const fmt = (cents: number) => (cents / 100).toFixed(2);
  const words = wordings(r, colon);
  const f: Facts = {
    vendor,
    purchaser,
    remit,
    number: data.invoiceNumber(r),
    date: dateStyle(d.y, d.m, d.d),
    due: due ? dateStyle(due.y, due.m, due.d) : null,
    po: r.chance(0.7) ? data.poNumber(r) : null,
    afe: r.chance(0.6) ? data.afeNumber(r) : null,
    terms: termsDays === 0 ? 'Due on receipt' : `Net ${termsDays}`,
    lines,
    subtotal: fmt(sub),
    taxLabel: rate ? r.pick(['Sales Tax', 'Tax', `Tax (${(rate * 100).toFixed(2)}%)`]) : null,
    tax: fmt(tax),
    total: fmt(sub + tax),
    money,
    words,
    truth: {},
  };
  f.truth = {
    docNumber: f.number,
    docInvoiceDate: data.iso(d),
    ...(due ? { docDueDate: data.iso(due) } : {}),
    docTotal: f.total,
    ...(f.po ? { docPONumber: f.po } : {}),
    ...(f.afe ? { docAFE: f.afe } : {}),
    docARCompany: vendor.name,
    docARPurchaserName: purchaser.name,
    ...(remit ? { remitTo: [remit.name, ...remit.lines].join(', ') } : {}),
  };
  return f;
}

function block(
  s: Sheet,
  x: number,
  top: number,
  a: data.Address,
  size = 10,
  label?: string,
): number {
  let y = top;
  if (label) {
    s.text(x, y, label, { size, bold: true });
    y += size * 1.4;
  }
  for (const line of [a.name, ...a.lines]) {
    s.text(x, y, line, { size });
    y += size * 1.3;
  }
  return y;
}

/** The line-item table: returns the y below it. */
function table(
  s: Sheet,
  f: Facts,
  top: number,
  lines: data.Line[],
  opts: { x0?: number; x1?: number; size?: number; shade?: boolean; header?: boolean } = {},
): number {
  const size = opts.size ?? 9;
  const x0 = opts.x0 ?? 50;
  const x1 = opts.x1 ?? 562;
  const w = x1 - x0;
  const cols = { desc: x0 + 6, qty: x0 + w * 0.62, price: x0 + w * 0.8, amount: x1 - 6 };
  let y = top;
  if (opts.header !== false) {
    if (opts.shade) s.rect(x0, y - 3, w, size + 8, true);
    s.text(cols.desc, y, f.words.desc, { size, bold: true });
    s.text(cols.qty, y, f.words.qty, { size, bold: true, align: 'right' });
    s.text(cols.price, y, f.words.price, { size, bold: true, align: 'right' });
    s.text(cols.amount, y, f.words.amount, { size, bold: true, align: 'right' });
    y += size + 8;
    s.hline(x0, x1, y - 4);
  }
  for (const l of lines) {
    s.text(cols.desc, y, l.description, { size });
    s.text(cols.qty, y, l.quantity, { size, align: 'right' });
    s.text(cols.price, y, f.money(l.unitPrice), { size, align: 'right' });
    s.text(cols.amount, y, f.money(l.amount), { size, align: 'right' });
    y += size * 1.7;
  }
  s.hline(x0, x1, y);
  return y + 8;
}

/** Subtotal / tax / total, labels right-aligned left of the values. */
function totals(s: Sheet, f: Facts, top: number, xLabel = 450, xValue = 556, size = 10): number {
  let y = top;
  const row = (label: string, value: string, bold = false) => {
    s.text(xLabel, y, label, { size, bold, align: 'right' });
    s.text(xValue, y, f.money(value), { size, bold, align: 'right' });
    y += size * 1.6;
  };
  if (f.taxLabel || f.lines.length > 1) row(f.words.subtotal, f.subtotal);
  if (f.taxLabel) row(f.taxLabel, f.tax);
  row(f.words.total, f.total, true);
  return y;
}

type Template = (r: Random) => Promise<{ bytes: Uint8Array; truth: Omit<Truth, 'file'> }>;

/** 1. Letterhead left, INVOICE title right, label: value pairs right, bill-to left. */
const classic: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(2, 8), true);
  const s = addSheet();
  s.text(50, 40, f.vendor.name, { size: 16, bold: true });
  block(s, 50, 62, { name: f.vendor.lines[0]!, lines: f.vendor.lines.slice(1) }, 9);
  s.text(562, 40, r.pick(['INVOICE', 'Invoice']), { size: 22, bold: true, align: 'right' });
  let y = 80;
  const pair = (label: string, value: string) => {
    s.text(400, y, label, { size: 10, bold: true });
    s.text(562, y, value, { size: 10, align: 'right' });
    y += 15;
  };
  pair(f.words.number, f.number);
  pair(f.words.date, f.date);
  if (f.due) pair(f.words.due, f.due);
  if (f.po) pair(f.words.po, f.po);
  if (f.afe) pair(f.words.afe, f.afe);
  block(s, 50, 170, f.purchaser, 10, f.words.billTo);
  if (f.remit) block(s, 300, 170, f.remit, 10, f.words.remit);
  const end = table(s, f, 260, f.lines, { shade: r.chance(0.5) });
  totals(s, f, end + 6);
  s.text(50, 720, 'Thank you for your business.', { size: 9 });
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'invoice',
      template: 'classic',
      documentTypeId: 93,
      pages: 1,
      fields: f.truth,
      lineItems: f.lines,
    },
  };
};

/** 2. A row of boxes with the label above each value; blocks side by side. */
const labelAbove: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(1, 6), false);
  const s = addSheet();
  s.text(306, 36, f.vendor.name, { size: 15, bold: true, align: 'center' });
  s.text(306, 56, `${f.vendor.lines.join(' - ')}`, { size: 9, align: 'center' });
  s.text(306, 80, 'INVOICE', { size: 14, bold: true, align: 'center' });
  const cells: [string, string][] = [
    [f.words.number, f.number],
    [f.words.date, f.date],
    ...(f.due ? ([[f.words.due, f.due]] as [string, string][]) : []),
    ...(f.po ? ([[f.words.po, f.po]] as [string, string][]) : []),
    ...(f.afe ? ([[f.words.afe, f.afe]] as [string, string][]) : []),
  ];
  const w = 512 / cells.length;
  cells.forEach(([label, value], i) => {
    const x = 50 + i * w;
    s.rect(x, 104, w, 40);
    s.text(x + 6, 110, label.replace(/:$/, ''), { size: 8, bold: true });
    s.text(x + 6, 127, value, { size: 10 });
  });
  block(s, 50, 165, f.purchaser, 10, f.words.billTo);
  if (f.remit) block(s, 330, 165, f.remit, 10, f.words.remit);
  const end = table(s, f, 250, f.lines);
  totals(s, f, end + 6);
  s.text(50, 700, `${f.words.terms} ${f.terms}`, { size: 9 });
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'invoice',
      template: 'label-above',
      documentTypeId: 93,
      pages: 1,
      fields: f.truth,
      lineItems: f.lines,
    },
  };
};

/** 3. A boxed grid at the top right (label | value), sold-to below the letterhead. */
const boxedTopRight: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(2, 7), r.chance(0.5));
  const s = addSheet();
  block(s, 50, 40, f.vendor, 10);
  s.text(50, 24, 'INVOICE', { size: 12, bold: true });
  const rows: [string, string][] = [
    [f.words.number, f.number],
    [f.words.date, f.date],
    ...(f.due ? ([[f.words.due, f.due]] as [string, string][]) : []),
    [f.words.terms, f.terms],
    ...(f.po ? ([[f.words.po, f.po]] as [string, string][]) : []),
    ...(f.afe ? ([[f.words.afe, f.afe]] as [string, string][]) : []),
  ];
  rows.forEach(([label, value], i) => {
    const y = 40 + i * 20;
    s.rect(360, y, 100, 20, true);
    s.rect(460, y, 110, 20);
    s.text(366, y + 5, label, { size: 9, bold: true });
    s.text(466, y + 5, value, { size: 9 });
  });
  f.truth.docPaymentTerms = f.terms;
  const y0 = 60 + rows.length * 20;
  block(s, 50, y0, f.purchaser, 10, f.words.billTo);
  const end = table(s, f, y0 + 80, f.lines, { shade: true });
  const y = totals(s, f, end + 6);
  s.rect(380, end, 190, y - end);
  if (f.remit) block(s, 50, y + 30, f.remit, 9, f.words.remit);
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'invoice',
      template: 'boxed-top-right',
      documentTypeId: 93,
      pages: 1,
      fields: f.truth,
      lineItems: f.lines,
    },
  };
};

/** 4. Table-heavy: header fields on one line, many lines in small print, totals at the bottom. */
const tableHeavy: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(12, 22), r.chance(0.7));
  const s = addSheet();
  s.text(50, 30, `${f.vendor.name}  |  ${f.vendor.lines.join(', ')}`, { size: 9, bold: true });
  s.text(50, 50, r.pick(['Invoice', 'INVOICE', 'Service Invoice', 'Field Service Invoice']), {
    size: 14,
    bold: true,
  });
  let x = 50;
  const inline = (label: string, value: string) => {
    x += s.text(x, 76, label, { size: 9, bold: true }) + 4;
    x += s.text(x, 76, value, { size: 9 }) + 22;
  };
  inline(f.words.number, f.number);
  inline(f.words.date, f.date);
  if (f.due) inline(f.words.due, f.due);
  x = 50;
  const second = (label: string, value: string) => {
    x += s.text(x, 92, label, { size: 9, bold: true }) + 4;
    x += s.text(x, 92, value, { size: 9 }) + 22;
  };
  if (f.po) second(f.words.po, f.po);
  if (f.afe) second(f.words.afe, f.afe);
  block(s, 50, 115, f.purchaser, 9, f.words.billTo);
  if (f.remit) block(s, 330, 115, f.remit, 9, f.words.remit);
  const end = table(s, f, 185, f.lines, { size: 8 });
  totals(s, f, end + 4, 470, 556, 9);
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'invoice',
      template: 'table-heavy',
      documentTypeId: 93,
      pages: 1,
      fields: f.truth,
      lineItems: f.lines,
    },
  };
};

/** 5. Two-column letterhead (vendor left, remit-to right), title centred, fields in two columns. */
const twoColumn: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(1, 6), true);
  const s = addSheet();
  s.text(50, 36, f.vendor.name, { size: 13, bold: true });
  block(
    s,
    50,
    54,
    {
      name: f.vendor.lines[0]!,
      lines: [f.vendor.lines[1]!, `Tel (432) ${r.digits(3)}-${r.digits(4)}`],
    },
    9,
  );
  if (f.remit) block(s, 360, 36, f.remit, 9, f.words.remit);
  s.text(306, 120, r.pick(['INVOICE', 'I N V O I C E', 'Invoice']), {
    size: 16,
    bold: true,
    align: 'center',
  });
  const left: [string, string][] = [
    [f.words.number, f.number],
    [f.words.date, f.date],
  ];
  const right: [string, string][] = [
    ...(f.due ? ([[f.words.due, f.due]] as [string, string][]) : []),
    ...(f.po ? ([[f.words.po, f.po]] as [string, string][]) : []),
    ...(f.afe ? ([[f.words.afe, f.afe]] as [string, string][]) : []),
  ];
  left.forEach(([l, v], i) => {
    s.text(50, 150 + i * 15, l, { size: 10, bold: true });
    s.text(150, 150 + i * 15, v, { size: 10 });
  });
  right.forEach(([l, v], i) => {
    s.text(320, 150 + i * 15, l, { size: 10, bold: true });
    s.text(430, 150 + i * 15, v, { size: 10 });
  });
  block(s, 50, 205, f.purchaser, 10, f.words.billTo);
  const end = table(s, f, 285, f.lines, { shade: r.chance(0.5) });
  totals(s, f, end + 8);
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'invoice',
      template: 'two-column',
      documentTypeId: 93,
      pages: 1,
      fields: f.truth,
      lineItems: f.lines,
    },
  };
};

/** 6. Two pages: header and first lines on page 1, the rest and the totals on page 2. */
const multiPage: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(24, 34), r.chance(0.6));
  const head = (s: Sheet, n: number) => {
    s.text(50, 36, f.vendor.name, { size: 14, bold: true });
    s.text(562, 36, 'INVOICE', { size: 14, bold: true, align: 'right' });
    s.text(562, 54, `Page ${n} of 2`, { size: 8, align: 'right' });
  };
  const p1 = addSheet();
  head(p1, 1);
  block(p1, 50, 56, { name: f.vendor.lines[0]!, lines: f.vendor.lines.slice(1) }, 9);
  p1.text(380, 80, f.words.number, { size: 10, bold: true });
  p1.text(480, 80, f.number, { size: 10 });
  p1.text(380, 95, f.words.date, { size: 10, bold: true });
  p1.text(480, 95, f.date, { size: 10 });
  let y = 110;
  for (const [l, v] of [
    [f.words.due, f.due],
    [f.words.po, f.po],
    [f.words.afe, f.afe],
  ] as const) {
    if (!v) continue;
    p1.text(380, y, l, { size: 10, bold: true });
    p1.text(480, y, v, { size: 10 });
    y += 15;
  }
  block(p1, 50, 150, f.purchaser, 10, f.words.billTo);
  const split = 20;
  table(p1, f, 230, f.lines.slice(0, split));
  p1.text(306, 760, 'Continued on next page', { size: 8, align: 'center' });
  const p2 = addSheet();
  head(p2, 2);
  p2.text(380, 70, `${f.words.number.replace(/:$/, '')} ${f.number} (continued)`, { size: 9 });
  const end = table(p2, f, 100, f.lines.slice(split));
  const after = totals(p2, f, end + 6);
  if (f.remit) block(p2, 50, after + 30, f.remit, 9, f.words.remit);
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'invoice',
      template: 'multi-page',
      documentTypeId: 93,
      pages: 2,
      fields: f.truth,
      lineItems: f.lines,
    },
  };
};

/** 7 (held out). A left sidebar of upper-case labels with values below, amounts in a box. */
const sidebar: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(2, 8), false);
  const s = addSheet();
  s.rect(40, 30, 150, 700, true);
  let y = 44;
  const item = (label: string, value: string) => {
    s.text(50, y, label.toUpperCase(), { size: 8, bold: true });
    s.text(50, y + 12, value, { size: 10 });
    y += 34;
  };
  item(f.words.number, f.number);
  item(f.words.date, f.date);
  if (f.due) item(f.words.due, f.due);
  if (f.po) item(f.words.po, f.po);
  if (f.afe) item(f.words.afe, f.afe);
  s.text(210, 44, f.vendor.name, { size: 18, bold: true });
  s.text(210, 68, f.vendor.lines.join(' / '), { size: 9 });
  block(s, 210, 100, f.purchaser, 10, f.words.billTo);
  const end = table(s, f, 190, f.lines, { x0: 205, x1: 575, size: 8 });
  totals(s, f, end + 6, 480, 570);
  if (f.remit) block(s, 50, 600, f.remit, 8, f.words.remit);
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'invoice',
      template: 'sidebar',
      documentTypeId: 93,
      pages: 1,
      fields: f.truth,
      lineItems: f.lines,
    },
  };
};

/** 8 (held out). A plain statement-style letter: fields in running text lines, total at the end. */
const letter: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(1, 4), true);
  const s = addSheet();
  s.text(306, 40, f.vendor.name.toUpperCase(), { size: 13, bold: true, align: 'center' });
  s.text(306, 58, f.vendor.lines.join(' * '), { size: 9, align: 'center' });
  block(s, 60, 100, f.purchaser, 10);
  let y = 100;
  for (const [l, v] of [
    [f.words.date, f.date],
    [f.words.number, f.number],
    [f.words.po, f.po],
    [f.words.afe, f.afe],
    [f.words.due, f.due],
  ] as const) {
    if (!v) continue;
    s.text(370, y, `${l} ${v}`, { size: 10 });
    y += 14;
  }
  s.text(60, 190, 'For services rendered as follows:', { size: 10 });
  const end = table(s, f, 215, f.lines, { x0: 60, x1: 552 });
  totals(s, f, end + 10, 440, 546);
  if (f.remit) block(s, 60, 650, f.remit, 9, f.words.remit);
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'invoice',
      template: 'letter',
      documentTypeId: 93,
      pages: 1,
      fields: f.truth,
      lineItems: f.lines,
    },
  };
};

const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
/** '2026-07-22' → '22 Jul 2026'. */
function dayMonYear(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS_SHORT[m - 1]} ${y}`;
}

/**
 * 9 (held out, written after the rules were tuned). A 'Statement of Charges': letterhead
 * right-aligned at the top right, title top left, right-aligned labels in a column with values
 * left-aligned beside them, wordings the other templates never use ('Reference', 'Amount
 * Payable', 'Charged To', 'Payment Address'), dates as '22 Jul 2026'.
 */
const statement: Template = async (r) => {
  const { doc, addSheet } = await newDocument(r);
  const f = facts(r, r.int(2, 7), false);
  const date = dayMonYear(f.truth.docInvoiceDate!);
  const due = f.truth.docDueDate ? dayMonYear(f.truth.docDueDate) : null;
  const s = addSheet();
  s.text(50, 40, 'STATEMENT OF CHARGES', { size: 15, bold: true });
  s.text(562, 40, f.vendor.name, { size: 12, bold: true, align: 'right' });
  let y = 56;
  for (const line of f.vendor.lines) {
    s.text(562, y, line, { size: 9, align: 'right' });
    y += 11;
  }
  y = 110;
  const labelX = 430;
  for (const [l, v] of [
    [r.pick(['Reference', 'Reference No.', 'Our Reference']), f.number],
    [r.pick(['Statement Date', 'Dated', 'Date Issued']), date],
    [r.pick(['Payable By', 'Payment Due By', 'Settle By']), due],
    [r.pick(['Your Order Ref', 'Your PO', 'Order Reference']), f.po],
    [r.pick(['Project AFE', 'AFE Ref', 'AFE']), f.afe],
  ] as const) {
    if (!v) continue;
    s.text(labelX, y, `${l}:`, { size: 9, bold: true, align: 'right' });
    s.text(labelX + 8, y, v, { size: 10 });
    y += 15;
  }
  block(s, 50, 110, f.purchaser, 10, r.pick(['Charged To:', 'Client:', 'Account:']));
  const end = table(s, f, 220, f.lines, { x0: 50, x1: 562, shade: false });
  let ty = end + 8;
  const row = (label: string, value: string, bold = false) => {
    s.text(470, ty, label, { size: 10, bold, align: 'right' });
    s.text(556, ty, f.money(value), { size: 10, bold, align: 'right' });
    ty += 16;
  };
  if (f.taxLabel) {
    row('Charges', f.subtotal);
    row(f.taxLabel, f.tax);
  }
  row(r.pick(['Amount Payable', 'Total Payable', 'Amount Owing']), f.total, true);
  if (f.remit)
    block(
      s,
      50,
      Math.max(ty + 30, 620),
      f.remit,
      9,
      r.pick(['Payment Address:', 'Mail Payments To:']),
    );
  return {
    bytes: await doc.save(),
    truth: {
      kind: 'invoice',
      template: 'statement',
      documentTypeId: 93,
      pages: 1,
      fields: f.truth,
      lineItems: f.lines,
    },
  };
};

export const invoiceTemplates: Template[] = [
  classic,
  labelAbove,
  boxedTopRight,
  tableHeavy,
  twoColumn,
  multiPage,
];
export const heldOutInvoiceTemplates: Template[] = [sidebar, letter, statement];
export type { Template };
