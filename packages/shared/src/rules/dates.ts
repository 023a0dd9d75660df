/**
 * Dates as the user chose to see them (spec 3 §5 General, user preferences): four date formats and
 * a 12-hour time 'hh:mm:ss A'. Every screen formats dates through these functions.
 */
export const dateFormats = ['MM/dd/yyyy', 'dd/MM/yyyy', 'yyyy/MM/dd', 'yyyy-MM-dd'] as const;
export type DateFormat = (typeof dateFormats)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'MM/dd/yyyy';

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (dateFormats as readonly string[]).includes(value);
}

export type DateInput = Date | string | number | null | undefined;

/** A calendar date without a time ('2024-03-05'): shown as that day, whatever the time zone. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant or calendar day behind the input; null for empty or unreadable values. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value.trim());
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** '03/05/2024' for MM/dd/yyyy, and so on; '' when there is no date. Local time. */
export function formatDate(value: DateInput, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  const date = toDate(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    yyyy: pad(date.getFullYear(), 4),
    MM: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
  };
  return format.replace(/yyyy|MM|dd/g, (token) => parts[token] ?? token);
}

/** 'hh:mm:ss A': '03:04:05 PM'. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const hours = date.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${pad(twelve)}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${suffix}`;
}

/** The date in the user's format followed by the time: '03/05/2024 03:04:05 PM'. */
export function formatDateTime(value: DateInput, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date, format)} ${formatTime(date)}`;
}
