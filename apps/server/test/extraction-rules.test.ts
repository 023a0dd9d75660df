import { describe, expect, it } from 'vitest';
import {
  DETECTION_THRESHOLD,
  detectDocumentType,
  parseAmount,
  parseDate,
  parseDecimalInterest,
  parseIdentifier,
  PROPOSAL_THRESHOLD,
  proposeMetadata,
  repairOcrName,
} from '../src/modules/document-intelligence/proposals/index';
import type { ReadPage, ReadWord } from '../src/modules/document-intelligence/reading/types';

/**
 * A page from text placed at (x, top) in points, 10 pt type: each run is split into words whose
 * widths follow their length, as a PDF's text layer gives them.
 */
type Run = [x: number, top: number, text: string, size?: number];
function page(
  runs: Run[],
  opts: { n?: number; source?: 'text' | 'ocr'; confidence?: number } = {},
): ReadPage {
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
  return { page: opts.n ?? 1, width: 612, height: 792, source: opts.source ?? 'text', words };
}

const valueOf = (pages: ReadPage[], key: string, type = 93) =>
  proposeMetadata(type, pages).values.find((v) => v.key === key)?.value;

function invoice(
  numberLabel: string,
  dateLabel: string,
  totalLabel: string,
  date = '01/15/2026',
): ReadPage[] {
  return [
    page([
      [50, 40, 'Caprock Wireline Services, LLC', 16],
      [400, 40, 'INVOICE', 20],
      [400, 90, numberLabel],
      [490, 90, 'CW-10442'],
      [400, 105, dateLabel],
      [490, 105, date],
      [50, 160, 'Bill To:'],
      [50, 174, 'Apache Permian Operating LLC'],
      [50, 300, 'Description'],
      [330, 300, 'Qty'],
      [400, 300, 'Unit Price'],
      [500, 300, 'Amount'],
      [50, 318, 'Wireline unit'],
      [330, 318, '2'],
      [400, 318, '1,000.00'],
      [500, 318, '2,000.00'],
      [50, 334, 'Mileage'],
      [330, 334, '100'],
      [400, 334, '2.50'],
      [500, 334, '250.00'],
      [400, 380, totalLabel],
      [500, 380, '$2,250.00'],
    ]),
  ];
}

describe('label wordings', () => {
  it.each([
    'Invoice #',
    'Invoice No.',
    'Invoice Number:',
    'Inv Number',
    'Inv. No.:',
    'INVOICE NO',
    'Invoice#',
    'Inv#:',
  ])('reads the invoice number after %s', (label) => {
    expect(valueOf(invoice(label, 'Date:', 'Total'), 'docNumber')).toBe('CW-10442');
  });
  it.each(['Invoice Date', 'Date', 'Bill Date', 'Date of Invoice', 'Inv. Date:', 'Issue Date'])(
    'reads the invoice date after %s',
    (label) => {
      expect(valueOf(invoice('Invoice #', label, 'Total'), 'docInvoiceDate')).toBe('2026-01-15');
    },
  );
  it.each([
    'Total',
    'Grand Total',
    'Amount Due',
    'Balance Due',
    'Total Due:',
    'Invoice Total',
    'TOTAL (USD)',
  ])('reads the total after %s', (label) => {
    expect(valueOf(invoice('Invoice #', 'Date', label), 'docTotal')).toBe('2250.00');
  });

  it('reads PO, AFE, due date, remit-to and purchaser, and never a due date as the invoice date', () => {
    const pages = [
      page([
        [50, 40, 'Mesa Valve Supply Inc.', 16],
        [350, 60, 'Due Date:'],
        [450, 60, 'February 14, 2026'],
        [350, 75, 'Invoice Date:'],
        [450, 75, '15-Jan-2026'],
        [350, 90, 'P.O. Number:'],
        [450, 90, '4500012345'],
        [350, 105, 'AFE No'],
        [450, 105, 'AFE-2026-017'],
        [350, 120, 'Invoice #'],
        [450, 120, '88123'],
        [50, 160, 'Sold To'],
        [300, 160, 'Remit To:'],
        [50, 174, 'Diamondback Energy Inc.'],
        [300, 174, 'Mesa Valve Supply Inc.'],
        [50, 188, '500 Main St'],
        [300, 188, 'P.O. Box 1200'],
        [300, 202, 'Midland, TX 79702'],
        [400, 300, 'Amount Due'],
        [500, 300, '1.234,56 USD'],
      ]),
    ];
    const values = Object.fromEntries(
      proposeMetadata(93, pages).values.map((v) => [v.key, v.value]),
    );
    expect(values).toMatchObject({
      docDueDate: '2026-02-14',
      docInvoiceDate: '2026-01-15',
      docPONumber: '4500012345',
      docAFE: 'AFE-2026-017',
      docNumber: '88123',
      docARPurchaserName: 'Diamondback Energy Inc.',
      docARCompany: 'Mesa Valve Supply Inc.',
      remitTo: 'Mesa Valve Supply Inc., P.O. Box 1200, Midland, TX 79702',
      docTotal: '1234.56',
    });
  });

  it('reads a value printed under its label (boxed header)', () => {
    const pages = [
      page([
        [50, 30, 'Basin Well Services LLC', 16],
        [50, 80, 'Invoice Number'],
        [200, 80, 'Invoice Date'],
        [350, 80, 'PO #'],
        [50, 96, 'BW-20931'],
        [200, 96, '2026-03-09'],
        [350, 96, 'PO-88812'],
        [400, 300, 'Total'],
        [500, 300, '980.00'],
      ]),
    ];
    const values = Object.fromEntries(
      proposeMetadata(93, pages).values.map((v) => [v.key, v.value]),
    );
    expect(values).toMatchObject({
      docNumber: 'BW-20931',
      docInvoiceDate: '2026-03-09',
      docPONumber: 'PO-88812',
      docTotal: '980.00',
    });
  });

  it('takes an unlabelled address block under the letterhead for the purchaser, never a heading', () => {
    const letter = (heading: string | null) => [
      page([
        [200, 30, 'PECOS CHEMICAL SOLUTIONS, LLC', 14],
        [150, 50, '12 Main St * Odessa, TX 79761'],
        ...(heading ? ([[60, 86, heading]] as Run[]) : []),
        [60, 100, 'Ward County Minerals LLC'],
        [370, 100, 'Invoice No: PC-5512'],
        [60, 113, '500 W Texas Ave'],
        [60, 126, 'Midland, TX 79701'],
        [400, 300, 'Total:'],
        [500, 300, '980.00'],
      ]),
    ];
    expect(valueOf(letter(null), 'docARPurchaserName')).toBe('Ward County Minerals LLC');
    expect(valueOf(letter('Charged To:'), 'docARPurchaserName')).toBe('Ward County Minerals LLC');
    // Without the city line it is not an address block: nothing is guessed.
    const noCity = letter(null);
    noCity[0]!.words = noCity[0]!.words.filter(
      (w) => !['Midland,', 'TX', '79701'].includes(w.text) || w.y < 120,
    );
    expect(valueOf(noCity, 'docARPurchaserName')).toBeUndefined();
  });
});

