import { sql, type SQL } from 'drizzle-orm';
import { EXPORTED_LIST_COLUMN, RouteStatus } from '@flowline/shared';
import {
  asNumeric,
  counterpartyName,
  documentAmount,
  documentNumber,
  documentTypeName,
  exportedAt,
  metadataSortKey,
} from './sql-fragments';

/**
 * The whitelist of sort keys: an `orderBy` name maps to a fixed SQL expression over
 * `document_routes r`; null means by document id; undefined means not sortable (a 400).
 */
export type SortKey = SQL | null | undefined;

const byStatus = sql`coalesce(r.route_status_id, ${RouteStatus.New})`;

/** Sorts every list accepts: the document id, its status, its counterparty, when it was exported. */
function commonSortKey(orderBy: string): SortKey {
  if (orderBy === 'id') return null;
  if (orderBy === 'routeStatusId' || orderBy === 'status') return byStatus;
  if (orderBy === 'counterparty') return sql`lower(${counterpartyName})`;
  if (orderBy === EXPORTED_LIST_COLUMN) return exportedAt;
  return undefined;
}

const genericKeys: Record<string, SQL> = {
  documentTypeName,
  number: sql`lower(${documentNumber})`,
  amount: asNumeric(documentAmount),
  date: sql`r.created_at`,
};

/** Lists that mix types sort by the generic columns. */
export function genericSortKey(orderBy: string): SortKey {
  const common = commonSortKey(orderBy);
  if (common !== undefined) return common;
  return Object.hasOwn(genericKeys, orderBy) ? genericKeys[orderBy] : undefined;
}

/** A type's list sorts by any metadata key of the type, typed by its field type. */
export function typeSortKey(
  orderBy: string,
  fields: { key: string; fieldTypeId: number }[],
): SortKey {
  const common = commonSortKey(orderBy);
  if (common !== undefined) return common;
  const field = fields.find((f) => f.key === orderBy);
  return field ? metadataSortKey(field.key, field.fieldTypeId) : undefined;
}
