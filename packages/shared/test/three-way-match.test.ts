// Issue 32 item 4 (pure part): every tolerance edge, tiers, effective dates, ticket sharing.
import { describe, expect, it } from 'vitest';
import {
  bookUnitPrice,
  lineFromBookItem,
  fromScaled,
  matchInvoice,
  toScaled,
  type InvoiceLineToMatch,
  type MatchInput,
  type PriceBookVersionToMatch,
  type TicketLineToMatch,
} from '../src/index';

const book: PriceBookVersionToMatch[] = [
  {
    id: 1,
    priceBookId: 9,
    versionNumber: 1,
    effectiveFrom: '2026-01-01',
    effectiveTo: null,
    items: [
      {
        itemCode: 'VAC-130',
        uom: 'HR',
        unitPrice: '95.00',
        tiers: [],
        effectiveFrom: null,
        effectiveTo: null,
      },
      {
        itemCode: 'HOT-OIL',
        uom: 'HR',
        unitPrice: '140.00',
        tiers: [
          { minQuantity: '8', unitPrice: '130.00' },
          { minQuantity: '24', unitPrice: '120.00' },
        ],
        effectiveFrom: null,
        effectiveTo: null,
      },
      {
        itemCode: 'FW-BBL',
        uom: 'BBL',
        unitPrice: '1.25',
        tiers: [],
        effectiveFrom: '2026-02-01',
        effectiveTo: '2026-02-28',
      },
    ],
  },
  {
    id: 2,
    priceBookId: 9,
    versionNumber: 2,
    effectiveFrom: '2026-04-01',
    effectiveTo: null,
    items: [
      {
        itemCode: 'VAC-130',
        uom: 'HR',
        unitPrice: '99.00',
        tiers: [],
        effectiveFrom: null,
        effectiveTo: null,
      },
    ],
  },
];

const line = (over: Partial<InvoiceLineToMatch> = {}): InvoiceLineToMatch => ({
  lineNumber: 1,
  itemCode: 'VAC-130',
  uom: 'HR',
  quantity: '10',
  unitPrice: '95.00',
  amount: '950.00',
  afe: 'AFE-1',
  serviceDate: '2026-03-01',
  ...over,
});
const ticket = (over: Partial<TicketLineToMatch> = {}): TicketLineToMatch => ({
  ticketNumber: 'FT-1',
  itemCode: 'VAC-130',
  uom: 'HR',
  quantity: '10',
  afe: 'AFE-1',
  serviceDate: '2026-03-01',
  ...over,
});

function run(over: Partial<MatchInput> = {}) {
  return matchInvoice({
    lines: [line()],
    ticketLines: [ticket()],
    priceBook: book,
    tolerances: { quantityPercent: '0', priceAmount: '0', totalPercent: '0' },
    invoiceTotal: '950.00',
    withTickets: true,
    ...over,
  });
}
const verdicts = (over: Partial<MatchInput>) => run(over).lines.map((l) => l.verdict);

describe('scaled decimals', () => {
  it('reads and writes four decimals exactly', () => {
    expect(toScaled('1.2345')).toBe(12345n);
    expect(toScaled('$1,000')).toBe(10_000_000n);
    expect(toScaled('-0.5')).toBe(-5000n);
    expect(toScaled('abc')).toBeNull();
    expect(fromScaled(12500n)).toBe('1.25');
    expect(fromScaled(12345n)).toBe('1.2345');
    expect(fromScaled(950_0000n)).toBe('950.00');
  });
});

describe('a matched invoice', () => {
  it('same item, unit, AFE, quantity and the book price → matched, with the ticket and version', () => {
    const result = run();
    expect(result.verdict).toBe('matched');
    expect(result.lines[0]).toEqual({
      lineNumber: 1,
      verdict: 'matched',
      reason: '',
      expectedUnitPrice: '95.00',
      versionId: 1,
      ticketNumbers: ['FT-1'],
    });
    expect(result.expectedTotal).toBe('950.00');
  });
});

