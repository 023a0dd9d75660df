import { itemAppliesOn, itemCodeKey, versionInForce, type PriceTier } from './price-books';

/**
 * The three-way match (issue 32 item 4; docs/price-books.md 'Three-way match'): each invoice line
 * against the field-ticket lines it bills and the price book in force on the service date, within
 * the receiving company's tolerances. Pure: the server gathers tickets and books and stores the
 * verdicts. All arithmetic is on scaled integers (4 decimals), so every tolerance edge is exact.
 */

export const matchVerdicts = ['matched', 'priceDiffers', 'noTicket', 'quantityOverTicket'] as const;
export type MatchVerdict = (typeof matchVerdicts)[number];

export const matchVerdictLabels: Record<MatchVerdict, string> = {
  matched: 'Matched',
  priceDiffers: 'Price differs',
  noTicket: 'No ticket',
  quantityOverTicket: 'Quantity over ticket',
};

/** An Administrator's tolerances: quantity ±x %, unit price ±$y, invoice total ±z %. */
export interface MatchTolerances {
  quantityPercent: string;
  priceAmount: string;
  totalPercent: string;
}

/** Strict unless an Administrator loosens them: a cent of rounding on the unit price only. */
export const DEFAULT_MATCH_TOLERANCES: MatchTolerances = {
  quantityPercent: '0',
  priceAmount: '0.01',
  totalPercent: '0',
};

export interface InvoiceLineToMatch {
  lineNumber: number;
  itemCode: string | null;
  uom: string | null;
  quantity: string | null;
  unitPrice: string | null;
  amount: string | null;
  afe: string | null;
  /** The line's service date (ISO), else the invoice's. */
  serviceDate: string | null;
}

export interface TicketLineToMatch {
  ticketNumber: string;
  itemCode: string;
  uom: string;
  quantity: string;
  afe: string | null;
  serviceDate: string;
}

export interface PriceBookItemToMatch {
  itemCode: string;
  uom: string;
  unitPrice: string;
  tiers: PriceTier[];
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

export interface PriceBookVersionToMatch {
  id: number;
  priceBookId: number;
  versionNumber: number;
  effectiveFrom: string;
  effectiveTo: string | null;
  items: PriceBookItemToMatch[];
}

export interface LineMatch {
  lineNumber: number;
  verdict: MatchVerdict;
  /** Why, in words an AP clerk acts on ('' when matched). */
  reason: string;
  /** The book's unit price for the line's quantity on its date, when the book has the item. */
  expectedUnitPrice: string | null;
  /** The price book version used, when one was in force. */
  versionId: number | null;
  /** The tickets whose lines the line was matched against. */
  ticketNumbers: string[];
  /** What was left to bill on those ticket lines before this line (null without tickets). */
  ticketQuantity?: string | null;
  /**
   * No ticket line on the line's AFE, but the billed tickets carry the item on another AFE (a
   * coding mistake the AP clerk fixes on the line): those AFEs and tickets.
   */
  otherAfe?: { afes: string[]; ticketNumbers: string[] } | null;
}

export interface InvoiceMatch {
  verdict: 'matched' | 'exceptions';
  lines: LineMatch[];
  /** Each reason the invoice is not matched, line by line, then the total's. */
  reasons: string[];
  /** Σ quantity × book price (canonical, 2 decimals) when every line had a book price. */
  expectedTotal: string | null;
}

// ── scaled decimals ─────────────────────────────────────────────────────────────────────────────

const SCALE = 10_000n;
const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,4})\d*)?$/;

/** '12.5' → 125000n (4 decimals, digits past the 4th dropped); null when it is not a decimal. */
export function toScaled(value: string | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const m = DECIMAL.exec(value.trim().replace(/[$,]/g, ''));
  if (!m) return null;
  const scaled = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(4, '0'));
  return m[1] ? -scaled : scaled;
}

