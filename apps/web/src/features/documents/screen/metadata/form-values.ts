import {
  type DateFormat,
  type DocumentMetadataEntry,
  type MetadataDefinition,
  type MetadataValueInput,
} from '@flowline/shared';
import {
  canonicalDateTimeToDisplay,
  canonicalDateToDisplay,
  parseStrictDate,
  parseStrictDateTime,
} from './date-mask';
import { fieldKind } from './field-kinds';
import { canonicalCurrency, canonicalNumber } from './number-format';

/**
 * The metadata form's values: one entry per field, named by its definition id. `text` is what the
 * field holds (dates in the user's format, numbers as typed); `id` is the chosen party, list
 * value, profile or document type of a picker.
 */
export interface FieldState {
  text: string;
  id: number | null;
}
export type MetadataFormValues = Record<string, FieldState>;

export const fieldName = (definitionId: number) => `f${definitionId}`;

export const invalidDateMessage = 'Enter a valid date';
export const invalidDateTimeMessage = 'Enter a valid date and time';
export const invalidNumberMessage = 'Enter a number';

export function initialFieldState(entry: DocumentMetadataEntry, format: DateFormat): FieldState {
  const value = entry.value ?? '';
  switch (fieldKind(entry.metadata.metadataType.id)) {
    case 'date':
      return { text: canonicalDateToDisplay(value, format), id: null };
    case 'dateTime':
      return { text: canonicalDateTimeToDisplay(value, format), id: null };
    case 'list':
      return { text: entry.lookupValue?.lookupValue ?? value, id: entry.lookupValue?.id ?? null };
    case 'party':
      return { text: entry.party?.name ?? value, id: entry.party?.id ?? null };
    default:
      return { text: value, id: null };
  }
}

export function initialFormValues(
  entries: readonly DocumentMetadataEntry[],
  format: DateFormat,
): MetadataFormValues {
  return Object.fromEntries(
    entries.map((e) => [fieldName(e.metadata.id), initialFieldState(e, format)]),
  );
}

/** The canonical text of a field (the API's form), or an error message for unreadable input. */
export function canonicalValue(
  definition: Pick<MetadataDefinition, 'metadataType'>,
  state: FieldState,
  format: DateFormat,
): { value: string | null } | { error: string } {
  const text = state.text.trim();
  if (!text) return { value: null };
  switch (fieldKind(definition.metadataType.id)) {
    case 'date': {
      const value = parseStrictDate(text, format);
      return value ? { value } : { error: invalidDateMessage };
    }
    case 'dateTime': {
      const value = parseStrictDateTime(text, format);
      return value ? { value } : { error: invalidDateTimeMessage };
    }
    case 'numeric': {
      const value = canonicalNumber(text);
      return value === null ? { error: invalidNumberMessage } : { value: value || null };
    }
    case 'currency': {
      const value = canonicalCurrency(text);
      return value === null ? { error: invalidNumberMessage } : { value: value || null };
    }
    default:
      return { value: text };
  }
}

/** The stored value in the same normal form, so '1234.5' and '1234.50' are not a change. */
function normalisedStored(entry: DocumentMetadataEntry): string | null {
  const value = entry.value?.trim() || null;
  if (value === null) return null;
  switch (fieldKind(entry.metadata.metadataType.id)) {
    case 'numeric':
      return canonicalNumber(value) || value;
    case 'currency':
      return canonicalCurrency(value) || value;
    case 'dateTime': {
      const time = new Date(value).getTime();
      return Number.isNaN(time) ? value : new Date(time).toISOString();
    }
    default:
      return value;
  }
}

/** Whether the field may be changed at all on this screen. */
export function isEditableField(definition: MetadataDefinition, documentEditable: boolean) {
  return (
    documentEditable &&
    !definition.isReadonly &&
    fieldKind(definition.metadataType.id) !== 'company'
  );
}

/** One value of the save body, with the picker's id under the name the API expects. */
function toInput(entry: DocumentMetadataEntry, value: string | null, id: number | null) {
  const input: MetadataValueInput = { metadataDefinitionId: entry.metadata.id, value };
  switch (fieldKind(entry.metadata.metadataType.id)) {
    case 'list':
      input.lookupValueId = value === null ? null : id;
      break;
    case 'party':
      input.partyId = value === null ? null : id;
      break;
    case 'orgUnit':
      input.orgUnitId = value === null ? null : id;
      break;
    default:
  }
  return input;
}

function storedId(entry: DocumentMetadataEntry): number | null {
  switch (fieldKind(entry.metadata.metadataType.id)) {
    case 'list':
      return entry.lookupValue?.id ?? null;
    case 'party':
      return entry.party?.id ?? null;
    default:
      return null;
  }
}

/**
 * The body of PUT /metadata (and /publish): only the editable fields whose value changed. Fields
 * with unreadable input are skipped (the form refuses to submit them first).
 */
export function buildSavePayload(
  entries: readonly DocumentMetadataEntry[],
  values: MetadataFormValues,
  format: DateFormat,
  documentEditable: boolean,
): MetadataValueInput[] {
  const changes: MetadataValueInput[] = [];
  for (const entry of entries) {
    if (!isEditableField(entry.metadata, documentEditable)) continue;
    const state = values[fieldName(entry.metadata.id)];
    if (!state) continue;
    const result = canonicalValue(entry.metadata, state, format);
    if ('error' in result) continue;
    const kind = fieldKind(entry.metadata.metadataType.id);
    const valueChanged = result.value !== normalisedStored(entry);
    // Profiles and document types are stored by name: a changed name is the change.
    const idChanged =
      (kind === 'list' || kind === 'party') &&
      result.value !== null &&
      state.id !== storedId(entry);
    if (valueChanged || idChanged) changes.push(toInput(entry, result.value, state.id));
  }
  return changes;
}

/** Every field's current canonical value by definition id (what Send validates). */
export function currentValues(
  entries: readonly DocumentMetadataEntry[],
  values: MetadataFormValues,
  format: DateFormat,
): Record<number, string | null> {
  return Object.fromEntries(
    entries.map((entry) => {
      const state = values[fieldName(entry.metadata.id)];
      if (!state) return [entry.metadata.id, entry.value];
      const result = canonicalValue(entry.metadata, state, format);
      return [entry.metadata.id, 'error' in result ? state.text : result.value];
    }),
  );
}