describe('no ticket', () => {
  it('another item, another unit or another AFE has no ticket line', () => {
    expect(verdicts({ ticketLines: [ticket({ itemCode: 'HOT-OIL' })] })).toEqual(['noTicket']);
    expect(verdicts({ ticketLines: [ticket({ uom: 'DAY' })] })).toEqual(['noTicket']);
    expect(verdicts({ ticketLines: [ticket({ afe: 'AFE-2' })] })).toEqual(['noTicket']);
    expect(verdicts({ ticketLines: [] })).toEqual(['noTicket']);
    expect(run({ ticketLines: [] }).reasons).toEqual(['No ticket line for VAC-130 on AFE AFE-1']);
  });
  it('names the AFE the tickets carry the item on when the line is coded to another', () => {
    const other = run({ ticketLines: [ticket({ afe: 'AFE-2' })] }).lines[0]!;
    expect(other.otherAfe).toEqual({ afes: ['AFE-2'], ticketNumbers: ['FT-1'] });
    // Another item on another AFE is no hint; nor is a ticket without AFE (it would match).
    expect(
      run({ ticketLines: [ticket({ afe: 'AFE-2', itemCode: 'HOT-OIL' })] }).lines[0]!.otherAfe,
    ).toBeUndefined();
  });
  it('codes and units compare case-insensitively; a line without AFE matches any', () => {
    expect(verdicts({ ticketLines: [ticket({ itemCode: 'vac-130', uom: 'hr' })] })).toEqual([
      'matched',
    ]);
    expect(verdicts({ lines: [line({ afe: null })] })).toEqual(['matched']);
  });
});

describe('quantity ±x %', () => {
  const tol = (quantityPercent: string) => ({
    quantityPercent,
    priceAmount: '0',
    totalPercent: '100',
  });
  it('at exactly the tolerance is matched, a hair over is quantity over ticket', () => {
    expect(verdicts({ lines: [line({ quantity: '10.5' })], tolerances: tol('5') })).toEqual([
      'matched',
    ]);
    expect(verdicts({ lines: [line({ quantity: '10.5001' })], tolerances: tol('5') })).toEqual([
      'quantityOverTicket',
    ]);
    expect(verdicts({ lines: [line({ quantity: '10.0001' })], tolerances: tol('0') })).toEqual([
      'quantityOverTicket',
    ]);
    expect(run({ lines: [line({ quantity: '11' })], tolerances: tol('0') }).reasons).toEqual([
      'VAC-130: 11.00 billed, 10.00 on ticket FT-1',
    ]);
  });
  it('billing less than the ticket is matched (partial billing)', () => {
    expect(verdicts({ lines: [line({ quantity: '4' })], tolerances: tol('0') })).toEqual([
      'matched',
    ]);
  });
  it('two tickets add up; two lines share a ticket line, in line order', () => {
    const tickets = [ticket(), ticket({ ticketNumber: 'FT-2', quantity: '5' })];
    expect(
      verdicts({ lines: [line({ quantity: '15' })], ticketLines: tickets, tolerances: tol('0') }),
    ).toEqual(['matched']);
    expect(
      verdicts({
        lines: [line({ quantity: '8' }), line({ lineNumber: 2, quantity: '3' })],
        tolerances: tol('0'),
      }),
    ).toEqual(['matched', 'quantityOverTicket']);
  });
});

describe('price ±$y', () => {
  const tol = (priceAmount: string) => ({ quantityPercent: '0', priceAmount, totalPercent: '100' });
  it('at exactly $y either way is matched; a hundredth of a cent more differs', () => {
    expect(verdicts({ lines: [line({ unitPrice: '95.50' })], tolerances: tol('0.50') })).toEqual([
      'matched',
    ]);
    expect(verdicts({ lines: [line({ unitPrice: '94.50' })], tolerances: tol('0.50') })).toEqual([
      'matched',
    ]);
    expect(verdicts({ lines: [line({ unitPrice: '95.5001' })], tolerances: tol('0.50') })).toEqual([
      'priceDiffers',
    ]);
    expect(verdicts({ lines: [line({ unitPrice: '94.4999' })], tolerances: tol('0.50') })).toEqual([
      'priceDiffers',
    ]);
    expect(run({ lines: [line({ unitPrice: '96' })], tolerances: tol('0') }).reasons).toEqual([
      'VAC-130: 96.00 billed, 95.00 in price book version 1',
    ]);
  });
  it('tiers: the highest tier the quantity reaches', () => {
    const item = book[0]!.items[1]!;
    expect(bookUnitPrice(item, toScaled('7.9999'))).toBe(toScaled('140'));
    expect(bookUnitPrice(item, toScaled('8'))).toBe(toScaled('130'));
    expect(bookUnitPrice(item, toScaled('24'))).toBe(toScaled('120'));
    const hot = line({ itemCode: 'HOT-OIL', quantity: '8', unitPrice: '130.00' });
    expect(
      verdicts({
        lines: [hot],
        ticketLines: [ticket({ itemCode: 'HOT-OIL', quantity: '8' })],
        tolerances: tol('0'),
      }),
    ).toEqual(['matched']);
  });
  it('no unit price on the line differs', () => {
    expect(verdicts({ lines: [line({ unitPrice: null })] })).toEqual(['priceDiffers']);
  });
});

