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

/** A due date is on or after the invoice date and within a year of it. */
export function plausibleDueDate(dueIso: string, invoiceIso: string | null): boolean {
  if (!invoiceIso) return true;
  const due = Date.parse(`${dueIso}T00:00:00Z`);
  const inv = Date.parse(`${invoiceIso}T00:00:00Z`);
  return due >= inv && due - inv <= 366 * DAY;
}

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
