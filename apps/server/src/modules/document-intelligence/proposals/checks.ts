/**
 * The checks a careful clerk makes before trusting a value read from an invoice (issue 34 item 2,
 * docs/auto-extraction.md "Never confidently wrong"). Pure functions: each says whether a value
 * agrees with the rest of the page, can be repaired because the page proves what it must be, or
 * is refused. Amounts are compared in cents.
 */

const cents = (n: number) => Math.round(n * 100);
const sameCents = (a: number, b: number) => Math.abs(cents(a) - cents(b)) <= 1;

export type AmountVerdict =
  | { verdict: 'agrees'; value: number }
  | { verdict: 'repaired'; value: number; repair: 'decimal point' | 'currency sign' }
  | { verdict: 'contradicted'; value: number }
  | { verdict: 'unchecked'; value: number };

/**
 * A value OCR misread in a way the expected amount proves: the decimal point lost (5,624,037.00
 * for 56,240.37 — exactly 100×) or a '$' read as a digit in front (518,939.90 for 18,939.90).
 */
export function repairAmount(
  read: number,
  expected: number,
): { value: number; repair: 'decimal point' | 'currency sign' } | null {
  if (expected === 0 || Math.sign(read) !== Math.sign(expected)) return null;
  if (sameCents(read, expected * 100)) return { value: expected, repair: 'decimal point' };
  const digits = Math.abs(read).toFixed(2);
  // '$' is read as 5, 8, 3, 6, 9 or S (→ 5) by OCR: one digit too many in front.
  if (digits.length >= 5 && /^[35689]/.test(digits)) {
    const rest = Number(digits.slice(1));
    if (sameCents(rest, Math.abs(expected))) return { value: expected, repair: 'currency sign' };
  }
  return null;
}

/**
 * The invoice total against the sums it should equal (subtotal + tax + freight, subtotal + tax,
 * the subtotal when nothing is added, the lines' sum): agrees with one; repaired when a misread
 * explains the difference to one; contradicted when there is a sum and it is neither; unchecked
 * when the page prints nothing to check against.
 */
export function checkTotal(
  total: number,
  parts: {
    subtotal?: number | null;
    tax?: number | null;
    freight?: number | null;
    lineSum?: number | null;
  },
): AmountVerdict {
  const sums = expectedTotals(parts);
  if (sums.length === 0) return { verdict: 'unchecked', value: total };
  if (sums.some((s) => sameCents(s, total))) return { verdict: 'agrees', value: total };
  for (const s of sums) {
    const repaired = repairAmount(total, s);
    if (repaired) return { verdict: 'repaired', ...repaired };
  }
  return { verdict: 'contradicted', value: total };
}

/** What a total may equal, from the printed subtotal block and the lines. */
export function expectedTotals(parts: {
  subtotal?: number | null;
  tax?: number | null;
  freight?: number | null;
  lineSum?: number | null;
}): number[] {
  const out: number[] = [];
  const { subtotal, tax, freight, lineSum } = parts;
  for (const base of [subtotal, lineSum]) {
    if (base === null || base === undefined) continue;
    out.push(base + (tax ?? 0) + (freight ?? 0));
    if (tax) out.push(base + tax);
    if (freight) out.push(base + freight);
    out.push(base);
  }
  return [...new Set(out.map(cents))].map((c) => c / 100);
}

/** A line's amount against its quantity × unit price (within a cent), repaired when proven. */
export function checkLine(line: {
  quantity: number | null;
  unitPrice: number | null;
  amount: number;
}): AmountVerdict {
  if (line.quantity === null || line.unitPrice === null)
    return { verdict: 'unchecked', value: line.amount };
  const product = line.quantity * line.unitPrice;
  if (sameCents(product, line.amount)) return { verdict: 'agrees', value: line.amount };
  const repaired = repairAmount(line.amount, product);
  if (repaired)
    return { verdict: 'repaired', value: Math.round(product * 100) / 100, repair: repaired.repair };
  return { verdict: 'contradicted', value: line.amount };
}

/** Whether the lines add up to the printed subtotal (within a cent per line). */
export function linesAddUp(amounts: number[], subtotal: number): boolean {
  const sum = amounts.reduce((s, a) => s + cents(a), 0);
  return Math.abs(sum - cents(subtotal)) <= Math.max(1, amounts.length);
}

