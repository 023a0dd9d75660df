import { sql, type SQL } from 'drizzle-orm';
import {
  type FieldFilter,
  DivisionOrderResponse,
  documentNumberKeys,
  FieldType,
  MetadataKey,
  metadataFieldSeeds,
  RouteStatus,
  type ReturnKind,
} from '@flowline/shared';

/**
 * SQL pieces shared by the list, search and count queries. Every query reads `document_routes r`
 * of one company; user text only ever reaches SQL as a bound parameter.
 */

/** The document behind the route is live: not soft-deleted, not an unused replace-file upload. */
export const liveDocument = sql`NOT EXISTS (
  SELECT 1 FROM documents d
  WHERE d.id = r.document_id AND (d.deleted_at IS NOT NULL OR d.is_temporary)
)`;

/** documentRouteStatusId > 0 filters the status; New (7) also matches a missing status. */
export function statusFilter(statusId: number | undefined): SQL | null {
  if (!statusId) return null;
  if (statusId === RouteStatus.New) {
    return sql`(r.route_status_id = ${RouteStatus.New} OR r.route_status_id IS NULL)`;
  }
  return sql`r.route_status_id = ${statusId}`;
}

/**
 * How a Returned route's document came back (issue 27 item 9), null for other statuses. The
 * signing module records it in the read-only response status field (list value
 * `docDOResponseStatus`, set by Return signed and Return unsigned); a return without that value
 * counts as signed when the document carries a signature (a signed return is a new version with
 * a `document_signatures` row), else unsigned. Read from the route row and, at most, one index
 * probe of `document_signatures_document_idx` per row.
 */
export const returnKind = sql`(CASE WHEN r.route_status_id = ${RouteStatus.Returned} THEN
  CASE r.list_values ->> ${sql.raw(`'${MetadataKey.divisionOrderResponseStatus}'`)}
    WHEN ${DivisionOrderResponse.returnedUnsigned} THEN 'unsigned'
    WHEN ${DivisionOrderResponse.returnedSigned} THEN 'signed'
    ELSE CASE WHEN EXISTS (SELECT 1 FROM document_signatures s WHERE s.document_id = r.document_id)
      THEN 'signed' ELSE 'unsigned' END
  END
END)`;

/** Only Returned routes whose document came back signed / unsigned. */
export function returnKindFilter(kind: ReturnKind | undefined): SQL | null {
  if (!kind) return null;
  return sql`r.route_status_id = ${RouteStatus.Returned} AND ${returnKind} = ${kind}`;
}

/** LIKE pattern for "contains", with the user's wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Search within a list: the trigram haystack (doc #, metadata, type and file name) contains it. */
export function textFilter(query: string | undefined): SQL | null {
  if (!query) return null;
  return sql`r.search_text ILIKE ${containsPattern(query)}`;
}

/** A field filter of a saved view or a list's query, with the field's type (docs/list-views.md). */
export type TypedFieldFilter = FieldFilter & { fieldTypeId: number };

/** The day after an ISO date, as ISO text ('2026-01-31' → '2026-02-01'). */
function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * One field filter as SQL over the route's list values, with the same expression as the field's
 * sort key (the key a literal), so a list-sort expression index (sort-indexes.ts) serves a range
 * on a list-column field: dates compare as their canonical ISO text (a date-time's day counts
 * whole: `< the next day`), amounts as numbers (a value that is not a plain decimal matches no
 * range), text case-insensitively as 'contains'.
 */
export function fieldFilterSql(f: TypedFieldFilter): SQL {
  const key = metadataSortKey(f.field, f.fieldTypeId);
  if (f.kind === 'dateRange') {
    const parts = [
      f.from ? sql`${key} >= ${f.from}` : null,
      f.to ? sql`${key} < ${nextDay(f.to)}` : null,
    ];
    return sql`(${whereAll(parts)})`;
  }
  if (f.kind === 'amountRange') {
    const parts = [
      f.min !== undefined ? sql`${key} >= ${f.min}::numeric` : null,
      f.max !== undefined ? sql`${key} <= ${f.max}::numeric` : null,
    ];
    return sql`(${whereAll(parts)})`;
  }
  return sql`${literalListValue(f.field, sql`r.list_values`)} ILIKE ${containsPattern(f.contains)}`;
}

