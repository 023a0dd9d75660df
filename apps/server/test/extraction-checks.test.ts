import { describe, expect, it } from 'vitest';
import {
  checkLine,
  creditSignLost,
  derivedPrice,
  slipPrice,
  checkTotal,
  hasLookalike,
  linesAddUp,
  reconcileLine,
  looksLikeIdentifier,
  plausibleDueDate,
  plausibleInvoiceDate,
  plausibleLoneDueDate,
  repairAmount,
  repairYear,
  afterUpload,
  weakestWord,
} from '../src/modules/document-intelligence/proposals/checks';
import {
  FILL_THRESHOLD,
  proposeMetadata,
} from '../src/modules/document-intelligence/proposals/index';
import { ocrDistance, ocrLabelWord } from '../src/modules/document-intelligence/proposals/labels';
import { shortAfeMisread } from '../src/modules/document-intelligence/proposals/candidates';
import {
  columnsByAlignment,
  findLineItems,
} from '../src/modules/document-intelligence/proposals/line-items';
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

  it('reconciles a scanned row only when its arithmetic proves one reading', () => {
    const parse = (t: string) => {
      const n = Number(t.replace(/[$,]/g, ''));
      return /^[$\d.,-]+$/.test(t) && Number.isFinite(n) ? n : null;
    };
    const row = (quantity: string, unitPrice: string, amount: string) =>
      reconcileLine({ quantity, unitPrice, amount, parse });
    // A clean row: nothing repaired.
    expect(row('7', '$1,265.42', '$8,857.94')).toEqual({
      quantity: 7,
      unitPrice: 1265.42,
      amount: 8857.94,
      repaired: 0,
    });
    // The comma read as a point and the point lost: '$1.26542'.
    expect(row('7', '$1.26542', '$8,857.94')).toMatchObject({
      unitPrice: 1265.42,
      amount: 8857.94,
    });
    // The '$' read as a digit and the point lost: '552452' for $524.52.
    expect(row('18', '$29.14', '552452')).toMatchObject({ unitPrice: 29.14, amount: 524.52 });
    // A number split in two words; a quantity whose point was lost ('25' for 2.5).
    expect(row('13', 'S 62268', '$8,094.84')).toMatchObject({ unitPrice: 622.68 });
    expect(row('25', '$445.97', '$1,114.93')).toMatchObject({ quantity: 2.5 });
    // A credit stays negative.
    expect(row('1', '-$2,350.72', '-$2.35072')).toMatchObject({ amount: -2350.72 });
    // Nothing proves a reading: refused.
    expect(row('2', '$2171 22', '$4424')).toBeNull();
    expect(row('9', 'S30', '$4790')).toBeNull();
    // A quantity not read: 1 only when the price is the amount.
    expect(row('', '$554.06', '$554.06')).toMatchObject({ quantity: 1, amount: 554.06 });
    // $1.00 ÷ $2.00 is half a unit: a derived quantity (below).
    expect(row('', '$2.00', '$1.00')).toMatchObject({ quantity: 0.5, repaired: 2 });
    expect(row('', '$3.00', '$1.00')).toBeNull();
    // A quantity lost or misread ('1' for 11, nothing for 5) with price and amount read as
    // printed: amount ÷ price when that is a whole or half unit, to the cent.
    expect(row('1', '$102.06', '$1,122.66')).toEqual({
      quantity: 11,
      unitPrice: 102.06,
      amount: 1122.66,
      repaired: 2,
    });
    expect(row('', '$1,441.07', '$7,205.35')).toMatchObject({ quantity: 5, amount: 7205.35 });
    expect(row('', '-$1,133.97', '-$1,133.97')).toMatchObject({ quantity: 1, amount: -1133.97 });
    // Not a whole or half unit: nothing derived.
    expect(row('1', '$102.06', '$1,122.67')).toBeNull();
    // An amount read as bare digits lost only its point: it is read as cents (7,205.35 ÷ 1,441.07
    // = 5), never whole (720,535 ÷ 1,441.07 = 500, a quantity 100× off) — session 23.
    expect(row('', '$1,441.07', '720535')).toEqual({
      quantity: 5,
      unitPrice: 1441.07,
      amount: 7205.35,
      repaired: 3,
    });
    expect(row('2', '591.47', '1301234')).toMatchObject({ quantity: 22, amount: 13012.34 });
    expect(row('2', '591.47', '1301235')).toBeNull();
    // No point read and one digit too many (the point read as a digit, a mark after it): the
    // digit whose dropping the arithmetic proves — the least likely reading (session 23).
    expect(row('11', '724.76', '7972136')).toMatchObject({ amount: 7972.36, repaired: 3 });
    expect(row('6', '1158.23', '6949358')).toMatchObject({ amount: 6949.38 });
    expect(row('6', '1,158.23', '6.949.358')).toMatchObject({ amount: 6949.38 });
    expect(row('11', '724.76', '7972.13')).toBeNull();
    expect(row('11', '724.76', '7972146')).toBeNull();
    // A price whose point was lost, or whose comma was read as one ('1.10026' for 1,100.26), is
    // read in cents too; a price of four digits or fewer without cents may be printed so ('$500').
    expect(row('2', '59147', '13012.34')).toMatchObject({ quantity: 22, unitPrice: 591.47 });
    expect(row('s', '1.10026', '880208')).toMatchObject({ quantity: 8, unitPrice: 1100.26 });
    expect(row('', '5000', '15,000.00')).toBeNull();
    // An amount garbled by more than its point: nothing derived.
    expect(row('2', '591.47', '130I234')).toBeNull();
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

  it('reads a scanned amount whose point became a gap, and trusts a faint total the sums prove', () => {
    const pages = invoice(
      [['Invoice No:', 'CW-10442']],
      [
        ['Subtotal', '$60,268 93'],
        ['Sales Tax', '$3.766 81'],
        ['Total Due', '$64,035.74'],
      ],
      scan,
    );
    expect(filled(pages, 'docTotal')).toBe('64035.74');
    // The total's word barely read, a tax read without its point: subtotal + tax still prove it.
    const faint = invoice(
      [['Invoice No:', 'CW-10442']],
      [
        ['Subtotal', '153,021.41'],
        ['Tax', '1262427'],
        ['Invoice Total', '165,645.68'],
      ],
      scan,
    );
    for (const w of faint[0]!.words) if (w.text === '165,645.68') w.confidence = 0.33;
    expect(filled(faint, 'docTotal')).toBe('165645.68');
    // Unproven, the same faint word is only proposed.
    for (const w of faint[0]!.words) if (w.text === '1262427') w.text = '1262437';
    expect(filled(faint, 'docTotal')).toBeUndefined();
  });

  it("reads a scanned date whose slashes were lost ('04192026')", () => {
    const pages = invoice([['Invoice Date:', '03072025']], [], scan);
    expect(proposal(pages, 'docInvoiceDate')?.value).toBe('2025-03-07');
    // Never in a text layer.
    expect(
      proposal(invoice([['Invoice Date:', '03072025']], []), 'docInvoiceDate'),
    ).toBeUndefined();
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

  it("repairs a scanned year whose last digit was misread ('2028' for '2025') only when one year fits", () => {
    // Uploaded 2025-03-13: dated 2028-03-07 can only be 2025 (8 for 5); 2023 and 2026 do not fit.
    const plausible = (d: string) =>
      plausibleInvoiceDate(d, uploadedAt) && d >= '2024-03-12' && d <= '2025-04-27';
    expect(repairYear('2028-03-07', plausible)).toBe('2025-03-07');
    // Nothing a slip of the 8 explains (no plausible year among them), or two that fit: refused.
    expect(repairYear('2021-03-07', plausible)).toBeNull();
    expect(repairYear('2028-03-07', () => true)).toBeNull();
    expect(repairYear('03/07/2028', plausible)).toBeNull();
    // End to end: filled repaired on a scan, with the due date's year repaired the same way.
    const pages = invoice(
      [
        ['Invoice No:', 'CW-10442'],
        ['Invoice Date:', '03/07/2028'],
        ['Due Date:', '04/06/2028'],
      ],
      [],
      scan,
    );
    expect(filled(pages, 'docInvoiceDate')).toBe('2025-03-07');
    expect(filled(pages, 'docDueDate')).toBe('2025-04-06');
    // A text layer prints what the sender typed: never repaired.
    const text = invoice(
      [
        ['Invoice No:', 'CW-10442'],
        ['Invoice Date:', '03/07/2028'],
      ],
      [],
    );
    expect(proposal(text, 'docInvoiceDate')?.value).toBe('2028-03-07');
    expect(filled(text, 'docInvoiceDate')).toBeUndefined();
    // The year one before, read right, is not touched ('2024' for '2025' stays a proposal).
    const lastYear = invoice(
      [
        ['Invoice No:', 'CW-10442'],
        ['Invoice Date:', '02/07/2024'],
      ],
      [],
      scan,
    );
    expect(proposal(lastYear, 'docInvoiceDate')?.value).toBe('2024-02-07');
    expect(filled(lastYear, 'docInvoiceDate')).toBeUndefined();
    // An old invoice scanned long after its date is real: 2025 is not 'repaired' to 2026.
    expect(afterUpload('2025-03-07', new Date('2026-11-29T12:00:00Z'))).toBe(false);
    const old = invoice(
      [
        ['Invoice No:', 'CW-10442'],
        ['Invoice Date:', '03/07/2025'],
        ['Due Date:', '04/06/2025'],
      ],
      [],
      scan,
    );
    const oldRead = proposeMetadata(93, old, { uploadedAt: new Date('2026-11-29T12:00:00Z') });
    expect(oldRead.values.find((v) => v.key === 'docInvoiceDate')?.value).toBe('2025-03-07');
    expect(oldRead.values.find((v) => v.key === 'docDueDate')?.value).toBe('2025-04-06');
    // A due date before the invoice date is no misread year: not repaired.
    const early = invoice(
      [
        ['Invoice No:', 'CW-10442'],
        ['Invoice Date:', '03/07/2025'],
        ['Due Date:', '02/06/2025'],
      ],
      [],
      scan,
    );
    expect(proposal(early, 'docDueDate')?.value).toBe('2025-02-06');
    expect(filled(early, 'docDueDate')).toBeUndefined();
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

  it("finds a scan's headings OCR misread ('Oty', 'Qu', 'Ttem') and codes whose heading was lost", () => {
    const xs = [40, 110, 330, 370, 420, 500];
    const cells = ['HO-110', 'Hot oil unit', '3', 'HR', '912.89', '2,738.67'];
    for (const headings of [
      ['Ttem #', 'Description', 'Oty', 'UM', 'Price', 'Amount'],
      ['Tem', 'Description', 'Qu', 'UM', 'Rate', 'Amount'],
    ]) {
      const [row] = tableOf(headings.map((h, i) => [h, xs[i]!, cells[i]!]));
      expect(row).toMatchObject({ itemCode: 'HO-110', description: 'Hot oil unit', quantity: '3' });
    }
    // No code heading at all: codes leading most descriptions are split off.
    const runs: Run[] = [
      [110, 200, 'Description', 9],
      [330, 200, 'Qty', 9],
      [420, 200, 'Rate', 9],
      [500, 200, 'Amount', 9],
    ];
    [
      ['RL-787 Tubing inspection', '5', '867.21', '4,336.05'],
      ['SB-412 Disposal fee', '2', '10.00', '20.00'],
    ].forEach(([d, q, p, a], i) =>
      runs.push(
        [40, 216 + 16 * i, d!, 9],
        [330, 216 + 16 * i, q!, 9],
        [420, 216 + 16 * i, p!, 9],
        [500, 216 + 16 * i, a!, 9],
      ),
    );
    runs.push([400, 260, 'Subtotal', 9]);
    const rows = findLineItems(buildLines([page(runs)])).lines;
    expect(rows.map((r) => [r.itemCode, r.description])).toEqual([
      ['RL-787', 'Tubing inspection'],
      ['SB-412', 'Disposal fee'],
    ]);
  });

  it('reconciles a scanned row by its arithmetic, and a credit whose quantity was not read', () => {
    const runs: Run[] = [
      [110, 200, 'Description', 9],
      [330, 200, 'Qty', 9],
      [420, 200, 'Unit Price', 9],
      [500, 200, 'Amount', 9],
      [110, 216, 'KCl water 2%', 9],
      [336, 216, '7', 9],
      [420, 216, '$1.26542', 9],
      [500, 216, '$8,857.94', 9],
      [110, 232, 'Credit duplicate mileage', 9],
      [420, 232, '-$554.06', 9],
      [500, 232, '554.06', 9],
      [400, 260, 'Subtotal', 9],
    ];
    const rows = findLineItems(buildLines([page(runs, { source: 'ocr', confidence: 0.9 })])).lines;
    expect(rows.map((r) => [r.quantity, r.unitPrice, r.amount])).toEqual([
      ['7', '1265.42', '8857.94'],
      ['1', '-554.06', '-554.06'],
    ]);
    // A text layer is read as printed: nothing reconciled.
    const text = findLineItems(buildLines([page(runs)])).lines;
    expect(text[0]!.unitPrice).toBe('1.26542');
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

describe('OCR-tolerant label words (issue 34 item 1)', () => {
  it.each([
    ['t0tal', 'total'],
    ['totai', 'total'],
    ['invoce', 'invoice'],
    ['lnvoice', 'invoice'],
    ['invoicc', 'invoice'],
    ['acconat', 'account'],
    ['dote', 'date'],
    ['servlce', 'service'],
    ['balancc', 'balance'],
    ['purchasc', 'purchase'],
    ['0rder', 'order'],
    ['remlt', 'remit'],
    ['quantlty', 'quantity'],
    ['descriptlon', 'description'],
    ['afeicc', 'afe cc'],
    ['afe1cc', 'afe cc'],
  ])('a scanned %s is read as %s', (read, word) => {
    expect(ocrLabelWord(read)).toBe(word);
  });

  it.each([
    // Words of their own, values and names: never labels.
    'basin',
    'water',
    'crane',
    'vendor',
    'services',
    'midland',
    'standby',
    'carter',
    'notes',
    '4471',
    // Too far from any label word to be a safe guess ('Invoice' garbled beyond one edit).
    'mwvesce',
    // Known words are left to the dictionaries.
    'total',
    'amt',
  ])('%s is not taken for a label word', (read) => {
    expect(ocrLabelWord(read)).toBeNull();
  });

  it("costs OCR's usual slips half an edit", () => {
    expect(ocrDistance('t0tal', 'total')).toBe(0.5);
    expect(ocrDistance('arnount', 'amount')).toBe(0.5);
    expect(ocrDistance('tatal', 'total')).toBe(0.5);
    expect(ocrDistance('tetal', 'total')).toBe(0.5);
    expect(ocrDistance('kotal', 'total')).toBe(1);
  });

  it.each([
    ['T0tal Due', 'docTotal', '$1,100.00', '1100.00'],
    ['Invoce No.', 'docNumber', 'BW-15897', 'BW-15897'],
    ['1nv. Date', 'docInvoiceDate', '03/07/2025', '2025-03-07'],
    ['AFEICC', 'docAFE', 'CC-8619', 'CC-8619'],
    ['P.0. No.', 'docPONumber', '468017', '468017'],
    ['Purchase Ordcr', 'docPONumber', '4525727471', '4525727471'],
  ])('a scan labelled %s gives %s', (label, key, printed, expected) => {
    const pages = invoice(
      [[label, printed]],
      [
        ['Subtotal', '1,000.00'],
        ['Freight', '100.00'],
      ],
      { source: 'ocr', confidence: 0.95 },
    );
    expect(proposal(pages, key)?.value).toBe(expected);
  });

  it('reads a misread label on a scan only, and a little less surely than a clean one', () => {
    const totals: [string, string][] = [['Subtotal', '1,000.00']];
    const text = invoice([['Invoce No.', 'BW-15897']], totals);
    expect(proposal(text, 'docNumber')).toBeUndefined();
    const clean = proposal(
      invoice([['Invoice No.', 'BW-15897']], totals, { source: 'ocr', confidence: 0.95 }),
      'docNumber',
    );
    const misread = proposal(
      invoice([['Invoce No.', 'BW-15897']], totals, { source: 'ocr', confidence: 0.95 }),
      'docNumber',
    );
    expect(misread!.confidence).toBeLessThan(clean!.confidence);
  });
});

describe('look-alike characters in scanned identifiers (issue 34 item 4)', () => {
  it.each([
    ['HOB587678', true],
    ['ODS565724', true],
    ['D24-7313', true],
    ['0DS664647', true],
    ['MID259400', true],
    ['INV-2025-24057', false],
    ['CC-2176', false],
    ['BW-15897', false],
    ['AFE-2026-380', false],
    ['468017', false],
    ['PO-81947', false],
  ])('%s has a look-alike letter beside a digit: %s', (value, lookalike) => {
    expect(hasLookalike(value)).toBe(lookalike);
  });

  it('fills a look-alike identifier from a scan only when OCR read it very surely', () => {
    const totals: [string, string][] = [['Subtotal', '1,000.00']];
    const at = (confidence: number) =>
      invoice([['Invoice No.', 'HOB587678']], totals, { source: 'ocr', confidence });
    expect(proposal(at(0.85), 'docNumber')?.value).toBe('HOB587678');
    expect(filled(at(0.85), 'docNumber')).toBeUndefined();
    expect(filled(at(0.95), 'docNumber')).toBe('HOB587678');
    // No look-alike: filled at the usual confidence; a text layer is never doubted.
    const plain = invoice([['Invoice No.', 'BW-15897']], totals, {
      source: 'ocr',
      confidence: 0.85,
    });
    expect(filled(plain, 'docNumber')).toBe('BW-15897');
    expect(filled(invoice([['Invoice No.', 'HOB587678']], totals), 'docNumber')).toBe('HOB587678');
    // Look-alikes as read count even when the repair made the value all digits ('0DS664647' →
    // '005664647', session 22): proposed, not filled, below the very-sure bar.
    const repaired = (confidence: number) =>
      invoice([['Invoice No.', '0DS664647']], totals, { source: 'ocr', confidence });
    expect(proposal(repaired(0.85), 'docNumber')?.value).toBe('005664647');
    expect(filled(repaired(0.85), 'docNumber')).toBeUndefined();
    expect(filled(repaired(0.95), 'docNumber')).toBe('005664647');
  });

  it("reads a scanned identifier's size-only lower-case letters as capitals", () => {
    const pages = invoice([['AFE/CC', 'cc-2176']], [['Subtotal', '1,000.00']], {
      source: 'ocr',
      confidence: 0.95,
    });
    expect(filled(pages, 'docAFE')).toBe('CC-2176');
    // Debris stays debris.
    const debris = invoice([['Invoice No.', 'gag1ig']], [['Subtotal', '1,000.00']], {
      source: 'ocr',
      confidence: 0.95,
    });
    expect(proposal(debris, 'docNumber')).toBeUndefined();
  });
});

describe('a due date beside a refused invoice date', () => {
  it('judges the due date alone when the invoice date is implausible, and refuses a far one', () => {
    expect(plausibleLoneDueDate('2025-04-06', uploadedAt)).toBe(true);
    expect(plausibleLoneDueDate('2005-04-06', uploadedAt)).toBe(false);
    expect(plausibleLoneDueDate('2027-04-06', uploadedAt)).toBe(false);
    const pages = invoice(
      [
        ['Invoice Date', '03/07/2031'],
        ['Due Date', '04/06/2025'],
      ],
      [['Subtotal', '1,000.00']],
      { source: 'ocr', confidence: 0.95 },
    );
    // 2031 is refused (not filled: no slip of its 1 gives a plausible year — 2028 would be
    // repaired to 2025, checks.ts repairYear); the due date no longer goes down with it.
    expect(filled(pages, 'docInvoiceDate')).toBeUndefined();
    expect(filled(pages, 'docDueDate')).toBe('2025-04-06');
    // Both plausible but the due date before the invoice date: neither is filled.
    const both = invoice(
      [
        ['Invoice Date', '03/07/2025'],
        ['Due Date', '03/01/2025'],
      ],
      [['Subtotal', '1,000.00']],
    );
    expect(filled(both, 'docInvoiceDate')).toBeUndefined();
    expect(filled(both, 'docDueDate')).toBeUndefined();
  });
});

describe('columns without a heading (issue 34 item 2)', () => {
  /** A scanned table whose heading row OCR lost: code, description, qty, UOM, price, amount. */
  const rows: [string, string, string, string, string, string][] = [
    ['HO-110', 'Hot oil unit', '3', 'HR', '912.89', '2,738.67'],
    ['VT-204', 'Vacuum truck 130 bbl', '6', 'HR', '220.31', '1,321.86'],
    ['CH-311', 'Fuel surcharge', '1', 'EA', '327.35', '327.35'],
    ['TR-451', 'Standby time', '2.5', 'HR', '150.00', '375.00'],
  ];
  const xs = [40, 110, 330, 370, 420, 500];
  function scanned(withHeading: boolean) {
    const runs: Run[] = [[50, 40, 'Permian Pump Services, LLC', 16]];
    if (withHeading)
      ['Qqqq', 'Xxxxxxxxxx', 'Zzz', 'Www', 'Vvvvv', 'Yyyyyy'].forEach((h, i) =>
        runs.push([xs[i]!, 184, h, 9]),
      );
    rows.forEach((cells, r) =>
      cells.forEach((cell, i) => {
        // Numbers set flush right, as tables print them.
        const x = i >= 2 ? xs[i]! + 40 - cell.length * 4.5 : xs[i]!;
        runs.push([x, 200 + r * 16, cell, 9]);
      }),
    );
    runs.push([400, 280, 'Subtotal', 9], [500, 280, '4,762.88', 9]);
    return buildLines([page(runs, { source: 'ocr', confidence: 0.9 })]);
  }

  it('finds the columns by the alignment of the numbers and reads the rows', () => {
    const found = columnsByAlignment(scanned(false));
    expect(found?.cols.map((c) => c.column)).toEqual([
      'code',
      'description',
      'quantity',
      'unitPrice',
      'amount',
    ]);
    const lines = findLineItems(scanned(false)).lines;
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatchObject({
      itemCode: 'HO-110',
      description: 'Hot oil unit',
      quantity: '3',
      unitPrice: '912.89',
      amount: '2738.67',
    });
    expect(lines[3]).toMatchObject({ quantity: '2.5', amount: '375.00' });
  });

  it('needs three aligned rows, and never runs on a text layer', () => {
    const two = scanned(false).filter((l) => !/^(CH|TR)-/.test(l.tokens[0]!.text));
    expect(columnsByAlignment(two)).toBeNull();
    const text = scanned(false).map((l) => ({ ...l, source: 'text' as const }));
    expect(columnsByAlignment(text)).toBeNull();
  });

  it("takes a garbled last heading for the amount ('Eat Price')", () => {
    const runs: Run[] = [];
    ['Part No.', 'Description', 'Quantity', 'VOM', 'Price', 'Eat Price'].forEach((h, i) =>
      runs.push([xs[i]!, 184, h, 9]),
    );
    rows[0]!.forEach((cell, i) => runs.push([xs[i]!, 200, cell, 9]));
    runs.push([400, 260, 'Subtotal', 9]);
    const lines = findLineItems(buildLines([page(runs, { source: 'ocr', confidence: 0.9 })])).lines;
    expect(lines[0]).toMatchObject({ description: 'Hot oil unit', amount: '2738.67' });
  });
});

describe('a credit row whose minus signs OCR lost on both cells (issue 34, session 22)', () => {
  it('is a credit only by its words, only when both cells read positive', () => {
    expect(creditSignLost('Credit - duplicate mileage', 1436.63, 1436.63)).toBe(true);
    expect(creditSignLost('CREDIT for returned valve', 1054.05, 1054.05)).toBe(true);
    // One sign read: reconcileLine's case, not this one; both read: nothing lost.
    expect(creditSignLost('Credit - duplicate mileage', -1436.63, 1436.63)).toBe(false);
    expect(creditSignLost('Credit - duplicate mileage', -1436.63, -1436.63)).toBe(false);
    // Not a credit row: a fee for card payments, a description that only mentions a credit.
    expect(creditSignLost('Credit card processing fee', 35, 35)).toBe(false);
    expect(creditSignLost('Standby time (credit applied)', 220.31, 220.31)).toBe(false);
    expect(creditSignLost(null, 100, 100)).toBe(false);
  });

  const rows = (source: 'ocr' | 'text') => {
    const runs: Run[] = [];
    ['Description', 'Qty', 'Unit Price', 'Amount'].forEach((h, i) =>
      runs.push([[40, 330, 420, 500][i]!, 184, h, 9]),
    );
    runs.push([40, 200, 'Hot oil unit', 9], [340, 200, '3', 9], [420, 200, '912.89', 9]);
    runs.push([500, 200, '2,738.67', 9]);
    // Printed '(1,054.05)' on both cells, read without the parentheses.
    runs.push([40, 216, 'Credit for returned valve', 9], [340, 216, '1', 9]);
    runs.push([420, 216, '1,054.05', 9], [500, 216, '1,054.05', 9]);
    return buildLines([page(runs, { source, confidence: 0.9 })]);
  };

  it('makes both cells negative on a scan, never on a text layer', () => {
    const scanned = findLineItems(rows('ocr')).lines;
    expect(scanned[0]).toMatchObject({ unitPrice: '912.89', amount: '2738.67' });
    expect(scanned[1]).toMatchObject({ quantity: '1', unitPrice: '-1054.05', amount: '-1054.05' });
    const text = findLineItems(rows('text')).lines;
    expect(text[1]).toMatchObject({ unitPrice: '1054.05', amount: '1054.05' });
  });
});

describe('scanned tables with garbled cells (issue 34, session 23)', () => {
  const heading = (names: string[]): Run[] =>
    names.map((h, i) => [[40, 110, 330, 370, 420, 500][i]!, 184, h, 9]);
  const row = (top: number, cells: string[]): Run[] =>
    cells.map((c, i) => [[40, 110, 340, 370, 420, 500][i]!, top, c, 9]);

  it("reads a garbled quantity heading ('Qn') as the quantity, not part of the price", () => {
    const runs = [
      ...heading(['Part No.', 'Description', 'Qn', 'tm', 'Unit Price', 'Amount']),
      ...row(200, ['ML-291', 'Roustabout crew', '6', 'FT', '575.81', '345486']),
      ...row(216, ['CT-542', 'Crane service', '3', 'GAL', '604.99', '1814.97']),
      [400, 260, 'Subtotal', 9] as Run,
    ];
    const lines = findLineItems(buildLines([page(runs, { source: 'ocr', confidence: 0.9 })])).lines;
    // The amount read without its point is proven by 6 × 575.81.
    expect(lines[0]).toMatchObject({ quantity: '6', unitPrice: '575.81', amount: '3454.86' });
    expect(lines[1]).toMatchObject({ quantity: '3', unitPrice: '604.99', amount: '1814.97' });
    // A text layer's heading is as printed: an unknown heading stays unknown.
    const text = findLineItems(buildLines([page(runs, { source: 'text' })])).lines;
    expect(text[1]?.quantity ?? null).toBeNull();
  });

  it('keeps a table open across rows whose amounts OCR garbled', () => {
    const runs = [
      ...heading(['Part No.', 'Description', 'Qty', 'UM', 'Unit Price', 'Amount']),
      ...row(200, ['CT-542', 'Crane service', '3', 'GAL', '604.99', '1814.97']),
      ...row(216, ['SB-882', 'Wireline unit', '9s', 'MI', '1436.36', '13645 42']),
      ...row(232, ['SB-793', 'Credit duplicate mileage', '1', 'EA', '-2272.79', '217M']),
      ...row(248, ['VT-180', 'Vacuum truck', '16', 'EA', '1932.26', '30M16.16']),
      ...row(264, ['HO-471', 'Frac tank rental', '6', 'HR', '926.25', '5557.50']),
      [400, 300, 'Subtotal', 9] as Run,
    ];
    const lines = findLineItems(buildLines([page(runs, { source: 'ocr', confidence: 0.9 })])).lines;
    expect(lines.map((l) => l.amount)).toContain('5557.50');
    // Rows far below the table's last row-like line still end it.
    const far = [
      ...runs.slice(0, 12),
      ...row(320, ['HO-471', 'Frac tank', '6', 'HR', '926.25', '5557.50']),
    ];
    const farLines = findLineItems(
      buildLines([page(far, { source: 'ocr', confidence: 0.9 })]),
    ).lines;
    expect(farLines.map((l) => l.amount)).not.toContain('5557.50');
  });
});

describe('a price OCR lost, a discount whose signs it lost (issue 34, session 23)', () => {
  it('derives the price from quantity and amount only when one price in cents fits', () => {
    expect(derivedPrice(20, '$13,673.20', 13673.2)).toBe(683.66);
    expect(derivedPrice(2, '$2250.22', 2250.22)).toBe(1125.11);
    expect(derivedPrice(1.5, '$1,374.14', 1374.14)).toBe(916.09);
    // No price in cents gives the amount: refused.
    expect(derivedPrice(3, '$100.00', 100)).toBeNull();
    // Under one unit several prices round to the amount; an amount without its cents is no proof.
    expect(derivedPrice(0.5, '$273.50', 273.5)).toBeNull();
    expect(derivedPrice(6, '132186', 1321.86)).toBeNull();
  });

  it('repairs a price misread by one usual digit slip over a quantity of three or more', () => {
    // 18 × 1,769.51 = 31,851.18: the 9 read as a 5.
    expect(slipPrice(18, 1765.51, '31,851.18', 31851.18)).toBe(1769.51);
    expect(slipPrice(3, 2335.38, '7,018.14', 7018.14)).toBe(2339.38);
    // Two digits apart, a pair OCR does not confuse (0 for 1), or no price in cents: refused.
    expect(slipPrice(12, 1634.05, '18,419.40', 18419.4)).toBeNull();
    expect(slipPrice(9, 538.01, '4,842.99', 4842.99)).toBeNull();
    expect(slipPrice(18, 1765.51, '31,851.19', 31851.19)).toBeNull();
    // Under three units a misread amount would pass for the price.
    expect(slipPrice(1, 1300.75, '1,309.75', 1309.75)).toBeNull();
    expect(slipPrice(2, 1000.0, '2,060.00', 2060)).toBeNull();
  });

  const table = (price: string) => {
    const runs: Run[] = [];
    ['Description', 'Qty', 'Unit Price', 'Amount'].forEach((h, i) =>
      runs.push([[40, 330, 420, 500][i]!, 184, h, 9]),
    );
    runs.push([40, 200, 'Frac tank rental', 9], [340, 200, '20', 9]);
    if (price) runs.push([420, 200, price, 9]);
    runs.push([500, 200, '$13,673.20', 9]);
    runs.push([40, 216, 'Discount per MSA', 9], [340, 216, '1', 9]);
    runs.push([420, 216, '305.18', 9], [500, 216, '305.18', 9]);
    return (source: 'ocr' | 'text') =>
      findLineItems(buildLines([page(runs, { source, confidence: 0.9 })])).lines;
  };

  it('fills a lost or garbled price on a scan, never one read as a number', () => {
    expect(table('')('ocr')[0]).toMatchObject({ unitPrice: '683.66', amount: '13673.20' });
    expect(table('SLI2S.01')('ocr')[0]).toMatchObject({ unitPrice: '683.66' });
    // A price read as another number: which cell is wrong is not known (unless one usual
    // digit slip apart, slipPrice: '683.60' for 683.66).
    expect(table('$683.16')('ocr')[0]).toMatchObject({ unitPrice: '683.16' });
    expect(table('$683.60')('ocr')[0]).toMatchObject({ unitPrice: '683.66' });
    expect(table('')('text')[0]!.unitPrice).toBeNull();
  });

  it("makes a 'Discount' row negative when OCR lost both signs", () => {
    expect(creditSignLost('Discount per MSA', 305.18, 305.18)).toBe(true);
    expect(table('')('ocr')[1]).toMatchObject({ unitPrice: '-305.18', amount: '-305.18' });
    expect(table('')('text')[1]).toMatchObject({ unitPrice: '305.18', amount: '305.18' });
  });
});

describe("'AFE' read with one letter wrong (issue 34, session 23)", () => {
  const scan = { source: 'ocr' as const, confidence: 0.93 };

  it('takes a three-capital misreading only', () => {
    for (const w of ['ARE:', 'AFR', 'APE', 'AEE', 'ARE#']) expect(shortAfeMisread(w)).toBe(true);
    // 'AFE' itself is the label's own business; lower case, other words, two letters wrong: no.
    for (const w of ['AFE', 'are', 'Are', 'ABC', 'AF', 'AFEE', 'THE'])
      expect(shortAfeMisread(w)).toBe(false);
  });

  it('labels an AFE only beside a value that names its kind', () => {
    const afe = (label: string, value: string) =>
      filled(
        invoice(
          [
            ['Invoice No:', 'CW-10442'],
            [label, value],
          ],
          [],
          scan,
        ),
        'docAFE',
      );
    expect(afe('ARE:', 'AFE-2026-811')).toBe('AFE-2026-811');
    expect(afe('AFR', 'CC-4791')).toBe('CC-4791');
    // A value of no telling shape ('D24-7313', '44507') needs a label read as printed.
    expect(afe('ARE:', 'D24-7313')).toBeUndefined();
    expect(afe('APE', '44507')).toBeUndefined();
    // Never on a text layer, never inside a phrase.
    expect(
      filled(invoice([['ARE:', 'AFE-2026-811']], [], { source: 'text' }), 'docAFE'),
    ).toBeUndefined();
    expect(afe('We ARE', 'AFE-2026-811')).toBeUndefined();
  });
});
