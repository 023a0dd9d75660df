/**
 * Money is formatted one way everywhere (issue 27 item 14): US dollars, in the user's locale
 * ('$1,000.00' in en-US), from a number of dollars or a canonical decimal ('1200.00'). Every
 * screen (lists, the document screen, line items, payments, Home) and the server's messages use
 * these functions; the server's messages use the default locale.
 */

export const DEFAULT_MONEY_LOCALE = 'en-US';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string): Intl.NumberFormat {
  let found = formatters.get(locale);
  if (!found) {
    try {
      found = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    } catch {
      // An unknown locale tag: the default, never a crash.
      found = new Intl.NumberFormat(DEFAULT_MONEY_LOCALE, { style: 'currency', currency: 'USD' });
    }
    formatters.set(locale, found);
  }
  return found;
}

const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * '$1,000.00' for 1000 or '1000' or '1000.00'; '' for no value; text that is not a plain decimal
 * is returned as it is (never 'NaN').
 */
export function formatMoney(
  value: number | string | null | undefined,
  locale: string = DEFAULT_MONEY_LOCALE,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? formatter(locale).format(value) : '';
  }
  const text = value.trim();
  if (text === '') return '';
  if (!DECIMAL.test(text)) return value;
  return formatter(locale).format(Number(text));
}

/** Whole cents as money: 123456 → '$1,234.56', -500 → '-$5.00'. */
export function formatCents(cents: number, locale: string = DEFAULT_MONEY_LOCALE): string {
  return formatter(locale).format(cents / 100);
}