const DAY = 86_400_000;
/** An invoice is dated at most this long before it is uploaded… */
export const MAX_INVOICE_AGE_YEARS = 3;
/** …and at most this many days after (a post-dated invoice, a clock off by a little). */
export const MAX_INVOICE_DAYS_AHEAD = 45;

/**
 * An invoice date is plausible within a few years before the upload and a few weeks after: the
 * year 2005 read for 2025 is refused.
 */
export function plausibleInvoiceDate(iso: string, uploadedAt: Date): boolean {
  const t = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(t)) return false;
  const now = uploadedAt.getTime();
  return t >= now - MAX_INVOICE_AGE_YEARS * 365.25 * DAY && t <= now + MAX_INVOICE_DAYS_AHEAD * DAY;
}

/**
 * A scanned invoice date is filled only within a year before the upload: paper arrives and is
 * scanned within weeks, and a year misread by one digit ('2024' for '2025', the day and month
 * right) is OCR's commonest date slip — older scanned dates are proposed, not filled.
 */
export const MAX_SCANNED_INVOICE_AGE_DAYS = 366;
export function recentScannedDate(iso: string, uploadedAt: Date): boolean {
  const t = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(t) && t >= uploadedAt.getTime() - MAX_SCANNED_INVOICE_AGE_DAYS * DAY;
}

/** Digits a scan's OCR reads for one another (a year's last digit: '2028' for '2025'). */
const DIGIT_SLIPS: Record<string, string> = {
  '0': '869',
  '1': '74',
  '2': '73',
  '3': '859',
  '4': '91',
  '5': '6839',
  '6': '580',
  '7': '12',
  '8': '35609',
  '9': '84305',
};

/**
 * A scanned date whose year a misread last digit put after the upload ('24-Jul-2028' on an invoice
 * received in August 2025; the caller checks `afterUpload`): the year whose last digit OCR usually
 * confuses with the one read and that makes the date plausible — repaired only when exactly one
 * such year does (the day and the month as read). Returns null when none or several do: the date
 * is then refused as before.
 */
