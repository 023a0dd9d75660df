import { describe, expect, it } from 'vitest';
import {
  checkLine,
  checkTotal,
  linesAddUp,
  looksLikeIdentifier,
  plausibleDueDate,
  plausibleInvoiceDate,
  repairAmount,
  weakestWord,
} from '../src/modules/document-intelligence/proposals/checks';
import {
  FILL_THRESHOLD,
  proposeMetadata,
} from '../src/modules/document-intelligence/proposals/index';
import { findLineItems } from '../src/modules/document-intelligence/proposals/line-items';
import { buildLines } from '../src/modules/document-intelligence/proposals/lines';
import type { ReadPage, ReadWord } from '../src/modules/document-intelligence/reading/types';

/**
 * Issue 34 items 2 and 3: the checks that keep a wrong value from being filled (each repair, each
 * refusal), the label matcher over the wordings people print, the column finder over headings.
 */

type Run = [x: number, top: number, text: string, size?: number];
/** Words placed as a text layer gives them (widths by length); `confidence` for OCR pages. */
function page(runs: Run[], opts: { source?: 'text' | 'ocr'; confidence?: number } = {}): ReadPage {
  const words: ReadWord[] = [];
  for (const [x, top, text, size = 10] of runs) {
    let at = x;
    for (const part of text.split(' ')) {
      const width = part.length * size * 0.5;
      if (part) {
        words.push({
          text: part,
          x: at,
          y: top,
          width,
          height: size * 1.1,
          confidence: opts.confidence ?? 1,
        });
      }
      at += width + size * 0.28;
    }
  }
  return { page: 1, width: 612, height: 792, source: opts.source ?? 'text', words };
}

const uploadedAt = new Date('2025-03-13T12:00:00Z');
const propose = (pages: ReadPage[]) => proposeMetadata(93, pages, { uploadedAt });
const proposal = (pages: ReadPage[], key: string) =>
  propose(pages).values.find((v) => v.key === key);
const filled = (pages: ReadPage[], key: string) => {
  const p = proposal(pages, key);
  return p && p.confidence >= FILL_THRESHOLD ? p.value : undefined;
};

describe('arithmetic checks', () => {
  it('repairs a lost decimal point and a $ read as a digit, and nothing else', () => {
    expect(repairAmount(5624037.0, 56240.37)).toEqual({ value: 56240.37, repair: 'decimal point' });
    expect(repairAmount(518939.9, 18939.9)).toEqual({ value: 18939.9, repair: 'currency sign' });
    expect(repairAmount(818939.9, 18939.9)).toEqual({ value: 18939.9, repair: 'currency sign' });
    expect(repairAmount(51234.0, 18939.9)).toBeNull();
    expect(repairAmount(-5624037.0, 56240.37)).toBeNull();
  });

  it('checks a total against subtotal + tax + freight and the lines', () => {
    const parts = { subtotal: 52000, tax: 3240.37, freight: 1000 };
    expect(checkTotal(56240.37, parts)).toEqual({ verdict: 'agrees', value: 56240.37 });
    expect(checkTotal(55240.37, parts).verdict).toBe('agrees'); // subtotal + tax, freight apart
    expect(checkTotal(700, { lineSum: 700 }).verdict).toBe('agrees');
    expect(checkTotal(5624037, parts)).toEqual({
      verdict: 'repaired',
      value: 56240.37,
      repair: 'decimal point',
    });
    expect(checkTotal(556240.37, parts)).toEqual({
      verdict: 'repaired',
      value: 56240.37,
      repair: 'currency sign',
    });
    // A total 100× the printed subtotal + tax that is not a misread of it: refused.
    expect(checkTotal(47000, parts).verdict).toBe('contradicted');
    expect(checkTotal(47000, {}).verdict).toBe('unchecked');
  });

  it("checks a line's amount against quantity × unit price within a cent", () => {
    expect(checkLine({ quantity: 3, unitPrice: 912.89, amount: 2738.67 }).verdict).toBe('agrees');
    expect(checkLine({ quantity: 1.5, unitPrice: 2004.73, amount: 3007.1 }).verdict).toBe('agrees');
    expect(checkLine({ quantity: 3, unitPrice: 912.89, amount: 273867 })).toEqual({
      verdict: 'repaired',
      value: 2738.67,
      repair: 'decimal point',
    });
    expect(checkLine({ quantity: 3, unitPrice: 912.89, amount: 2838.67 }).verdict).toBe(
      'contradicted',
    );
    expect(checkLine({ quantity: null, unitPrice: 912.89, amount: 2738.67 }).verdict).toBe(
      'unchecked',
    );
  });

  it('checks that the lines add up to the subtotal', () => {
    expect(linesAddUp([2738.67, 1321.86, -250], 3810.53)).toBe(true);
    expect(linesAddUp([2738.67, 1321.86], 3810.53)).toBe(false);
  });
});

