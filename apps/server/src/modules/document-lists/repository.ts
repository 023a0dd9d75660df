import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { RouteStatus } from '@flowline/shared';
import type { Db } from '../../db/client';
import { documentTypes, metadataDefinitions } from '../../db/schema/index';
import {
  counterpartyName,
  documentTypeName,
  isoTimestamp,
  liveDocument,
  rowsOf,
  statusFilter,
  textFilter,
  whereAll,
} from './sql-fragments';

/**
 * The SQL of the document route lists. Every function takes the company id first and reads only
 * that company's `document_routes` rows (its sent and received documents), live documents only.
 * The page and its total run with the same WHERE; sort keys come from the service's whitelist.
 */

export type SortDirection = 'asc' | 'desc';

/** A whitelisted sort: null key = by document id. Ties always go to the newest document. */
export interface ListSort {
  key: SQL | null;
  direction: SortDirection;
}

export interface ListFilter {
  documentTypeIds?: number[];
  side?: 'sent' | 'received';
  /** Only routes that have a status (i.e. sent documents, not drafts). */
  hasStatus?: boolean;
  /** documentRouteStatusId: > 0 filters (New also matches a missing status). */
  statusId?: number;
  /** Routes whose status is not this one (a missing status is New). */
  notStatusId?: number;
  query?: string;
}

export interface ListPage {
  limit: number;
  offset: number;
}

export interface RouteListRow {
  id: number;
  document_type_id: number;
  route_status_id: number | null;
  is_read: boolean;
  side: string;
  list_values: Record<string, string | null>;
  /** Null when the page was read without names. */
  counterparty_name: string | null;
  document_type_name: string | null;
  date: string;
}

export async function documentTypeExists(db: Db, documentTypeId: number) {
  const [type] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(eq(documentTypes.id, documentTypeId));
  return type !== undefined;
}

/** The type's metadata fields: list columns first in their order, then the others. */
export async function findTypeDefinitions(db: Db, documentTypeId: number) {
  return db
    .select({
      key: metadataDefinitions.key,
      name: metadataDefinitions.name,
      fieldTypeId: metadataDefinitions.fieldTypeId,
      listColumnOrder: metadataDefinitions.listColumnOrder,
    })
    .from(metadataDefinitions)
    .where(eq(metadataDefinitions.documentTypeId, documentTypeId))
    .orderBy(
      sql`${metadataDefinitions.listColumnOrder} ASC NULLS LAST`,
      asc(metadataDefinitions.sortOrder),
      asc(metadataDefinitions.id),
    );
}

function listWhere(companyId: number, f: ListFilter): SQL {
  const types = f.documentTypeIds;
  return whereAll([
    sql`r.company_id = ${companyId}`,
    types === undefined
      ? null
      : types.length === 1
        ? sql`r.document_type_id = ${types[0]}`
        : sql`r.document_type_id IN (${sql.join(
            types.map((t) => sql`${t}`),
            sql`, `,
          )})`,
    f.side ? sql`r.side = ${f.side}` : null,
    f.hasStatus ? sql`r.route_status_id IS NOT NULL` : null,
    statusFilter(f.statusId),
    f.notStatusId ? sql`coalesce(r.route_status_id, ${RouteStatus.New}) <> ${f.notStatusId}` : null,
    textFilter(f.query),
    liveDocument,
  ]);
}

export function orderClause(sort: ListSort): SQL {
  const direction = sql.raw(sort.direction === 'asc' ? 'ASC' : 'DESC');
  if (!sort.key) return sql`r.document_id ${direction}`;
  return sql`${sort.key} ${direction} NULLS LAST, r.document_id DESC`;
}

/**
 * One page of routes plus the total, both from SQL. Names (type, counterparty) are looked up for
 * the page's rows only; `ord` keeps the page in sort order through those joins.
 */
export async function findRoutePage(
  db: Db,
  companyId: number,
  filter: ListFilter,
  sort: ListSort,
  page: ListPage,
  options: { withNames: boolean },
): Promise<{ rows: RouteListRow[]; totalRecords: number }> {
  const where = listWhere(companyId, filter);
  const order = orderClause(sort);
  const names = options.withNames
    ? sql`${documentTypeName} AS document_type_name, ${counterpartyName} AS counterparty_name`
    : sql`NULL AS document_type_name, NULL AS counterparty_name`;
  const [pageResult, countResult] = await Promise.all([
    db.execute(sql`
      SELECT r.document_id AS id, r.document_type_id, r.route_status_id, r.is_read, r.side,
        r.list_values, ${names}, ${isoTimestamp(sql`r.created_at`)} AS date
      FROM (
        SELECT r.document_id, r.document_type_id, r.route_status_id, r.is_read, r.side, r.list_values,
          r.party_id, r.company_id, r.counterparty_company_id, r.created_at,
          row_number() OVER (ORDER BY ${order}) AS ord
        FROM document_routes r
        WHERE ${where}
        ORDER BY ${order}
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) r
      ORDER BY r.ord`),
    db.execute(sql`SELECT count(*)::int AS n FROM document_routes r WHERE ${where}`),
  ]);
  const [count] = rowsOf<{ n: number }>(countResult);
  return { rows: rowsOf<RouteListRow>(pageResult), totalRecords: Number(count?.n ?? 0) };
}
