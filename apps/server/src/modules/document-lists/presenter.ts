import {
  COUNTERPARTY_COLUMN_KEY,
  counterpartyColumnName,
  DivisionOrderResponse,
  documentNumberKeys,
  EXPORTED_LIST_COLUMN,
  genericDocumentColumns,
  MetadataKey,
  routeStatusLabel,
  type InboxItem,
  type ResultColumn,
  type ResultRow,
  type TypeaheadSuggestion,
} from '@flowline/shared';
import type { RouteListRow } from './repository';
import type { TypeaheadRow } from './search-repository';
import { dollarTotalKeys } from './sql-fragments';

type Values = Record<string, string | null | undefined>;

/** List values are canonical text; anything else (a stray JSON value) is shown as its text. */
function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A list value as the lists show it (exports read values as text and present them alike). */
export const listText = text;

function firstOf(values: Values, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = text(values[key]);
    if (value !== null) return value;
  }
  return null;
}

export const documentNumberOf = (values: Values) => firstOf(values, documentNumberKeys);

export const typeColumns = (
  definitions: { key: string; name: string; fieldTypeId: number }[],
): ResultColumn[] =>
  definitions.map((d) => ({ key: d.key, name: d.name, metadataType: { id: d.fieldTypeId } }));

function baseRow(row: RouteListRow) {
  return {
    id: row.id,
    documentTypeId: row.document_type_id,
    routeStatusId: row.route_status_id,
    isRead: row.is_read,
    side: row.side === 'received' ? ('received' as const) : ('sent' as const),
    returnKind: row.return_kind ?? null,
  };
}

const responseStatusText = {
  signed: DivisionOrderResponse.returnedSigned,
  unsigned: DivisionOrderResponse.returnedUnsigned,
} as const;

/** One value of a type list row: the counterparty's name, the derived return kind, else the list value. */
function typeValue(row: RouteListRow, key: string): string | null {
  if (key === COUNTERPARTY_COLUMN_KEY) return row.counterparty_name;
  if (key === EXPORTED_LIST_COLUMN) return row.exported_at ?? null;
  if (key === MetadataKey.divisionOrderResponseStatus && row.return_kind) {
    return responseStatusText[row.return_kind];
  }
  return text(row.list_values[key]);
}

/** A row of a type list: the columns of typeListColumns, in column order. */
export function presentTypeRow(row: RouteListRow, columns: ResultColumn[]): ResultRow {
  return { ...baseRow(row), values: columns.map((c) => typeValue(row, c.key)) };
}

/** The generic columns' values of a row, by key (see genericDocumentColumns). */
function genericValues(row: RouteListRow): Record<string, string | null> {
  return {
    documentTypeName: row.document_type_name,
    number: documentNumberOf(row.list_values),
    counterparty: row.counterparty_name,
    amount: firstOf(row.list_values, dollarTotalKeys),
    status: routeStatusLabel(row.route_status_id, row.return_kind),
    date: row.date,
  };
}

/**
 * The generic columns; a list of one side names the other company as that side's Inbox does
 * ('From' received, 'To' sent), a list of both sides 'From / To'.
 */
export const genericColumns = (side?: 'sent' | 'received'): ResultColumn[] =>
  genericDocumentColumns.map((c) => ({
    key: c.key,
    name:
      c.key === COUNTERPARTY_COLUMN_KEY && side
        ? counterpartyColumnName({ sent: side === 'sent', received: side === 'received' })
        : c.name,
    metadataType: { id: c.metadataType.id },
  }));

/** A row of a list that mixes types (search, sent, all): the generic columns. */
export function presentGenericRow(row: RouteListRow): ResultRow {
  const values = genericValues(row);
  return { ...baseRow(row), values: genericDocumentColumns.map((c) => values[c.key] ?? null) };
}

export function presentInboxItem(row: RouteListRow): InboxItem {
  return {
    ...baseRow(row),
    documentTypeName: row.document_type_name ?? '',
    metadata: genericValues(row),
  };
}

/**
 * What a suggestion shows: the document number (or Doc # when the type has none), followed by
 * the first other value that contains the typed text, else the file name when that matched.
 */
export function presentSuggestion(row: TypeaheadRow, typed: string): TypeaheadSuggestion {
  const needle = typed.toLowerCase();
  const number = documentNumberOf(row.list_values);
  const contains = (v: string | null) => v !== null && v.toLowerCase().includes(needle);
  const matched = contains(number)
    ? null
    : (Object.values(row.list_values).map(text).find(contains) ??
      (contains(row.file_name) ? row.file_name : null));
  const head = number ?? `#${row.id}`;
  return {
    documentId: row.id,
    documentTypeId: row.document_type_id,
    documentTypeName: row.document_type_name,
    text: matched ? `${head} · ${matched}` : head,
  };
}
