import { FieldType, type DateFormat, type HistoryEntry } from '@flowline/shared';
import { canonicalDateTimeToDisplay, canonicalDateToDisplay } from '../metadata/date-mask';
import { formatDollars } from '../metadata/number-format';

/** A value of an Edit entry as the field shows it (dates in the user's format, dollars). */
export function displayHistoryValue(
  value: string | null,
  metadataTypeId: number | null,
  format: DateFormat,
): string {
  if (value === null || value === '') return '(empty)';
  switch (metadataTypeId) {
    case FieldType.Date:
      return canonicalDateToDisplay(value, format);
    case FieldType.DateTime:
      return canonicalDateTimeToDisplay(value, format);
    case FieldType.Currency:
      return formatDollars(value);
    default:
      return value;
  }
}

/** 'Invoice Date: 03/05/2024 → 03/06/2024' for a changed field; null for other entries. */
export function historyChange(entry: HistoryEntry, format: DateFormat): string | null {
  if (!entry.operation.categories.includes('Edit')) return null;
  if (entry.oldValue === null && entry.newValue === null) return null;
  const field = entry.objectName ?? 'Value';
  const from = displayHistoryValue(entry.oldValue, entry.metadataTypeId, format);
  const to = displayHistoryValue(entry.newValue, entry.metadataTypeId, format);
  return `${field}: ${from} → ${to}`;
}
