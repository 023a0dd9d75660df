/**
 * Typed values out of printed text: dates, amounts, decimals and identifiers, in the canonical
 * forms the app stores (docs/documents.md: dates yyyy-mm-dd, amounts plain decimals). Each parser
 * also says how sure it is (`quality`, 0–1): a value read after repairing OCR confusions or from an
 * ambiguous form is worth less than a clean one.
 */

export interface Parsed {
  value: string;
  quality: number;
}

/** Letters OCR reads in place of digits. Applied only inside tokens that are mostly digits. */
const OCR_DIGITS: Record<string, string> = {
  O: '0',
  o: '0',
  Q: '0',
  D: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  g: '9',
};

/**
 * Repairs a token that is meant to be numeric (e.g. '1,2O4.5O' → '1,204.50'). A token whose
 * letters outnumber its digits is left alone: 'Net' never becomes '8e7'.
 */
export function repairDigits(token: string): { text: string; repaired: boolean } {
  const digits = (token.match(/\d/g) ?? []).length;
  const confusable = [...token].filter((c) => c in OCR_DIGITS).length;
  const otherLetters = (token.match(/[A-Za-z]/g) ?? []).length - confusable;
  if (digits === 0 || confusable === 0 || otherLetters > 0 || confusable > digits) {
    return { text: token, repaired: false };
  }
  return { text: [...token].map((c) => OCR_DIGITS[c] ?? c).join(''), repaired: true };
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function monthOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return null;
  for (const [prefix, month] of Object.entries(MONTHS)) {
    // 'January', 'Jan', 'Jan.', 'Sept' — a prefix of the full name of at least three letters.
    if (w.startsWith(prefix) && FULL_MONTHS[month - 1]!.startsWith(w)) return month;
  }
  return null;
}
const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function fullYear(y: number, digits: number): number {
  if (digits === 4) return y;
  return y < 70 ? 2000 + y : 1900 + y;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1980 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const NUMERIC_DATE = /(?<![\d])(\d{1,4})([/.-])(\d{1,2})\2(\d{2,4})(?![\d])/;
const NAMED_MD_Y =
  /\b([A-Za-z]{3,9})\.?[\s-]*(\d{1,2})(?!\d)(?:st|nd|rd|th)?[\s,.]*(\d{4}|\d{2})\b/;
const NAMED_D_M_Y = /\b(\d{1,2})(?:st|nd|rd|th)?[\s-]+([A-Za-z]{3,9})\.?,?[\s-]+(\d{4}|\d{2})\b/;

/**
 * A date anywhere in `text`, as yyyy-mm-dd. Numeric dates are month first (US) unless the first
 * part cannot be a month (25/12/2026 is day first) or the year comes first (2026-01-05); a dotted
 * date whose first part could be either is read month first, with a lower quality.
 */
export function parseDate(text: string): Parsed | null {
  const repairedTokens = text.split(/\s+/).map((t) => repairDigits(t));
  const repaired = repairedTokens.some((t) => t.repaired);
  const source = repairedTokens.map((t) => t.text).join(' ');
  const base = repaired ? 0.85 : 1;

  const numeric = NUMERIC_DATE.exec(source);
  if (numeric) {
    const [, a = '', sep, b = '', c = ''] = numeric;
    const n1 = Number(a);
    const n2 = Number(b);
    const n3 = Number(c);
    if (a.length === 4) {
      const iso = isoDate(n1, n2, n3);
      return iso ? { value: iso, quality: base } : null;
    }
    if (a.length > 2 || c.length === 3) return null;
    const year = fullYear(n3, c.length);
    const shortYear = c.length === 2 ? 0.97 : 1;
    if (n1 > 12) {
      const iso = isoDate(year, n2, n1);
      return iso ? { value: iso, quality: base * shortYear } : null;
    }
    const iso = isoDate(year, n1, n2);
    if (!iso) return null;
    const ambiguousDots = sep === '.' && n2 <= 12 && n1 !== n2 ? 0.85 : 1;
    return { value: iso, quality: base * shortYear * ambiguousDots };
  }
  const named = NAMED_MD_Y.exec(source);
  if (named) {
    const month = monthOf(named[1] ?? '');
    if (month) {
      const year = fullYear(Number(named[3]), (named[3] ?? '').length);
      const iso = isoDate(year, month, Number(named[2]));
      if (iso) return { value: iso, quality: base };
    }
  }
  const dayFirst = NAMED_D_M_Y.exec(source);
  if (dayFirst) {
    const month = monthOf(dayFirst[2] ?? '');
    if (month) {
      const year = fullYear(Number(dayFirst[3]), (dayFirst[3] ?? '').length);
      const iso = isoDate(year, month, Number(dayFirst[1]));
      if (iso) return { value: iso, quality: base };
    }
  }
  return null;
}

const CURRENCY_WORDS = /\b(USD|US\$|CAD|EUR|dollars?)\b/gi;

/**
 * An amount such as '$1,234.56', '1.234,56 USD', '(1,234.56)', '1234.56-' or 'USD 1 234.56' as a
 * plain decimal with two places ('-1234.56' for the negative forms). The last of '.' or ',' is the
 * decimal separator when both appear; a lone ',' followed by exactly two digits is one too.
 */
export function parseAmount(text: string): Parsed | null {
  return parseMoney(text, 2);
}

/** A quantity or unit price: like an amount, up to six decimals, trailing zeros dropped. */
export function parseNumber(text: string): Parsed | null {
  const parsed = parseMoney(text, 6);
  if (!parsed) return null;
  const value = parsed.value.includes('.') ? parsed.value.replace(/\.?0+$/, '') : parsed.value;
  return { value, quality: parsed.quality };
}

function parseMoney(text: string, maxFraction: number): Parsed | null {
  let t = text.replace(CURRENCY_WORDS, ' ').trim();
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  t = t.replace(/^[:#]+/, '').trim();
  if (/^-/.test(t) || /-$/.test(t)) {
    negative = true;
    t = t.replace(/^-|-$/g, '');
  }
  // $ € £, and '§' — how OCR reads a '$' ('§ 8,827.87', '§$ 1,864.81').
  t = t.replace(/^\u00a7?[$\u20ac\u00a3\u00a7]\s*|\s*[$\u20ac\u00a3]$/g, '').trim();
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  // Thousands written with spaces ('1 234.56'): join digit groups of three. OCR reads a
  // separator as ':' or ';' ('15:262,90') and glues a stray dot to the end ('1,557.84.').
  t = t.replace(/(\d)\s(?=\d{3}(?:\D|$))/g, '$1');
  t = t.replace(/(\d)[:;](?=\d)/g, '$1.').replace(/[.,]$/, '');
  t = t.replace(/(\d[.,])\s+(\d{2})$/, '$1$2');
  if (/\s/.test(t) || t === '') return null;
  const { text: fixed, repaired } = repairDigits(t);
  if (!/^[\d.,]+$/.test(fixed) || !/\d/.test(fixed)) return null;

  const lastDot = fixed.lastIndexOf('.');
  const lastComma = fixed.lastIndexOf(',');
  let intPart: string;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalAt = Math.max(lastDot, lastComma);
    intPart = fixed.slice(0, decimalAt);
    fraction = fixed.slice(decimalAt + 1);
  } else if (lastComma >= 0) {
    const tail = fixed.slice(lastComma + 1);
    if (tail.length !== 3 && tail.length <= maxFraction && fixed.indexOf(',') === lastComma) {
      intPart = fixed.slice(0, lastComma);
      fraction = tail;
    } else {
      intPart = fixed;
    }
  } else if (lastDot >= 0) {
    const dots = (fixed.match(/\./g) ?? []).length;
    if (dots > 1 && /^\d{1,3}(?:\.\d{3})+\.\d{2}$/.test(fixed)) {
      // '221.231.38': the thousands comma read as a point (OCR); the last point is the decimal.
      intPart = fixed.slice(0, lastDot);
      fraction = fixed.slice(lastDot + 1);
    } else if (dots > 1) {
      intPart = fixed;
    } else {
      intPart = fixed.slice(0, lastDot);
      fraction = fixed.slice(lastDot + 1);
    }
  } else {
    intPart = fixed;
  }
  // Thousands separators must group by three; anything else is not an amount ('12,34,5').
  const groups = intPart.split(/[.,]/);
  if (groups.length > 1 && groups.slice(1).some((g) => g.length !== 3)) return null;
  if (groups.length > 1 && (groups[0]!.length === 0 || groups[0]!.length > 3)) return null;
  const digits = groups.join('');
  if (!/^\d+$/.test(digits) || digits.length > 13) return null;
  if (fraction !== '' && (!/^\d+$/.test(fraction) || fraction.length > maxFraction)) return null;
  const cents = fraction.padEnd(2, '0');
  const value = `${negative ? '-' : ''}${BigInt(digits).toString()}.${cents}`;
  const shape = fraction.length === 2 ? 1 : 0.9;
  return { value, quality: (repaired ? 0.85 : 1) * shape };
}

/**
 * A decimal interest such as '0.00390625', '.125' or '12.5%' (→ 0.125), between 0 and 1, digits
 * kept as printed (no float rounding).
 */
export function parseDecimalInterest(text: string): Parsed | null {
  const token = text.trim().split(/\s+/)[0] ?? '';
  const { text: fixed, repaired } = repairDigits(token.replace(/,$/, ''));
  const percent = /^(\d{1,3})?\.(\d{1,10})\s*%$/.exec(fixed) ?? /^(\d{1,3})%$/.exec(fixed);
  if (percent) {
    const whole = percent[1] ?? '0';
    const frac = percent[2] ?? '';
    const shifted = shiftLeft(whole + frac, frac.length + 2);
    if (Number(shifted) <= 0 || Number(shifted) > 1) return null;
    return { value: shifted, quality: repaired ? 0.8 : 0.9 };
  }
  const m = /^(0|1)?\.(\d{2,12})$/.exec(fixed);
  if (!m) return null;
  const value = `${m[1] ?? '0'}.${m[2]}`;
  const n = Number(value);
  if (n <= 0 || n > 1) return null;
  return { value, quality: repaired ? 0.85 : m[2]!.length >= 4 ? 1 : 0.9 };
}

/** `digits` with the decimal point `places` from the right ('125', 3 → '0.125'). */
function shiftLeft(digits: string, places: number): string {
  const padded = digits.padStart(places + 1, '0');
  const intPart = padded.slice(0, padded.length - places).replace(/^0+(?=\d)/, '');
  const frac = padded.slice(padded.length - places).replace(/0+$/, '');
  return frac ? `${intPart}.${frac}` : intPart;
}

/**
 * An identifier (invoice number, PO, AFE, owner number): one token with at least one digit, not a
 * date, not an amount with cents, not a phone number.
 */
export function parseIdentifier(text: string, ocr = false): Parsed | null {
  const token = (text.trim().split(/\s+/)[0] ?? '').replace(/^[#:.-]+|[:.,;]+$/g, '');
  if (token.length < 3 || token.length > 30 || !/\d/.test(token)) return null;
  if (!/^[A-Za-z0-9][A-Za-z0-9\-/_.#]*$/.test(token)) return null;
  if (parseDate(token)) return null;
  if (/^\$|^\d{1,3}(,\d{3})*\.\d{2}$/.test(token)) return null;
  if (/^\(?\d{3}\)?[-.]\d{3}[-.]\d{4}$/.test(token)) return null;
  if (!ocr) return { value: token, quality: 1 };
  return repairScannedIdentifier(token);
}

/**
 * Letters whose small and capital forms differ only in size ('c' and 'C', 'o' and 'O'): OCR picks
 * either. An identifier read with only these in lower case is upper case ('cc-2176' → 'CC-2176').
 */
const SIZE_ONLY = /^[cosuvwxzpk]$/;

function repairScannedIdentifier(read: string): Parsed {
  const lower = read.match(/[a-z]/g) ?? [];
  const token = lower.length && lower.every((c) => SIZE_ONLY.test(c)) ? read.toUpperCase() : read;
  // Read by OCR: numeric runs separated by '-' get their confusions repaired part by part (a text
  // layer's 'S1234' is left alone — it may really start with an S).
  let repaired = false;
  const fixed = token
    .split(/([-/_.])/)
    .map((part) => {
      // A leading run of letters is a prefix ('ODS565724', 'D26'), never a misread digit.
      const prefix = /^[A-Za-z]+(?=\d)/.exec(part)?.[0] ?? '';
      const r = repairDigits(part.slice(prefix.length));
      r.text = prefix + r.text;
      repaired ||= r.repaired;
      return r.text;
    })
    .join('');
  return { value: fixed, quality: repaired ? 0.85 : 1 };
}

/** Plain spacing and no trailing label punctuation: 'Permian Services, LLC ,' → 'Permian Services, LLC'. */
export function cleanName(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s:#\-\u2013]+|[\s:,;\-\u2013]+$/g, '') // - –
    .trim();
}

/**
 * OCR's commonest slip in names: a capital O read as a zero ('Hot 0il', 'P.0. Box'). In a word
 * with a letter and no other digit, a 0 is the letter O. Only for OCR'd text; numbers
 * ('Box 6413', '#10H') are left alone.
 */
export function repairOcrName(text: string): string {
  return text
    .split(' ')
    .map((w) => (/0/.test(w) && /[A-Za-z]/.test(w) && !/[1-9]/.test(w) ? w.replace(/0/g, 'O') : w))
    .join(' ');
}