describe('effective dates', () => {
  it('the version in force on the service date: the first until the second starts', () => {
    expect(verdicts({ lines: [line({ serviceDate: '2026-03-31' })] })).toEqual(['matched']);
    expect(verdicts({ lines: [line({ serviceDate: '2026-04-01' })] })).toEqual(['priceDiffers']);
    expect(
      verdicts({
        lines: [line({ serviceDate: '2026-04-01', unitPrice: '99.00' })],
        invoiceTotal: '990.00',
      }),
    ).toEqual(['matched']);
  });
  it('before any version, or outside the item’s own dates, the item is not in the book', () => {
    expect(run({ lines: [line({ serviceDate: '2025-12-31' })] }).reasons).toEqual([
      'VAC-130 is not in the price book in force on 2025-12-31',
    ]);
    const water = (serviceDate: string) =>
      verdicts({
        lines: [
          line({ itemCode: 'FW-BBL', uom: 'BBL', quantity: '100', unitPrice: '1.25', serviceDate }),
        ],
        ticketLines: [ticket({ itemCode: 'FW-BBL', uom: 'BBL', quantity: '100' })],
        invoiceTotal: '125.00',
      });
    expect(water('2026-01-31')).toEqual(['priceDiffers']);
    expect(water('2026-02-01')).toEqual(['matched']);
    expect(water('2026-02-28')).toEqual(['matched']);
    expect(water('2026-03-01')).toEqual(['priceDiffers']);
  });
  it("a line without a date takes its ticket's service date", () => {
    expect(
      verdicts({
        lines: [line({ serviceDate: null })],
        ticketLines: [ticket({ serviceDate: '2026-05-01' })],
      }),
    ).toEqual(['priceDiffers']); // May: version 2 at 99.00
  });
});

describe('total ±z %', () => {
  const tol = (totalPercent: string) => ({ quantityPercent: '0', priceAmount: '0', totalPercent });
  it('at exactly z % is matched, beyond it the invoice is an exception with why', () => {
    expect(run({ invoiceTotal: '959.50', tolerances: tol('1') }).verdict).toBe('matched');
    expect(run({ invoiceTotal: '940.50', tolerances: tol('1') }).verdict).toBe('matched');
    const over = run({ invoiceTotal: '959.51', tolerances: tol('1') });
    expect(over.verdict).toBe('exceptions');
    expect(over.lines[0]!.verdict).toBe('matched');
    expect(over.reasons).toEqual(['Invoice total 959.51 differs from 950.00 at book prices']);
  });
});

describe('price book only (no tickets)', () => {
  it('checks the price against the book in force, tickets ignored', () => {
    const result = run({ withTickets: false, ticketLines: [] });
    expect(result.verdict).toBe('matched');
    expect(result.lines[0]!.ticketNumbers).toEqual([]);
    expect(verdicts({ withTickets: false, lines: [line({ unitPrice: '90' })] })).toEqual([
      'priceDiffers',
    ]);
    expect(verdicts({ withTickets: false, lines: [line({ itemCode: null })] })).toEqual([
      'priceDiffers',
    ]);
  });
});

describe('a line from a price book item', () => {
  const hot = { ...book[0]!.items[1]!, description: 'Hot oil unit' };
  it('leads with the code, prices by tier, amounts in cents', () => {
    expect(lineFromBookItem(hot, null)).toEqual({
      description: 'HOT-OIL Hot oil unit',
      quantity: '1',
      unitPrice: '140.00',
      amount: '140.00',
    });
    expect(lineFromBookItem(hot, '8.5')).toEqual({
      description: 'HOT-OIL Hot oil unit',
      quantity: '8.5',
      unitPrice: '130.00',
      amount: '1105.00',
    });
    const water = { ...book[0]!.items[2]!, unitPrice: '1.2345', description: 'Fresh water' };
    expect(lineFromBookItem(water, '3')).toMatchObject({ unitPrice: '1.2345', amount: '3.70' });
  });
});