export function repairYear(iso: string, plausible: (iso: string) => boolean): string | null {
  const m = /^(\d{3})(\d)(-\d{2}-\d{2})$/.exec(iso);
  if (!m) return null;
  const found = [...(DIGIT_SLIPS[m[2]!] ?? '')]
    .map((d) => `${m[1]}${d}${m[3]}`)
    .filter((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && plausible(d));
  return found.length === 1 ? found[0]! : null;
}

/**
 * A date later than any invoice could be dated when it arrives (after the upload and its few weeks
 * of grace): only such a date is a misread year to repair. An old date is not — an invoice
 * scanned a year or more after it was dated is real, and '2025' must not become '2026'.
 */
export function afterUpload(iso: string, uploadedAt: Date, days = MAX_INVOICE_DAYS_AHEAD): boolean {
  const t = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(t) && t > uploadedAt.getTime() + days * DAY;
}

/** A due date is on or after the invoice date and within a year of it. */
export function plausibleDueDate(dueIso: string, invoiceIso: string | null): boolean {
  if (!invoiceIso) return true;
  const due = Date.parse(`${dueIso}T00:00:00Z`);
  const inv = Date.parse(`${invoiceIso}T00:00:00Z`);
  return due >= inv && due - inv <= 366 * DAY;
}

/** A due date standing alone (the invoice date unread or refused): within a few years of the upload. */
export function plausibleLoneDueDate(dueIso: string, uploadedAt: Date): boolean {
  const t = Date.parse(`${dueIso}T00:00:00Z`);
  if (Number.isNaN(t)) return false;
  const now = uploadedAt.getTime();
  return t >= now - MAX_INVOICE_AGE_YEARS * 365.25 * DAY && t <= now + 366 * DAY;
}

/**
 * Characters a scan confuses across the letter/digit line: O/D/Q and 0, I/L and 1, S and 5, B and
 * 8, Z and 2, G and 6.
 */
const LOOKALIKE_LETTERS = 'ODQILSBZG';
const LOOKALIKE_DIGITS = '015826';

/**
 * Whether a scanned identifier has a letter and a digit side by side where either may be the
 * other's look-alike ('HOB587678' — B or 8? S or 5?; 'ODS565724'; 'D24-7313'; '0DS664647'). A
 * single misread there still looks like an identifier, so no shape check can see it: such a value
 * is filled only when OCR read it very surely (issue 34 item 4). Separated parts ('INV-2025-001',
 * 'CC-2176', 'BW-15897') are not look-alike.
 */
export function hasLookalike(value: string): boolean {
  const v = value.toUpperCase();
  for (let i = 0; i + 1 < v.length; i++) {
    const a = v[i]!;
    const b = v[i + 1]!;
    const letterDigit = /[A-Z]/.test(a) && /\d/.test(b);
    const digitLetter = /\d/.test(a) && /[A-Z]/.test(b);
    if (!letterDigit && !digitLetter) continue;
    const [letter, digit] = letterDigit ? [a, b] : [b, a];
    if (LOOKALIKE_LETTERS.includes(letter) || LOOKALIKE_DIGITS.includes(digit)) return true;
  }
  return false;
}

/** How sure OCR must be of every word of a look-alike identifier for it to be filled. */
export const LOOKALIKE_SURE = 0.9;

/**
 * Whether an identifier (invoice number, PO, AFE) looks like one rather than OCR debris: mostly
 * digits, letters as a prefix or suffix group ('INV-2026-00417', 'ODS565724', 'D26-4119',
 * '4471A'), never lower-case letters mixed with digits from a scan ('gag1ig', 'l1Il'), and at
 * least two digits.
 */
export function looksLikeIdentifier(value: string, fromScan: boolean): boolean {
  const alnum = value.replace(/[^A-Za-z0-9]/g, '');
  const digits = (alnum.match(/\d/g) ?? []).length;
  if (alnum.length < 3 || digits < 2) return false;
  if (!/^[A-Za-z0-9][A-Za-z0-9\-/_.#]*$/.test(value)) return false;
  if (fromScan && /[a-z]/.test(value)) return false;
  // Runs of letters and digits: 'INV', '2026', '00417' is 3; 'g', 'a', 'g', '1', 'i', 'g' is debris.
  const runs = alnum.match(/[A-Za-z]+|\d+/g) ?? [];
  const letterRuns = runs.filter((r) => /[A-Za-z]/.test(r));
  if (letterRuns.length > 2) return false;
  return digits >= alnum.length / 2 || (letterRuns.length <= 1 && digits >= 3);
}

/** The least sure word of a value read by OCR decides how sure the value is (1 for a text layer). */
export function weakestWord(confidences: number[]): number {
  return confidences.length ? Math.min(...confidences) : 1;
}

/**
 * A scanned table row whose cells OCR garbled — '$1.26542' for $1,265.42 (the comma read as a
 * point, the point lost), 'S 62268', '$52452', a '$' read as a digit — reconciled by its own
 * arithmetic: every reading of each cell that OCR's usual slips allow (the cell as printed; its
 * digits with the last two as cents, since prices and amounts print cents; those digits without a
 * first one that was the '$') is tried, and the row is repaired only when exactly one combination
 * has quantity × unit price = amount within a cent. Quantities are read as printed, or with one
 * decimal when OCR lost its point ('25' for 2.5) — again only when the arithmetic proves it; a
 * quantity not read at all is 1 when the price is the amount; a credit's amount takes the sign
 * its quantity × price has when OCR lost the minus.
 * Returns null when the row cannot be proven (nothing is guessed).
 */
export function reconcileLine(cells: {
  quantity: string | null;
  unitPrice: string | null;
  amount: string | null;
  parse: (text: string) => number | null;
}): { quantity: number; unitPrice: number; amount: number; repaired: number } | null {
  const { quantity, unitPrice, amount, parse } = cells;
  if (!unitPrice || !amount) return null;
  // A quantity OCR did not read at all: 1 when the price is the amount (a credit, a lump sum).
  const qs = quantity ? readings(quantity, parse, 'quantity') : [{ value: 1, repaired: 1 }];
  const ps = readings(unitPrice, parse, 'money');
  // A credit's minus sign lost on one of its two cells ('2,157.83' beside '-$2,157.83').
  const as = readings(amount, parse, 'money').flatMap((a) => [
    a,
    { value: -a.value, repaired: a.repaired + 1 },
  ]);
  const found = new Map<string, { q: number; p: number; a: number; repaired: number }>();
  for (const q of qs)
    for (const p of ps)
      for (const a of as) {
        if (q.value === 0 || Math.abs(cents(q.value * p.value) - cents(a.value)) > 1) continue;
        const id = `${q.value}|${p.value}|${a.value}`;
        const repaired = q.repaired + p.repaired + a.repaired;
        const prior = found.get(id);
        if (!prior || repaired < prior.repaired)
          found.set(id, { q: q.value, p: p.value, a: a.value, repaired });
      }
  if (found.size === 0) return derivedQuantity(unitPrice, amount, ps, as);
  const sorted = [...found.values()].sort((x, y) => x.repaired - y.repaired);
  // Two different rows equally explained: the page does not prove either.
  if (sorted.length > 1 && sorted[1]!.repaired === sorted[0]!.repaired) return null;
  const best = sorted[0]!;
  return { quantity: best.q, unitPrice: best.p, amount: best.a, repaired: best.repaired };
}

/** A money cell read with its cents as printed ('1,122.66', '(7.50)', '12,50-'). */
export const readWithCents = (text: string) => /\d[.,]\d{2}\)?-?$/.test(text.trim());

/**
 * A row whose quantity OCR lost or misread ('1' for 11, nothing for 5) while its unit price and
 * amount were read: the quantity is amount ÷ price when that is a whole or half unit (0.5–999)
 * and gives the amount to the cent — a misread price or amount almost never divides to such a
 * quantity exactly. Each of price and amount is read with its cents as printed, or — when no cents
 * were read ('1301234', '1.10026': the point lost, a comma read as one) — only as its digits in
 * cents: taken whole, '720535' divides to a round 500, a quantity 100× off. One answer only.
 */
function derivedQuantity(
  priceText: string,
  amountText: string,
  ps: { value: number; repaired: number }[],
  as: { value: number; repaired: number }[],
): { quantity: number; unitPrice: number; amount: number; repaired: number } | null {
  // Read as printed (0), as its digits in cents (1, readings() makes it), or not at all (-1).
  // Bare digits stand for cents only with a separator misplaced or five digits and more: '$500'
  // may be printed without cents.
  const repairsOf = (text: string) => {
    const t = text.trim();
    if (readWithCents(t)) return 0;
    if (!/^[-($]*\d[\d.,]{2,}\)?-?$/.test(t)) return -1;
    return /[.,]/.test(t) || t.replace(/\D/g, '').length >= 5 ? 1 : -1;
  };
  const priceRepairs = repairsOf(priceText);
  const amountRepairs = repairsOf(amountText);
  if (priceRepairs < 0 || amountRepairs < 0) return null;
  const found = new Map<string, { quantity: number; unitPrice: number; amount: number }>();
  for (const p of ps)
    for (const a of as) {
      if (p.repaired !== priceRepairs || a.repaired !== amountRepairs || p.value === 0) continue;
      const q = Math.round((a.value / p.value) * 2) / 2;
      if (q < 0.5 || q > 999 || cents(q * p.value) !== cents(a.value)) continue;
      found.set(`${q}|${p.value}|${a.value}`, { quantity: q, unitPrice: p.value, amount: a.value });
    }
  if (found.size !== 1) return null;
  return { ...[...found.values()][0]!, repaired: 2 + priceRepairs + amountRepairs };
}

/**
 * A scanned row whose unit price OCR lost or garbled to no number ('SLI2S.01', nothing at all) while
 * its quantity and amount were read as printed (the amount with its cents): the price is amount ÷
 * quantity when exactly one price in cents gives the amount to the cent. A quantity under 1 is
 * not divided (several prices round to the same amount). The row is not proven by it — the
 * price is only what the other two cells say — and a price read as a number is never replaced
 * (which of the cells is wrong cannot be told). Issue 34, session 23.
 */
export function derivedPrice(quantity: number, amountText: string, amount: number): number | null {
  if (!(quantity >= 1) || !readWithCents(amountText)) return null;
  const target = cents(amount);
  const near = Math.round(target / quantity);
  const fits = [near - 1, near, near + 1].filter((p) => Math.round(p * quantity) === target);
  return fits.length === 1 ? fits[0]! / 100 : null;
}

/**
 * A scanned row whose unit price OCR misread by one digit ('1765.51' for 1,769.51) beside a
 * quantity and an amount read as printed: the price amount ÷ quantity gives, when it is one price
 * in cents, differs from the one read in a single digit, and that digit is one OCR usually reads
 * for the other (DIGIT_SLIPS). Not for a quantity under 3: with 1 the price is the amount, and
 * a misread amount would then pass for the price (with 2 an amount's slip halves into a price's
 * too often); a misread amount over a larger quantity almost never divides to a price one slip
 * away. The row is not proven by it. Issue 34, session 23.
 */
export function slipPrice(
  quantity: number,
  price: number,
  amountText: string,
  amount: number,
): number | null {
  if (!(quantity >= 3)) return null;
  const derived = derivedPrice(quantity, amountText, amount);
  if (derived === null || cents(derived) === cents(price)) return null;
  const a = cents(Math.abs(price)).toString();
  const b = cents(Math.abs(derived)).toString();
  if (a.length !== b.length || Math.sign(price) !== Math.sign(derived)) return null;
  const differ = [...a].map((c, i) => [c, b[i]!] as const).filter(([x, y]) => x !== y);
  if (differ.length !== 1) return null;
  const [read, printed] = differ[0]!;
  return DIGIT_SLIPS[printed]?.includes(read) ? derived : null;
}

/** The values a cell's OCR text may stand for, each with how many slips it assumes. */
function readings(
  text: string,
  parse: (text: string) => number | null,
  kind: 'quantity' | 'money',
): { value: number; repaired: number }[] {
  const out: { value: number; repaired: number }[] = [];
  const parsed = parse(text);
  if (parsed !== null) out.push({ value: parsed, repaired: 0 });
  const negative = /^\s*[-(]|-\s*$|\)\s*$/.test(text) ? -1 : 1;
  const digits = text.replace(/[^0-9]/g, '');
  if (kind === 'quantity') {
    if (/^\d{2,3}$/.test(digits) && !/[.,]/.test(text))
      out.push({ value: Number(digits) / 10, repaired: 1 });
    return out;
  }
  if (digits.length >= 3 && digits.length <= 11) {
    out.push({ value: (negative * Number(digits)) / 100, repaired: 1 });
    // A leading '$' read as 5, 8, 3, 6 or 9 (or 'S'): its digit dropped.
    if (digits.length >= 4 && /^\s*[-(]?[35689]/.test(text))
      out.push({ value: (negative * Number(digits.slice(1))) / 100, repaired: 2 });
    // No cents read and one digit too many: the point read as a digit, or a mark after the
    // amount ('7972136' for 7,972.36, '6.949.358' for 6,949.38) — each digit dropped in turn, the
    // least likely reading (only the row's arithmetic can pick one).
    if (digits.length >= 5 && !/[.,]\d{2}\)?-?$/.test(text.trim()))
      for (let k = 0; k < digits.length; k++)
        out.push({
          value: (negative * Number(digits.slice(0, k) + digits.slice(k + 1))) / 100,
          repaired: 3,
        });
  }
  return out;
}

/**
 * A credit row printed negative ('Credit - duplicate mileage', 1, -$1,436.63, -$1,436.63) whose
 * minus signs (or parentheses) OCR lost on both cells: quantity × price = amount holds either way,
 * so only the row's own words can tell. A scanned row whose description starts with 'Credit' (not
 * 'credit card…') or 'Discount' ('Discount per MSA', session 23) and whose price and amount were
 * both read positive is a credit, both cells negative. One of the two cells read negative is
 * reconcileLine's case.
 */
const CREDIT_ROW = /^\W*(?:credit\b(?!\s+card)|discount\b)/i;
export function creditSignLost(
  description: string | null,
  unitPrice: number | null,
  amount: number | null,
): boolean {
  return (
    !!description &&
    CREDIT_ROW.test(description) &&
    unitPrice !== null &&
    amount !== null &&
    unitPrice > 0 &&
    amount > 0
  );
}