describe('plausibility checks', () => {
  it('takes invoice dates within a few years before the upload and weeks after', () => {
    expect(plausibleInvoiceDate('2025-03-07', uploadedAt)).toBe(true);
    expect(plausibleInvoiceDate('2023-01-02', uploadedAt)).toBe(true);
    expect(plausibleInvoiceDate('2005-03-07', uploadedAt)).toBe(false);
    expect(plausibleInvoiceDate('2026-01-07', uploadedAt)).toBe(false);
  });

  it('takes a due date on or after the invoice date, within a year', () => {
    expect(plausibleDueDate('2025-04-06', '2025-03-07')).toBe(true);
    expect(plausibleDueDate('2025-03-07', '2025-03-07')).toBe(true);
    expect(plausibleDueDate('2025-03-01', '2025-03-07')).toBe(false);
    expect(plausibleDueDate('2027-03-01', '2025-03-07')).toBe(false);
    expect(plausibleDueDate('2025-03-01', null)).toBe(true);
  });

  it.each([
    ['INV-2026-47336', true],
    ['ODS647891', true],
    ['D24-1234', true],
    ['CC-8619', true],
    ['34-6688-3', true],
    ['4471', true],
    ['BW-15897', true],
    ['gag1ig', false],
    ['l1Il', false],
    ['A1B2C3', false],
    ['x9', false],
    ['INVO1CE', false],
  ])('an identifier read from a scan: %s looks like one: %s', (value, ok) => {
    expect(looksLikeIdentifier(value, true)).toBe(ok);
  });

  it('judges a value by its least sure word', () => {
    expect(weakestWord([0.96, 0.41, 0.9])).toBe(0.41);
    expect(weakestWord([])).toBe(1);
  });
});

/** An invoice page: header fields right of their labels, a totals block, optionally scanned. */
function invoice(
  fields: [string, string][],
  totals: [string, string][],
  opts: { source?: 'text' | 'ocr'; confidence?: number } = {},
) {
  const runs: Run[] = [
    [50, 40, 'Caprock Wireline Services, LLC', 16],
    [420, 40, 'INVOICE', 20],
  ];
  fields.forEach(([label, value], i) => {
    runs.push([380, 80 + i * 16, label], [480, 80 + i * 16, value]);
  });
  totals.forEach(([label, value], i) => {
    runs.push([380, 400 + i * 16, label], [480, 400 + i * 16, value]);
  });
  return [page(runs, opts)];
}

