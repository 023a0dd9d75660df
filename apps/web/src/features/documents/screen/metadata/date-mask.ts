import type { DateFormat } from '@flowline/shared';

/**
 * Masked date and date-time entry (spec 1 §5): the user types digits, the separators of their own
 * date format are inserted for them, and only a strictly valid calendar date is accepted.
 * Canonical forms (the API's): dates 'yyyy-mm-dd', date-times ISO 8601.
 */

type Token = 'yyyy' | 'MM' | 'dd';
const TOKEN = /yyyy|MM|dd/g;

function tokensOf(format: DateFormat): { tokens: Token[]; separator: string } {
  const tokens = format.match(TOKEN) as Token[];
  const separator = format.replace(TOKEN, '').charAt(0) || '/';
  return { tokens, separator };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'MM/dd/yyyy' → '03/05/2024' as the user types '03052024' (or pastes '3/5/2024'). */
export function maskDate(input: string, format: DateFormat): string {
  const { tokens, separator } = tokensOf(format);
  const digits = padGroups(input, tokens).replace(/\D/g, '').slice(0, 8);
  let out = '';
  let rest = digits;
  for (const [index, token] of tokens.entries()) {
    if (!rest) break;
    const part = rest.slice(0, token.length);
    rest = rest.slice(token.length);
    out += part;
    const last = index === tokens.length - 1;
    if (!last && part.length === token.length && rest) out += separator;
  }
  return out;
}

/** '3/5/2024' (a complete date with short parts) → '03052024', so pasting it works too. */
function padGroups(input: string, tokens: Token[]): string {
  const groups = input.split(/\D+/).filter(Boolean);
  if (groups.length !== 3) return input;
  const fits = groups.every((g, i) => g.length <= tokens[i]!.length);
  const complete = groups[2]!.length === tokens[2]!.length;
  if (!fits || !complete) return input;
  return groups.map((g, i) => g.padStart(tokens[i]!.length, '0')).join('');
}

function daysInMonth(year: number, month: number): number {
  return new Date(year, month, 0).getDate();
}

interface Ymd {
  year: number;
  month: number;
  day: number;
}

function readDate(text: string, format: DateFormat): Ymd | null {
  const { tokens, separator } = tokensOf(format);
  const parts = text.split(separator);
  if (parts.length !== 3) return null;
  const values: Partial<Record<Token, number>> = {};
  for (const [index, token] of tokens.entries()) {
    const part = parts[index] ?? '';
    if (part.length !== token.length || !/^\d+$/.test(part)) return null;
    values[token] = Number(part);
  }
  const { yyyy: year = 0, MM: month = 0, dd: day = 0 } = values;
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** The canonical 'yyyy-mm-dd' of a complete, real date typed in `format`; null otherwise. */
export function parseStrictDate(text: string, format: DateFormat): string | null {
  const date = readDate(text.trim(), format);
  return date ? `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}` : null;
}

/** '2024-03-05' → '03/05/2024'; anything unreadable is shown as stored. */
export function canonicalDateToDisplay(value: string | null, format: DateFormat): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const parts: Record<Token, string> = { yyyy: match[1]!, MM: match[2]!, dd: match[3]! };
  return format.replace(TOKEN, (token) => parts[token as Token]);
}

// ---- Date-times: the date in the user's format, then a 12-hour time 'hh:mm AM' ---------------

export const dateTimePlaceholder = (format: DateFormat) => `${format} hh:mm AM`;

/** Date digits, then time digits, then A or P: '030520240930p' → '03/05/2024 09:30 PM'. */
export function maskDateTime(input: string, format: DateFormat): string {
  const digits = input.replace(/\D/g, '');
  const date = maskDate(digits.slice(0, 8), format);
  const time = digits.slice(8, 12);
  if (digits.length <= 8) return date;
  let out = `${date} ${time.slice(0, 2)}`;
  if (time.length > 2) out += `:${time.slice(2)}`;
  if (time.length === 4) {
    // The last A or P typed decides; 'PM' already shown followed by a typed 'a' becomes AM.
    const letters = input.replace(/[^ap]/gi, '');
    const last = letters.charAt(letters.length - 1).toUpperCase();
    if (last) out += ` ${last}M`;
  }
  return out;
}

/** The ISO 8601 instant of a complete date-time typed in the user's format (local time). */
export function parseStrictDateTime(text: string, format: DateFormat): string | null {
  const match = /^(.+) (\d{2}):(\d{2}) (AM|PM)$/.exec(text.trim());
  if (!match) return null;
  const date = readDate(match[1]!, format);
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (!date || hours < 1 || hours > 12 || minutes > 59) return null;
  const hours24 = (hours % 12) + (match[4] === 'PM' ? 12 : 0);
  return new Date(date.year, date.month - 1, date.day, hours24, minutes).toISOString();
}

export function canonicalDateTimeToDisplay(value: string | null, format: DateFormat): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const hours = date.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  const day = canonicalDateToDisplay(
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    format,
  );
  return `${day} ${pad(twelve)}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
