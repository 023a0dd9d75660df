import { dateFormats, type DateFormat } from '@flowline/shared';
import { canonicalDateToDisplay, maskDate, parseStrictDate } from './metadata/date-mask';
import type { FieldKind } from './metadata/field-kinds';
import { canonicalCurrency, toNumericText } from './metadata/number-format';

/**
 * What a field takes from text selected on a page (click-to-fill, spec 1 §4): numbers are
 * converted or emptied, dates must be real dates (read in the user's format first, then the
 * others); pickers take nothing. Null: the field does not take this text.
 */
export function textForField(kind: FieldKind, selected: string, format: DateFormat): string | null {
  const text = selected.replace(/\s+/g, ' ').trim();
  switch (kind) {
    case 'text':
    case 'textArea':
      return text;
    case 'numeric':
      return toNumericText(text);
    case 'currency':
      return canonicalCurrency(toNumericText(text)) ?? '';
    case 'date': {
      for (const candidate of [format, ...dateFormats.filter((f) => f !== format)]) {
        const canonical = parseStrictDate(maskDate(text, candidate), candidate);
        if (canonical) return canonicalDateToDisplay(canonical, format);
      }
      return null;
    }
    default:
      return null;
  }
}