/** The other company's name (as the company knows it) contains the text. */
export const counterpartyFilter = (text: string) =>
  sql`${counterpartyName} ILIKE ${containsPattern(text)}`;

/**
 * When the company last exported the document to its ERP (issue 30 item 4: 'Exported to ERP'),
 * null if never: one probe of `erp_approvals_document_idx` (company, document).
 */
export const exportedAt = sql`(SELECT max(e.exported_at) FROM erp_approvals e
  WHERE e.company_id = r.company_id AND e.document_id = r.document_id)`;

export const exportedFilter = (exported: 'yes' | 'no') =>
  exported === 'yes'
    ? sql`EXISTS (SELECT 1 FROM erp_approvals e
        WHERE e.company_id = r.company_id AND e.document_id = r.document_id AND e.exported_at IS NOT NULL)`
    : sql`NOT EXISTS (SELECT 1 FROM erp_approvals e
        WHERE e.company_id = r.company_id AND e.document_id = r.document_id AND e.exported_at IS NOT NULL)`;

export function whereAll(parts: (SQL | null)[]): SQL {
  return sql.join(
    parts.filter((p): p is SQL => p !== null),
    sql` AND `,
  );
}

/** A list value; empty text counts as missing. */
export const listValue = (key: string) => sql`nullif(r.list_values ->> ${key}::text, '')`;

/**
 * A list value with the key written into the SQL as a literal (not a bound parameter), so the
 * expression is the same text whatever the statement: the list-sort expression indexes
 * (sort-indexes.ts) match it in generic and custom plans alike. Keys are metadata keys (letters,
 * digits, underscores); anything else falls back to a parameter.
 */
function literalListValue(key: string, column: SQL): SQL {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(key)) return sql`nullif(${column} ->> ${key}::text, '')`;
  return sql`nullif(${column} ->> ${sql.raw(`'${key}'`)}::text, '')`;
}

/** Numbers parse only when they look like the canonical plain decimal; anything else sorts as null. */
export const asNumeric = (value: SQL) =>
  sql`(CASE WHEN ${value} ~ '^-?([0-9]+[.]?[0-9]*|[.][0-9]+)$' THEN (${value})::numeric END)`;

/**
 * The sort key of a metadata field, typed by its field type: numbers and amounts numerically,
 * dates and date-times as their canonical ISO text (which sorts chronologically), the rest
 * case-insensitively.
 */
export function metadataSortKey(
  key: string,
  fieldTypeId: number,
  column: SQL = sql`r.list_values`,
): SQL {
  const value = literalListValue(key, column);
  if (fieldTypeId === FieldType.Numeric || fieldTypeId === FieldType.Currency) {
    return asNumeric(value);
  }
  if (fieldTypeId === FieldType.Date || fieldTypeId === FieldType.DateTime) return value;
  return sql`lower(${value})`;
}

const dollarTotalKeys = [
  ...new Set(metadataFieldSeeds.filter((f) => f.isDollarTotal).map((f) => f.key)),
];

const coalesceKeys = (keys: readonly string[]) =>
  sql`coalesce(${sql.join(
    keys.map((k) => listValue(k)),
    sql`, `,
  )})`;

/** The document number of any type (the first of the number keys it has). */
export const documentNumber = coalesceKeys(documentNumberKeys);
/** The dollar total of any type (its isDollarTotal field). */
export const documentAmount = coalesceKeys(dollarTotalKeys);
export { dollarTotalKeys };

/** The counterparty as this company knows it: its own connection's name, else the company's. */
export const counterpartyName = sql`coalesce(
  (SELECT pa.name FROM parties pa WHERE pa.id = r.party_id AND pa.company_id = r.company_id),
  (SELECT c.name FROM companies c WHERE c.id = r.counterparty_company_id)
)`;

export const documentTypeName = sql`(SELECT dt.name FROM document_types dt WHERE dt.id = r.document_type_id)`;

/** A timestamp as ISO 8601 in UTC with milliseconds (what the SPA parses and formats). */
export const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** node-postgres returns { rows }, PGlite too; keep both shapes readable. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