describe('never confidently wrong, end to end over the rules', () => {
  const scan = { source: 'ocr' as const, confidence: 0.93 };

  it('repairs a scanned total whose decimal point was lost, proven by subtotal + tax', () => {
    const pages = invoice(
      [
        ['Invoice No:', 'CW-10442'],
        ['Invoice Date:', '03/07/2025'],
      ],
      [
        ['Subtotal', '52,000.00'],
        ['Sales Tax', '4,240.37'],
        ['Total Due', '5,624,037.00'],
      ],
      scan,
    );
    expect(filled(pages, 'docTotal')).toBe('56240.37');
  });

  it("repairs a scanned total whose '$' was read as a 5", () => {
    const pages = invoice(
      [['Invoice No:', 'CW-10442']],
      [
        ['Subtotal', '17,500.00'],
        ['Tax', '1,439.90'],
        ['Amt Due', '518,939.90'],
      ],
      scan,
    );
    expect(filled(pages, 'docTotal')).toBe('18939.90');
  });

  it('proposes, never fills, a total the page contradicts', () => {
    const pages = invoice(
      [['Invoice No:', 'CW-10442']],
      [
        ['Subtotal', '5,000.00'],
        ['Tax', '0.00'],
        ['Total', '9,999.00'],
      ],
      scan,
    );
    const total = proposal(pages, 'docTotal');
    expect(total?.value).toBe('9999.00');
    expect(total!.confidence).toBeLessThan(FILL_THRESHOLD);
  });

  it('proposes, never fills, a scanned total nothing on the page can check', () => {
    const pages = invoice([['Invoice No:', 'CW-10442']], [['Total Due', '3,817,954.00']], scan);
    const total = proposal(pages, 'docTotal');
    expect(total?.value).toBe('3817954.00');
    expect(total!.confidence).toBeLessThan(FILL_THRESHOLD);
    // The same total on a text PDF's own layer is what was printed: filled.
    expect(filled(invoice([], [['Total Due', '3,817,954.00']]), 'docTotal')).toBe('3817954.00');
  });

  it('never proposes an invoice number that is OCR debris', () => {
    const pages = invoice(
      [
        ['Invoice No:', 'gag1ig'],
        ['Date:', '03/07/2025'],
      ],
      [],
      scan,
    );
    expect(proposal(pages, 'docNumber')).toBeUndefined();
  });

  it('proposes, never fills, a year far from the upload (2005 for 2025)', () => {
    const pages = invoice(
      [
        ['Invoice No:', 'CW-10442'],
        ['Invoice Date:', '03/07/2005'],
      ],
      [],
      scan,
    );
    const date = proposal(pages, 'docInvoiceDate');
    expect(date?.value).toBe('2005-03-07');
    expect(date!.confidence).toBeLessThan(FILL_THRESHOLD);
  });

  it('proposes, never fills, a due date before the invoice date', () => {
    const pages = invoice(
      [
        ['Invoice Date:', '03/07/2025'],
        ['Due Date:', '02/01/2025'],
      ],
      [],
    );
    expect(filled(pages, 'docDueDate')).toBeUndefined();
    expect(filled(pages, 'docInvoiceDate')).toBeUndefined();
  });

  it('proposes, never fills, a value whose word OCR barely read', () => {
    const pages = invoice([['Invoice No:', 'CW-10442']], [], { source: 'ocr', confidence: 0.35 });
    expect(filled(pages, 'docNumber')).toBeUndefined();
  });

  it("takes 'Dated' as the invoice date, not the due date beside it", () => {
    const pages = invoice(
      [
        ['Doc No.', '5875-287'],
        ['Due:', '04/06/2025'],
        ['Dated:', '03/07/2025'],
      ],
      [],
    );
    expect(filled(pages, 'docInvoiceDate')).toBe('2025-03-07');
    expect(filled(pages, 'docDueDate')).toBe('2025-04-06');
  });
});