/** 125000n → '12.50' (at least two decimals, up to four). */
export function fromScaled(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / SCALE;
  const fraction = String(abs % SCALE)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${negative ? '-' : ''}${whole}.${fraction.length < 2 ? fraction.padEnd(2, '0') : fraction}`;
}

const abs = (v: bigint) => (v < 0n ? -v : v);
/** a × b for two scaled values, still scaled (rounded half up). */
const times = (a: bigint, b: bigint) => (a * b + SCALE / 2n) / SCALE;

/** Whether `actual` is over `allowed` by more than `percent` % (all scaled). */
const overByMoreThan = (actual: bigint, allowed: bigint, percent: bigint) =>
  actual * 100n * SCALE > allowed * (100n * SCALE + percent);

/** Differs from `expected` by more than `percent` % of it, either way. */
const outsidePercent = (actual: bigint, expected: bigint, percent: bigint) =>
  abs(actual - expected) * 100n * SCALE > abs(expected) * percent;

// ── the rule ────────────────────────────────────────────────────────────────────────────────────

/** The unit price for a quantity: the highest tier the quantity reaches, else the base price. */
export function bookUnitPrice(item: PriceBookItemToMatch, quantity: bigint | null): bigint | null {
  let price = toScaled(item.unitPrice);
  if (quantity === null) return price;
  for (const tier of item.tiers) {
    const min = toScaled(tier.minQuantity);
    if (min !== null && quantity >= min) price = toScaled(tier.unitPrice);
  }
  return price;
}

const sameText = (a: string | null, b: string | null) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** The book item for the line on its date (same code and unit), with its version. */
export function findBookItem(
  versions: PriceBookVersionToMatch[],
  itemCode: string,
  uom: string | null,
  day: string,
): { version: PriceBookVersionToMatch; item: PriceBookItemToMatch } | null {
  const version = versionInForce(versions, day);
  if (!version) return null;
  const key = itemCodeKey(itemCode);
  const item = version.items.find(
    (i) =>
      itemCodeKey(i.itemCode) === key &&
      (uom === null || uom.trim() === '' || sameText(i.uom, uom)) &&
      itemAppliesOn(i, day),
  );
  return item ? { version, item } : null;
}

export interface MatchInput {
  lines: InvoiceLineToMatch[];
  /** The lines of the tickets the invoice bills; ignored when `withTickets` is false. */
  ticketLines: TicketLineToMatch[];
  /** The versions of the price book(s) between the two companies. */
  priceBook: PriceBookVersionToMatch[];
  tolerances: MatchTolerances;
  /** The invoice's total (canonical decimal), checked against Σ quantity × book price. */
  invoiceTotal: string | null;
  /** false: an invoice without tickets is checked against the price book only. */
  withTickets: boolean;
}

/**
 * Matches every line. Ticket quantities are shared out in line order: two invoice lines billing
 * the same ticket line together may not bill more than it (plus the quantity tolerance).
 */
export function matchInvoice(input: MatchInput): InvoiceMatch {
  const qtyTolerance = toScaled(input.tolerances.quantityPercent) ?? 0n;
  const priceTolerance = toScaled(input.tolerances.priceAmount) ?? 0n;
  const totalTolerance = toScaled(input.tolerances.totalPercent) ?? 0n;
  const remaining = input.ticketLines.map((t) => ({ line: t, left: toScaled(t.quantity) ?? 0n }));
  let expectedTotal: bigint | null = 0n;

  const lines = input.lines.map((line): LineMatch => {
    const result = (verdict: MatchVerdict, reason: string, extra: Partial<LineMatch> = {}) => ({
      lineNumber: line.lineNumber,
      verdict,
      reason,
      expectedUnitPrice: null,
      versionId: null,
      ticketNumbers: [],
      ...extra,
    });
    const code = (line.itemCode ?? '').trim();
    const quantity = toScaled(line.quantity);
    const unitPrice = toScaled(line.unitPrice);
    if (code === '') {
      expectedTotal = null;
      return result(
        input.withTickets ? 'noTicket' : 'priceDiffers',
        `Line ${line.lineNumber} has no item code`,
      );
    }

    let ticketNumbers: string[] = [];
    let day = line.serviceDate;
    if (input.withTickets) {
      const candidates = remaining.filter(
        (r) =>
          itemCodeKey(r.line.itemCode) === itemCodeKey(code) &&
          sameText(r.line.uom, line.uom) &&
          (line.afe === null || r.line.afe === null || sameText(r.line.afe, line.afe)),
      );
      if (candidates.length === 0) {
        expectedTotal = null;
        const elsewhere = remaining.filter(
          (r) =>
            itemCodeKey(r.line.itemCode) === itemCodeKey(code) &&
            sameText(r.line.uom, line.uom) &&
            r.line.afe !== null,
        );
        return result(
          'noTicket',
          `No ticket line for ${code}${line.afe ? ` on AFE ${line.afe}` : ''}`,
          line.afe !== null && elsewhere.length > 0
            ? {
                otherAfe: {
                  afes: [...new Set(elsewhere.map((r) => r.line.afe!))],
                  ticketNumbers: [...new Set(elsewhere.map((r) => r.line.ticketNumber))],
                },
              }
            : {},
        );
      }
      ticketNumbers = [...new Set(candidates.map((c) => c.line.ticketNumber))];
      day = day ?? candidates[0]!.line.serviceDate;
      const available = candidates.reduce((sum, c) => sum + c.left, 0n);
      const billed = quantity ?? 0n;
      if (overByMoreThan(billed, available, qtyTolerance)) {
        expectedTotal = null;
        return result(
          'quantityOverTicket',
          `${code}: ${fromScaled(billed)} billed, ${fromScaled(available)} on ticket ${ticketNumbers.join(', ')}`,
          { ticketNumbers, ticketQuantity: fromScaled(available) },
        );
      }
      let toTake = billed;
      for (const c of candidates) {
        const take = toTake < c.left ? toTake : c.left;
        c.left -= take;
        toTake -= take;
      }
    }

    if (day === null) {
      expectedTotal = null;
      return result('priceDiffers', `Line ${line.lineNumber} has no service date`, {
        ticketNumbers,
      });
    }
    const found = findBookItem(input.priceBook, code, line.uom, day);
    if (!found) {
      expectedTotal = null;
      return result('priceDiffers', `${code} is not in the price book in force on ${day}`, {
        ticketNumbers,
      });
    }
    const expected = bookUnitPrice(found.item, quantity);
    const extra = {
      ticketNumbers,
      versionId: found.version.id,
      expectedUnitPrice: expected === null ? null : fromScaled(expected),
    };
    if (expectedTotal !== null && expected !== null && quantity !== null) {
      expectedTotal += times(quantity, expected);
    } else expectedTotal = null;
    if (expected === null || unitPrice === null || abs(unitPrice - expected) > priceTolerance) {
      return result(
        'priceDiffers',
        `${code}: ${unitPrice === null ? 'no unit price' : fromScaled(unitPrice)} billed, ${
          expected === null ? '?' : fromScaled(expected)
        } in price book version ${found.version.versionNumber}`,
        extra,
      );
    }
    return result('matched', '', extra);
  });

  const reasons = lines.filter((l) => l.verdict !== 'matched').map((l) => l.reason);
  const total = toScaled(input.invoiceTotal);
  const expected = expectedTotal as bigint | null;
  if (reasons.length === 0 && expected !== null && total !== null) {
    if (outsidePercent(total, expected, totalTolerance)) {
      reasons.push(
        `Invoice total ${fromScaled(total)} differs from ${fromScaled(expected)} at book prices`,
      );
    }
  }
  return {
    verdict: reasons.length === 0 ? 'matched' : 'exceptions',
    lines,
    reasons,
    expectedTotal: expected === null ? null : fromScaled(((expected + 50n) / 100n) * 100n),
  };
}

/**
 * A line typed from a price book item (line entry's type-ahead): the code leads the description,
 * the unit price is the book's for the quantity (tiers included, quantity 1 when none yet) and the
 * amount is quantity × price in cents.
 */
export function lineFromBookItem(
  item: PriceBookItemToMatch & { description: string },
  quantityText: string | null,
): { description: string; quantity: string; unitPrice: string; amount: string } {
  const quantity = toScaled(quantityText) ?? SCALE;
  const price = bookUnitPrice(item, quantity) ?? 0n;
  const cents = (times(quantity, price) + 50n) / 100n;
  return {
    description: `${item.itemCode} ${item.description}`,
    quantity: quantityText && toScaled(quantityText) !== null ? quantityText : '1',
    unitPrice: item.unitPrice === fromScaled(price) ? item.unitPrice : fromScaled(price),
    amount: fromScaled(cents * 100n),
  };
}
