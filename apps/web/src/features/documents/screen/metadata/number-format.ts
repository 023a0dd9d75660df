import { formatMoneyForUser } from '../../../../lib/money';

/**
 * Numeric and currency entry (spec 1 §5, spec 3 §9): numbers only; pasted or selected text is
 * converted to a number or emptied; currency is US dollars, formatted when the field is left.
 * Canonical form (the API's): a plain decimal ('1234.5', '-3').
 */

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Keeps what can still become a number while typing: digits, one '.', a leading '-'. */
export function sanitizeNumberInput(input: string): string {
  const negative = input.trimStart().startsWith('-');
  const [whole = '', ...fractions] = input.replace(/[^\d.]/g, '').split('.');
  const body = fractions.length ? `${whole}.${fractions.join('')}` : whole;
  return negative ? `-${body}` : body;
}

/**
 * The number in a piece of text ('$1,234.50', ' 42 ', '(12.00)') as a plain decimal, or '' when the
 * text is not a number ('Net 30', 'abc').
 */
export function toNumericText(text: string): string {
  let t = text.trim().replace(/[$\s,]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.startsWith('-')) {
    negative = !negative;
    t = t.slice(1);
  }
  if (t.startsWith('.')) t = `0${t}`;
  if (t.endsWith('.')) t = t.slice(0, -1);
  if (!NUMBER.test(t)) return '';
  return negative && Number(t) !== 0 ? `-${t}` : t;
}

/** The canonical form of typed text: '' stays empty, '1,234.' → '1234', 'abc' → null (invalid). */
export function canonicalNumber(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const number = toNumericText(trimmed);
  return number === '' ? null : number;
}

/** Currency is kept with two decimals: '1234.5' → '1234.50'. */
export function canonicalCurrency(text: string): string | null {
  const number = canonicalNumber(text);
  if (!number) return number;
  return Number(number).toFixed(2);
}

const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1234.5' → '1,234.50' (the field shows the $ sign beside it); unreadable text is shown as is. */
export function formatCurrencyText(value: string | null | undefined): string {
  if (!value) return '';
  const number = toNumericText(value);
  return number === '' ? value : usd.format(Number(number));
}

/** '1234.5' → '$1,234.50' for read-only displays (history): the one money format. */
export function formatDollars(value: string | null | undefined): string {
  if (!value) return '';
  const number = toNumericText(value);
  return number === '' ? value : formatMoneyForUser(number);
}
