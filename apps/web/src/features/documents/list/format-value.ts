import { FieldType, isYearMetadataKey } from '@flowline/shared';
import { formatMoneyForUser } from '../../../lib/money';
import type { DateFormatter } from '../../preferences';

const numeric = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 });
const ungrouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10, useGrouping: false });

/** Several values of a multiple field arrive as a JSON array (docs/documents.md). */
function parts(value: string): string[] {
  if (!value.startsWith('[')) return [value];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [value];
  } catch {
    return [value];
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A column without a field type (the inbox's headers): canonical dates still read as dates. */
function guessType(value: string): number {
  if (DATE_ONLY.test(value)) return FieldType.Date;
  if (DATE_TIME.test(value)) return FieldType.DateTime;
  return FieldType.Text;
}

function formatOne(
  value: string,
  metadataTypeId: number | null,
  dates: DateFormatter,
  key: string | undefined,
): string {
  switch (metadataTypeId ?? guessType(value)) {
    case FieldType.Date:
      return dates.formatDate(value) || value;
    case FieldType.DateTime:
      return dates.formatDateTime(value) || value;
    case FieldType.Currency:
      // The one money format (issue 27 item 14).
      return formatMoneyForUser(value) || value;
    case FieldType.Numeric: {
      const amount = Number(value);
      if (value.trim() === '' || !Number.isFinite(amount)) return value;
      // A year is not a quantity: 'Tax Year 2025', never '2,025'.
      return (isYearMetadataKey(key) ? ungrouped : numeric).format(amount);
    }
    default:
      // Text, List (the server sends the lookup value's text) and every party-like field.
      return value;
  }
}

/**
 * A list cell's text from the canonical stored form (spec 3 §3 metadata value types in lists):
 * dates in the user's format, currency in US dollars, numbers grouped except years (by the field's
 * key); '' for no value.
 */
export function formatMetadataValue(
  value: string | null | undefined,
  metadataTypeId: number | null,
  dates: DateFormatter,
  key?: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  return parts(value)
    .map((v) => formatOne(v, metadataTypeId, dates, key))
    .join(', ');
}

/** Amounts read better aligned to the right. */
export function isNumericType(metadataTypeId: number): boolean {
  return metadataTypeId === FieldType.Currency || metadataTypeId === FieldType.Numeric;
}
