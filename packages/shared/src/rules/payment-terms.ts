/**
 * Payment terms of an invoice (issue 29 item 7, docs/payment-runs.md): 'Due on receipt', 'Net 30',
 * 'Net 30 EOM', '2/10 Net 30'. One parser for the client, the server and — through
 * `PAYMENT_TERMS_DISCOUNT_PATTERN` — the database's aggregates, so a discount offered by the
 * terms is read the same way everywhere. Pure: calendar dates are ISO 'yyyy-mm-dd' strings.
 */

/** An early-pay discount's bounds (an invoice's terms and a connection's agreement alike). */
export const EARLY_PAY_PERCENT_MIN = 0.01;
export const EARLY_PAY_PERCENT_MAX = 20;
export const EARLY_PAY_DAYS_MAX = 120;
/** The longest net period the parser accepts. */
export const PAYMENT_TERMS_NET_DAYS_MAX = 365;

export interface PaymentTerms {
  /** Days after the invoice date (or after the end of its month, with `endOfMonth`). */
  netDays: number;
  /** 'EOM': counted from the last day of the invoice's month. */
  endOfMonth: boolean;
  /** 'x/y Net z': x percent off when paid within y days of the invoice date. */
  discount: { percent: number; days: number } | null;
}

/**
 * The discount form 'x/y Net z' ('2/10 Net 30', '2/10, N30', '2% 10 Net 30', '1.5/15 net 45
 * days'), case-insensitive. Written in the regular-expression dialect JavaScript and PostgreSQL
 * share: groups 1, 2 and 3 are the percent, the discount days and the net days. The dashboards'
 * SQL reads terms with this very pattern (`regexp_match(value, pattern, 'i')`).
 */
export const PAYMENT_TERMS_DISCOUNT_PATTERN =
  '^\\s*(\\d{1,2}(?:\\.\\d{1,2})?)(?:\\s*%\\s*/?\\s*|\\s*/\\s*)(\\d{1,3})\\s*(?:days?)?\\s*,?\\s*(?:net|n)\\s*(\\d{1,3})\\s*(?:days?)?\\s*$';

const DISCOUNT = new RegExp(PAYMENT_TERMS_DISCOUNT_PATTERN, 'i');
const RECEIPT = /^\s*(?:due\s+)?(?:on|upon)\s+receipt\s*$|^\s*cod\s*$/i;
const NET = /^\s*(?:net|n)\s*(\d{1,3})\s*(?:days?)?\s*(eom)?\s*$/i;
const NET_EOM = /^\s*(?:net\s+)?eom\s*$/i;

/** Whether a discount read from terms is inside the bounds every early-pay discount keeps. */
export function isValidEarlyPayDiscount(percent: number, days: number): boolean {
  return (
    Number.isFinite(percent) &&
    percent >= EARLY_PAY_PERCENT_MIN &&
    percent <= EARLY_PAY_PERCENT_MAX &&
    Number.isInteger(days) &&
    days >= 1 &&
    days <= EARLY_PAY_DAYS_MAX
  );
}

/** The terms a text states, or null when it is not terms this parser knows. */
export function parsePaymentTerms(text: string | null | undefined): PaymentTerms | null {
  if (!text || text.length > 100) return null;
  if (RECEIPT.test(text)) return { netDays: 0, endOfMonth: false, discount: null };
  if (NET_EOM.test(text)) return { netDays: 0, endOfMonth: true, discount: null };
  const net = NET.exec(text);
  if (net) {
    const netDays = Number(net[1]);
    if (netDays > PAYMENT_TERMS_NET_DAYS_MAX) return null;
    return { netDays, endOfMonth: !!net[2], discount: null };
  }
  const discount = DISCOUNT.exec(text);
  if (discount) {
    const percent = Number(discount[1]);
    const days = Number(discount[2]);
    const netDays = Number(discount[3]);
    // The discount window ends before the invoice is due.
    if (!isValidEarlyPayDiscount(percent, days) || netDays > PAYMENT_TERMS_NET_DAYS_MAX)
      return null;
    if (days >= netDays) return null;
    return { netDays, endOfMonth: false, discount: { percent, days } };
  }
  return null;
}

/** The terms written the usual way: 'Due on receipt', 'Net 30', 'Net 30 EOM', '2/10 Net 30'. */
export function formatPaymentTerms(terms: PaymentTerms): string {
  if (terms.endOfMonth) return terms.netDays === 0 ? 'Net EOM' : `Net ${terms.netDays} EOM`;
  if (terms.discount)
    return `${terms.discount.percent}/${terms.discount.days} Net ${terms.netDays}`;
  return terms.netDays === 0 ? 'Due on receipt' : `Net ${terms.netDays}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC instant of a real calendar day ('2026-02-30' and '2025-02-29' are not); null otherwise. */
function isoDay(value: string | null | undefined): Date | null {
  const m = value ? ISO_DATE.exec(value.trim()) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1) return null;
  if (date.getUTCDate() !== d) return null;
  return date;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Whether the text is a real calendar day in ISO form. */
export function isIsoCalendarDate(value: string | null | undefined): boolean {
  return isoDay(value) !== null;
}

/** The day so many days after an ISO date ('2024-02-28' + 1 = '2024-02-29'); null for a bad date. */
export function addDaysToIsoDate(date: string | null | undefined, days: number): string | null {
  const day = isoDay(date);
  if (!day || !Number.isInteger(days)) return null;
  day.setUTCDate(day.getUTCDate() + days);
  return iso(day);
}

/** The last day of the ISO date's month ('2024-02-10' → '2024-02-29'). */
export function endOfIsoMonth(date: string | null | undefined): string | null {
  const day = isoDay(date);
  if (!day) return null;
  return iso(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)));
}

const termsOf = (terms: string | PaymentTerms | null | undefined) =>
  typeof terms === 'string' || terms === null || terms === undefined
    ? parsePaymentTerms(terms)
    : terms;

/** The due date the terms give an invoice of that date; null without both. */
export function paymentDueDate(
  terms: string | PaymentTerms | null | undefined,
  invoiceDate: string | null | undefined,
): string | null {
  const parsed = termsOf(terms);
  if (!parsed) return null;
  const from = parsed.endOfMonth ? endOfIsoMonth(invoiceDate) : invoiceDate;
  return addDaysToIsoDate(from, parsed.netDays);
}

export interface EarlyPayDiscount {
  percent: number;
  days: number;
  /** The last day a payment earns it: the invoice date plus the days. */
  until: string;
  /** Where it comes from: the invoice's own terms, or the vendor's agreement for the connection. */
  source: 'terms' | 'agreement';
}

/**
 * The early-pay discount an invoice carries — the one rule the payment run, the document screen
 * and the dashboards follow. Its own terms come first ('2/10 Net 30' is the invoice's contract);
 * otherwise the vendor's Early pay agreement with the customer, when it covers the invoice.
 */
export function earlyPayDiscountFor(input: {
  terms: string | PaymentTerms | null | undefined;
  invoiceDate: string | null | undefined;
  agreement?: { percent: number; days: number } | null;
}): EarlyPayDiscount | null {
  const fromTerms = termsOf(input.terms)?.discount;
  const chosen = fromTerms
    ? { ...fromTerms, source: 'terms' as const }
    : input.agreement
      ? { ...input.agreement, source: 'agreement' as const }
      : null;
  if (!chosen) return null;
  const until = addDaysToIsoDate(input.invoiceDate, chosen.days);
  return until
    ? { percent: chosen.percent, days: chosen.days, until, source: chosen.source }
    : null;
}