describe('value formats', () => {
  it.each([
    ['01/15/2026', '2026-01-15'],
    ['1/5/26', '2026-01-05'],
    ['2026-01-15', '2026-01-15'],
    ['January 5, 2026', '2026-01-05'],
    ['Jan. 5, 2026', '2026-01-05'],
    ['05-Jan-2026', '2026-01-05'],
    ['5 January 2026', '2026-01-05'],
    ['16 March 2025', '2025-03-16'],
    ['25.12.2026', '2026-12-25'],
    ['25/12/2026', '2026-12-25'],
    ['Sept 30, 2025', '2025-09-30'],
  ])('parses the date %s', (text, iso) => {
    expect(parseDate(text)?.value).toBe(iso);
  });
  it.each(['02/30/2026', '13/13/2026', 'Net 30', '12345'])('refuses %s as a date', (text) => {
    expect(parseDate(text)).toBeNull();
  });
  it.each([
    ['$1,234.56', '1234.56'],
    ['1.234,56 USD', '1234.56'],
    ['USD 1,234.56', '1234.56'],
    ['(1,234.56)', '-1234.56'],
    ['1234.56-', '-1234.56'],
    ['$ 980', '980.00'],
    ['1 234.56', '1234.56'],
  ])('parses the amount %s', (text, value) => {
    expect(parseAmount(text)?.value).toBe(value);
  });
  it.each(['12,34,5', 'abc', '1.2.3,4,5'])('refuses %s as an amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
  it.each([
    ['0.00390625', '0.00390625'],
    ['.125', '0.125'],
    ['12.5%', '0.125'],
  ])('parses the decimal interest %s', (text, value) => {
    expect(parseDecimalInterest(text)?.value).toBe(value);
  });
  it('refuses a decimal interest above 1', () => {
    expect(parseDecimalInterest('1.25')).toBeNull();
  });
});

describe('OCR slips in names', () => {
  it('reads a zero among letters as O, and leaves numbers alone', () => {
    expect(repairOcrName('Lone Star Hot 0il Supply, P.0. Box 6413')).toBe(
      'Lone Star Hot Oil Supply, P.O. Box 6413',
    );
    expect(repairOcrName('Hutto Unit #10H, Suite 200')).toBe('Hutto Unit #10H, Suite 200');
  });

  it('repairs a scanned vendor name but never a text layer', () => {
    const pages = (source: 'text' | 'ocr') => [
      page(
        [
          [50, 30, 'Chisholm 0il Services LLC', 16],
          [400, 90, 'Invoice No: CW-10442'],
          [400, 300, 'Total: 980.00'],
        ],
        { source, confidence: 0.95 },
      ),
    ];
    expect(valueOf(pages('ocr'), 'docARCompany')).toBe('Chisholm Oil Services LLC');
    expect(valueOf(pages('text'), 'docARCompany')).toBe('Chisholm 0il Services LLC');
  });
});

describe('OCR confusions', () => {
  it('repairs O, l and S inside numbers, with a lower quality', () => {
    const amount = parseAmount('$1,2O4.5O');
    expect(amount?.value).toBe('1204.50');
    expect(amount!.quality).toBeLessThan(1);
    expect(parseAmount('l,OS0.00')?.value).toBe('1050.00');
    expect(parseDate('O1/l5/2O26')?.value).toBe('2026-01-15');
    expect(parseDate('August 3,.2026')?.value).toBe('2026-08-03');
    expect(parseDate('Sep-10, 2026')?.value).toBe('2026-09-10');
    expect(parseAmount('15:262,90 USD')?.value).toBe('15262.90');
    expect(parseAmount('135583. 76.')?.value).toBe('135583.76');
  });
  it('repairs identifiers read by OCR but keeps a letter prefix, and leaves a text layer alone', () => {
    expect(parseIdentifier('INV-1OO5', true)?.value).toBe('INV-1005');
    expect(parseIdentifier('ODS565724', true)?.value).toBe('ODS565724');
    expect(parseIdentifier('D26-4l19', true)?.value).toBe('D26-4119');
    expect(parseIdentifier('S1234', false)?.value).toBe('S1234');
  });
  it('reads a scanned page with lower confidence than the same text layer', () => {
    const text = proposeMetadata(93, invoice('Invoice #', 'Date', 'Total')).values;
    const scan = invoice('Invoice #', 'Date', 'Total').map((p) => ({
      ...p,
      source: 'ocr' as const,
      words: p.words.map((w) => ({ ...w, confidence: 0.6 })),
    }));
    const scanned = proposeMetadata(93, scan).values;
    const conf = (vs: typeof text, key: string) => vs.find((v) => v.key === key)!.confidence;
    expect(conf(scanned, 'docNumber')).toBeLessThan(conf(text, 'docNumber'));
  });
  it('straightens a page scanned at an angle before grouping lines', () => {
    const tilt = Math.tan((2 * Math.PI) / 180);
    const pages = invoice('Invoice Number', 'Invoice Date', 'Total').map((p) => ({
      ...p,
      words: p.words.map((w) => ({ ...w, y: w.y + w.x * tilt })),
    }));
    const values = Object.fromEntries(
      proposeMetadata(93, pages).values.map((v) => [v.key, v.value]),
    );
    expect(values).toMatchObject({
      docNumber: 'CW-10442',
      docInvoiceDate: '2026-01-15',
      docTotal: '2250.00',
    });
  });
});

describe('line items and totals', () => {
  it('reads the table rows by the header columns', () => {
    const { lineItems } = proposeMetadata(93, invoice('Invoice #', 'Date', 'Total'));
    expect(lineItems.map(({ confidence: _, ...l }) => l)).toEqual([
      { description: 'Wireline unit', quantity: '2', unitPrice: '1000', amount: '2000.00' },
      { description: 'Mileage', quantity: '100', unitPrice: '2.5', amount: '250.00' },
    ]);
  });
  it('is surer of a total that equals the sum of the lines', () => {
    const good = proposeMetadata(93, invoice('Invoice #', 'Date', 'Total')).values;
    const bad = invoice('Invoice #', 'Date', 'Total');
    bad[0]!.words.find((w) => w.text === '$2,250.00')!.text = '$2,950.00';
    const off = proposeMetadata(93, bad).values;
    const total = (vs: typeof good) => vs.find((v) => v.key === 'docTotal')!;
    expect(total(off).value).toBe('2950.00');
    expect(total(good).confidence).toBeGreaterThan(total(off).confidence);
  });
  it('takes the total, not the subtotal, and totals from the last page', () => {
    const pages = [
      page([
        [50, 40, 'Pecos Chemical Company', 16],
        [400, 80, 'Invoice No.'],
        [490, 80, '7781'],
        [400, 700, 'Page Total'],
        [500, 700, '100.00'],
      ]),
      page(
        [
          [400, 300, 'Subtotal'],
          [500, 300, '1,000.00'],
          [400, 315, 'Sales Tax'],
          [500, 315, '82.50'],
          [400, 330, 'Grand Total'],
          [500, 330, '1,082.50'],
        ],
        { n: 2 },
      ),
    ];
    expect(valueOf(pages, 'docTotal')).toBe('1082.50');
  });
});

describe('division orders', () => {
  it('reads owner, property, well, decimal interest and effective date', () => {
    const pages = [
      page([
        [200, 40, 'DIVISION ORDER', 16],
        [50, 100, 'Owner Name:'],
        [200, 100, 'Margaret A. Whitfield'],
        [50, 116, 'Property:'],
        [200, 116, 'Blackwell Lease'],
        [50, 132, 'Well:'],
        [200, 132, 'Blackwell State #12H'],
        [50, 148, 'Net Revenue Interest:'],
        [200, 148, '0.00390625'],
        [50, 164, 'Effective Date:'],
        [200, 164, 'January 1, 2026'],
      ]),
    ];
    const values = Object.fromEntries(
      proposeMetadata(87, pages).values.map((v) => [v.key, v.value]),
    );
    expect(values).toEqual({
      docOwnerName: 'Margaret A. Whitfield',
      docPropertyName: 'Blackwell Lease',
      docWellName: 'Blackwell State #12H',
      docDecimalInterest: '0.00390625',
      docEffectiveDate: '2026-01-01',
    });
  });
});

describe('thresholds', () => {
  it('never proposes a value below the threshold, nor a field the type does not have', () => {
    const vague = [
      page(
        [
          [50, 40, 'Total'],
          [90, 40, '12.00'],
          [50, 400, 'some words 03/04/2026 here'],
        ],
        { source: 'ocr', confidence: 0.2 },
      ),
    ];
    for (const v of proposeMetadata(93, vague).values)
      expect(v.confidence).toBeGreaterThanOrEqual(PROPOSAL_THRESHOLD);
    const keys = proposeMetadata(87, invoice('Invoice #', 'Date', 'Total')).values.map(
      (v) => v.key,
    );
    expect(keys).not.toContain('docNumber');
    expect(proposeMetadata(6, invoice('Invoice #', 'Date', 'Total'))).toEqual({
      values: [],
      lineItems: [],
    });
  });
});

describe('document-type detection', () => {
  const doc = (...lines: string[]) => [page(lines.map((t, i): Run => [50, 40 + i * 16, t]))];
  it.each([
    [
      93,
      null,
      doc(
        'INVOICE',
        'Invoice Number: 1234',
        'Bill To: Apache',
        'Subtotal 10.00',
        'Amount Due 10.00',
      ),
    ],
    [
      87,
      null,
      doc(
        'DIVISION ORDER',
        'Owner Name: Jo',
        'Decimal Interest 0.0125',
        'The undersigned certifies the ownership',
      ),
    ],
    [
      94,
      null,
      doc(
        'PENDING DIVISION ORDER',
        'Owner Name: Jo',
        'Decimal Interest 0.0125',
        'Effective Date 1/1/2026',
      ),
    ],
    [
      89,
      null,
      doc('RUN STATEMENT', 'Gross Volume 180 BBL', 'API Gravity 41.2', 'Check Number 1234'),
    ],
    [
      90,
      null,
      doc('Form 1099-MISC', "PAYER'S TIN 12-345", "RECIPIENT'S name", 'Royalties 1,200.00'),
    ],
    [
      91,
      null,
      doc(
        'OWNER STATEMENT',
        'Production Month 01/2026',
        'Severance Tax 12.00',
        'Owner Net 1,000.00',
        'Check Number 1',
      ),
    ],
    [
      6,
      1,
      doc(
        'Form W-9',
        'Request for Taxpayer Identification Number and Certification',
        'Backup withholding',
      ),
    ],
    [
      null,
      2,
      doc(
        'ACORD 25',
        'CERTIFICATE OF LIABILITY INSURANCE',
        'CERTIFICATE HOLDER',
        'INSURER A: Travelers',
        'GENERAL LIABILITY',
      ),
    ],
  ])('detects type %s (legal %s)', (typeId, legalId, pages) => {
    const detected = detectDocumentType(pages);
    expect(detected.documentTypeId).toBe(typeId);
    expect(detected.legalDocumentTypeId).toBe(legalId);
    expect(detected.confidence).toBeGreaterThanOrEqual(DETECTION_THRESHOLD);
  });
  it('suggests nothing for a page without evidence', () => {
    expect(detectDocumentType(doc('Meeting notes', 'Lunch at noon'))).toMatchObject({
      documentTypeId: null,
      legalDocumentTypeId: null,
    });
    expect(detectDocumentType([])).toMatchObject({ documentTypeId: null, confidence: 0 });
  });
});