describe('label matcher', () => {
  it.each([
    ['Doc No.', 'docNumber', 'INV-2026-47336', 'INV-2026-47336'],
    ['Document No.', 'docNumber', 'ODS647891', 'ODS647891'],
    ['Inv. No.', 'docNumber', 'BW-15897', 'BW-15897'],
    ['Inv #', 'docNumber', '9872-499', '9872-499'],
    ['Invoice Nbr', 'docNumber', 'HOB576761', 'HOB576761'],
    ['INVOICE NUMBER', 'docNumber', '101633', '101633'],
    ['Inv. Date', 'docInvoiceDate', '03/07/2025', '2025-03-07'],
    ['Inv Dt:', 'docInvoiceDate', '03/07/2025', '2025-03-07'],
    ['Dated', 'docInvoiceDate', 'Mar 7, 2025', '2025-03-07'],
    ['Date of Invoice:', 'docInvoiceDate', '07-Mar-2025', '2025-03-07'],
    ['Amt Due', 'docTotal', '$ 42,142.63', '42142.63'],
    ['Net Amt Due', 'docTotal', '42,142.63', '42142.63'],
    ['Total Due USD', 'docTotal', '42,142.63', '42142.63'],
    ['Please Pay', 'docTotal', '$42,142.63', '42142.63'],
    ['Balance Due:', 'docTotal', '42142.63', '42142.63'],
    ['AFE/CC', 'docAFE', 'CC-8619', 'CC-8619'],
    ['AFE / Cost Center', 'docAFE', 'D24-1234', 'D24-1234'],
    ['AFE #', 'docAFE', '50625', '50625'],
    ['Cost Ctr:', 'docAFE', '34-6688-3', '34-6688-3'],
    ['Pay By:', 'docDueDate', '04/06/2025', '2025-04-06'],
    ['Please Remit By', 'docDueDate', '04/06/2025', '2025-04-06'],
    ['Cust PO', 'docPONumber', '4525727471', '4525727471'],
  ])('%s → %s', (label, key, printed, expected) => {
    const runs: Run[] = [
      [50, 40, 'Permian Pump Services, LLC', 16],
      [380, 80, label],
      [480, 80, printed],
      // Distractors beside it: never taken for the field.
      [380, 96, 'Field Ticket #'],
      [480, 96, 'FT274573'],
      [380, 112, 'Customer #'],
      [480, 112, '8977'],
      [380, 128, 'Dispatch #'],
      [480, 128, '843889'],
      [380, 400, 'Page Subtotal'],
      [480, 400, '1,000.00'],
    ];
    if (key !== 'docTotal') runs.push([380, 420, 'Subtotal'], [480, 420, '900.00']);
    const got = proposal([page(runs)], key);
    expect(got?.value).toBe(expected);
  });

  it('reads a label above its value in a boxed grid, and a remittance stub above the body', () => {
    const pages = [
      page([
        [50, 30, 'REMITTANCE ADVICE - please detach and return with your payment', 8],
        [50, 44, 'Customer #', 8],
        [180, 44, 'Invoice #', 8],
        [310, 44, 'Remit By', 8],
        [440, 44, 'Amt Due', 8],
        [50, 58, 'C4214'],
        [180, 58, 'BW-15897'],
        [310, 58, '04/06/2025'],
        [440, 58, '$ 1,100.00'],
        [50, 120, 'Permian Pump Services, LLC', 14],
        [380, 150, 'Dated'],
        [480, 150, '03/07/2025'],
        [380, 400, 'Subtotal'],
        [480, 400, '1,000.00'],
        [380, 416, 'Freight'],
        [480, 416, '100.00'],
        [380, 432, 'Amt Due'],
        [480, 432, '$ 1,100.00'],
      ]),
    ];
    const values = Object.fromEntries(propose(pages).values.map((v) => [v.key, v.value]));
    expect(values).toMatchObject({
      docNumber: 'BW-15897',
      docInvoiceDate: '2025-03-07',
      docDueDate: '2025-04-06',
      docTotal: '1100.00',
    });
  });
});

describe('column finder', () => {
  /** A table: the heading words at the given x, one row of cells at the same x. */
  function tableOf(columns: [heading: string, x: number, cell: string][]) {
    const runs: Run[] = [];
    for (const [heading, x, cell] of columns) {
      runs.push([x, 200, heading, 9], [x, 216, cell, 9]);
    }
    runs.push([400, 260, 'Subtotal', 9]);
    return findLineItems(buildLines([page(runs)])).lines;
  }

  it.each([
    [['Item Code', 'Description', 'Qty', 'UOM', 'Unit Price', 'Ext. Amount']],
    [['Part No.', 'Description of Work', 'QTY', 'U/M', 'Rate', 'Extended']],
    [['Item #', 'Service Description', 'Quantity', 'Unit', 'Price', 'Line Total']],
    [['Code', 'Description', 'Qty', 'UOM', 'Unit Price', 'Ext Price']],
    [['Item', 'Description', 'Hours', 'UOM', 'Unit Cost', 'Amount']],
  ])('headings %j', (headings) => {
    const xs = [40, 110, 330, 370, 420, 500];
    const cells = ['HO-110', 'Hot oil unit', '3', 'HR', '912.89', '2,738.67'];
    const [row] = tableOf(headings.map((h, i) => [h, xs[i]!, cells[i]!]));
    expect(row).toMatchObject({
      itemCode: 'HO-110',
      description: 'Hot oil unit',
      quantity: '3',
      unitPrice: '912.89',
      amount: '2738.67',
    });
  });

  it('joins a wrapped description, keeps a credit negative and a number inside a description', () => {
    const runs: Run[] = [
      [40, 200, 'Item Code', 9],
      [110, 200, 'Description', 9],
      [330, 200, 'Qty', 9],
      [370, 200, 'UOM', 9],
      [420, 200, 'Unit Price', 9],
      [500, 200, 'Ext. Amount', 9],
      [40, 216, 'CH-220', 9],
      [110, 216, 'Chemical inhibitor batch treatment down annulus, 55', 9],
      [336, 216, '15', 9],
      [370, 216, 'GAL', 9],
      [420, 216, '20.00', 9],
      [500, 216, '300.00', 9],
      [110, 227, 'gal drums', 9],
      [40, 243, 'ML-401', 9],
      [110, 243, 'Credit - duplicate mileage', 9],
      [336, 243, '1', 9],
      [370, 243, 'EA', 9],
      [420, 243, '($ 50.00)', 9],
      [500, 243, '($ 50.00)', 9],
      [400, 280, 'Subtotal', 9],
    ];
    const lines = findLineItems(buildLines([page(runs)])).lines;
    expect(lines).toMatchObject([
      {
        itemCode: 'CH-220',
        description: 'Chemical inhibitor batch treatment down annulus, 55 gal drums',
        quantity: '15',
        amount: '300.00',
      },
      { itemCode: 'ML-401', description: 'Credit - duplicate mileage', amount: '-50.00' },
    ]);
  });

  it('joins the continuation on page 2 to the table of page 1, with or without its heading', () => {
    const head: Run[] = [
      [110, 200, 'Description', 9],
      [330, 200, 'Qty', 9],
      [420, 200, 'Rate', 9],
      [500, 200, 'Amount', 9],
    ];
    const row = (top: number, d: string, amount: string): Run[] => [
      [110, top, d, 9],
      [336, top, '1', 9],
      [420, top, amount, 9],
      [500, top, amount, 9],
    ];
    const p1 = page([
      ...head,
      ...row(216, 'Crane service', '100.00'),
      ...row(232, 'Mileage', '20.00'),
    ]);
    const p2 = {
      ...page([
        [40, 40, 'Invoice 101633 - continued', 9],
        [500, 54, 'Page 2 of 2', 8],
        ...row(80, 'Welding labor', '300.00'),
        [400, 110, 'Subtotal', 9],
      ]),
      page: 2,
    };
    const lines = findLineItems(buildLines([p1, p2])).lines;
    expect(lines.map((l) => l.description)).toEqual(['Crane service', 'Mileage', 'Welding labor']);
  });
});
