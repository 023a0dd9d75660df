import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { approvableStatuses, RouteStatus, type ListSides, type ReturnKind } from '@flowline/shared';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import { documentTypes, metadataDefinitions } from '../../db/schema/index';
import {
  counterpartyFilter,
  counterpartyName,
  exportedAt,
  exportedFilter,
  fieldFilterSql,
  type TypedFieldFilter,
  documentTypeName,
  isoTimestamp,
  liveDocument,
  returnKind,
  returnKindFilter,
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

/**
 * A whitelisted sort: null key = by document id. Ties go by document id in the same direction
 * (desc: newest first), so one index serves both directions.
 */
export interface ListSort {
  key: SQL | null;
  direction: SortDirection;
  /**
   * The key has a list-sort index (sort-indexes.ts): read the rows with a value and those without
   * separately, each in index order, so the page comes from an index scan that stops after it
   * instead of a sort of every row (nulls last in both directions cannot come from one scan).
   */
  indexed?: boolean;
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
  /** Only Returned routes that came back signed / unsigned (issue 27 item 9). */
  returnKind?: ReturnKind;
  query?: string;
  /** 'My approvals' (issue 29 item 3): invoices whose waiting step waits for these. */
  waitingFor?: WaitingFor;
  /** Columns and filters (issue 30 item 6, docs/list-views.md): ranges and text on fields. */
  fields?: TypedFieldFilter[];
  /** The other company's name contains this. */
  counterparty?: string;
  /** Exported to the ERP or not. */
  exported?: 'yes' | 'no';
}

/** Filters that may leave only a few rows scattered over the sort key's order. */
const narrows = (f: ListFilter) =>
  !!(
    f.statusId ||
    f.returnKind ||
    f.query ||
    f.fields?.length ||
    f.counterparty !== undefined ||
    f.exported !== undefined
  );

export interface WaitingFor {
  /** The caller and the members who delegated their approvals to them today. */
  userIds: number[];
  roleIds: number[];
  /** The caller: a chain they already approved a step of is not theirs to approve again. */
  actorUserId: number;
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
  /** A Returned route: how its document came back; null otherwise. */
  return_kind: ReturnKind | null;
  date: string;
  /** When the company last exported the document to its ERP (ISO UTC), null if never. */
  exported_at: string | null;
}

export async function documentTypeExists(db: Db, documentTypeId: number) {
  const [type] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(eq(documentTypes.id, documentTypeId));
  return type !== undefined;
}

/** The type's metadata fields: list columns first in their order, then the others. */
type TypeDefinition = Pick<
  typeof metadataDefinitions.$inferSelect,
  'key' | 'name' | 'fieldTypeId' | 'listColumnOrder'
>;

/**
 * A type's metadata definitions are reference data — written only by the seed at start
 * (db/seed/reference-data.ts) — so every list request need not read them again: they are kept
 * per database for the life of the process, a round trip less on the list path.
 */
const definitionsByDatabase = new WeakMap<Db, Map<number, Promise<TypeDefinition[]>>>();

export function findTypeDefinitions(db: Db, documentTypeId: number): Promise<TypeDefinition[]> {
  let byType = definitionsByDatabase.get(db);
  if (!byType) definitionsByDatabase.set(db, (byType = new Map()));
  const cached = byType.get(documentTypeId);
  if (cached) return cached;
  const loading = readTypeDefinitions(db, documentTypeId);
  byType.set(documentTypeId, loading);
  // Only types that exist stay: any id can be asked for, and unknown ones must not fill the map.
  loading.then(
    (definitions) => definitions.length === 0 && byType.delete(documentTypeId),
    () => byType.delete(documentTypeId),
  );
  return loading;
}

async function readTypeDefinitions(db: Db, documentTypeId: number): Promise<TypeDefinition[]> {
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
    returnKindFilter(f.returnKind),
    textFilter(f.query),
    f.waitingFor ? waitingForFilter(f.waitingFor) : null,
    ...(f.fields ?? []).map(fieldFilterSql),
    f.counterparty !== undefined ? counterpartyFilter(f.counterparty) : null,
    f.exported !== undefined ? exportedFilter(f.exported) : null,
    liveDocument,
  ]);
}

const intArray = (ids: number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  )}]::integer[]`;

/**
 * Approvable invoices whose chain's waiting step names one of the users or roles — read through
 * the chain's waiting columns (GIN on the users, btree on company + role), not its JSON.
 */
function waitingForFilter(w: WaitingFor): SQL {
  const users = w.userIds.length > 0 ? sql`c.waiting_user_ids && ${intArray(w.userIds)}` : null;
  const roles = w.roleIds.length > 0 ? sql`c.waiting_role_id = ANY(${intArray(w.roleIds)})` : null;
  const who = [users, roles].filter((p): p is SQL => p !== null);
  const approved = JSON.stringify({ steps: [{ approval: { userId: w.actorUserId } }] });
  return sql`r.route_status_id IN (${sql.join(
    approvableStatuses.map((s) => sql`${s}`),
    sql`, `,
  )}) AND EXISTS (
    SELECT 1 FROM document_approval_chains c
    WHERE c.document_id = r.document_id AND c.company_id = r.company_id
      AND c.waiting_step IS NOT NULL
      AND (${who.length > 0 ? sql.join(who, sql` OR `) : sql`false`})
      AND NOT c.chain @> ${approved}::jsonb
  )`;
}

/** How many routes the filter holds (the 'My approvals' count). */
export async function countRoutes(db: Db, companyId: number, filter: ListFilter) {
  const result = await withoutTenantScope(() =>
    db.execute(
      sql`SELECT count(*)::int AS n FROM document_routes r WHERE ${listWhere(companyId, filter)}`,
    ),
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export function orderClause(sort: ListSort): SQL {
  const direction = sql.raw(sort.direction === 'asc' ? 'ASC' : 'DESC');
  if (!sort.key) return sql`r.document_id ${direction}`;
  return sql`${sort.key} ${direction} NULLS LAST, r.document_id ${direction}`;
}

const routeColumns = sql`r.document_id, r.document_type_id, r.route_status_id, r.is_read, r.side,
  r.list_values, r.party_id, r.company_id, r.counterparty_company_id, r.created_at`;

/**
 * The page's rows with their position `ord`. An indexed key reads two parts, each an index scan
 * in index order that stops after `offset + limit` rows: the rows with a value (in the key's
 * order), then those without (by document id); the outer ORDER BY on the part number keeps
 * them in that order (a sort of at most 2 × (offset + limit) rows).
 */
function pageRows(where: SQL, filter: ListFilter, sort: ListSort, page: ListPage): SQL {
  const order = orderClause(sort);
  // With a status filter, a text query or a view's filters the matching rows may lie anywhere in the key's order
  // (a status correlates with dates; a rare text matches few rows): walking the index until a
  // page is found could read the whole type, so those read the filtered rows and sort them.
  if (!sort.key || !sort.indexed || narrows(filter)) {
    return sql`
      SELECT ${routeColumns}, row_number() OVER (ORDER BY ${order}) AS ord
      FROM document_routes r
      WHERE ${where}
      ORDER BY ${order}
      LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  const direction = sql.raw(sort.direction === 'asc' ? 'ASC' : 'DESC');
  const reach = page.offset + page.limit;
  const outer = sql`u.part, u.sort_value ${direction}, u.document_id ${direction}`;
  return sql`
    SELECT u.*, row_number() OVER (ORDER BY ${outer}) AS ord
    FROM (
      (SELECT 1 AS part, ${sort.key} AS sort_value, ${routeColumns}
       FROM document_routes r
       WHERE ${where} AND ${sort.key} IS NOT NULL
       ORDER BY ${sort.key} ${direction}, r.document_id ${direction}
       LIMIT ${reach})
      UNION ALL
      (SELECT 2 AS part, NULL AS sort_value, ${routeColumns}
       FROM document_routes r
       WHERE ${where} AND ${sort.key} IS NULL
       ORDER BY r.document_id ${direction}
       LIMIT ${reach})
    ) u
    ORDER BY ${outer}
    LIMIT ${page.limit} OFFSET ${page.offset}`;
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
  const names = options.withNames
    ? sql`${documentTypeName} AS document_type_name, ${counterpartyName} AS counterparty_name`
    : sql`NULL AS document_type_name, NULL AS counterparty_name`;
  // Outside row-level security, like search: the page reads the list-sort indexes, whose
  // conditions (`list_values ->> key`) are not leakproof, so under the policies PostgreSQL could
  // not use them and read the company's whole type (1M documents: 9 ms → 250–450 ms,
  // docs/row-level-security.md). Every part keeps `r.company_id = companyId` itself.
  const [pageResult, countResult] = await withoutTenantScope(() =>
    Promise.all([
      db.execute(sql`
      SELECT r.document_id AS id, r.document_type_id, r.route_status_id, r.is_read, r.side,
        r.list_values, ${names}, ${returnKind} AS return_kind,
        ${isoTimestamp(sql`r.created_at`)} AS date, ${isoTimestamp(exportedAt)} AS exported_at
      FROM (${pageRows(where, filter, sort, page)}) r
      ORDER BY r.ord`),
      db.execute(sql`SELECT count(*)::int AS n FROM document_routes r WHERE ${where}`),
    ]),
  );
  const [count] = rowsOf<{ n: number }>(countResult);
  return { rows: rowsOf<RouteListRow>(pageResult), totalRecords: Number(count?.n ?? 0) };
}

/**
 * Which sides of a type the company's list holds (issue 27 item 1: the columns depend on it):
 * two probes that stop at the first live route, read through `document_routes_company_side_idx`
 * (company, side, document) INCLUDE (document_type_id).
 */
export async function findListSides(
  db: Db,
  companyId: number,
  documentTypeId: number,
): Promise<ListSides> {
  const probe = (side: 'sent' | 'received') => sql`EXISTS (
    SELECT 1 FROM document_routes r
    WHERE r.company_id = ${companyId} AND r.side = ${side}
      AND r.document_type_id = ${documentTypeId} AND ${liveDocument})`;
  const result = await db.execute(
    sql`SELECT ${probe('sent')} AS sent, ${probe('received')} AS received`,
  );
  const [row] = rowsOf<{ sent: boolean; received: boolean }>(result);
  return { sent: !!row?.sent, received: !!row?.received };
}

/** Where a keyset read resumes: the last row's sort value (as text) and document id. */
export interface ListKeyset {
  value: string | null;
  id: number;
}

function keysetCondition(sort: ListSort, after: ListKeyset | null): SQL | null {
  if (!after) return null;
  const before = sort.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  if (!sort.key) return sql`r.document_id ${before} ${after.id}`;
  // NULLS LAST in both directions: rows with a value come first, then those without by id.
  if (after.value === null)
    return sql`(${sort.key} IS NULL AND r.document_id ${before} ${after.id})`;
  return sql`(${sort.key} ${before} ${after.value}
    OR (${sort.key} = ${after.value} AND r.document_id ${before} ${after.id})
    OR ${sort.key} IS NULL)`;
}

/** What an export reads per row besides the document id (issue 30 'Speed', docs/list-exports.md). */
export interface ExportRead {
  /** Metadata keys read as text columns `v0…vn` (never the whole list values as JSON). */
  keys: string[];
  /** The route's party and counterparty company ids (the other company's name, looked up once per page). */
  counterparty: boolean;
  /** The derived return kind (a Returned route's status label, the response status column). */
  returnKind: boolean;
  /** created_at as ISO text (the generic lists' Date column). */
  date: boolean;
  /** When the company last exported the document to its ERP (the Exported column). */
  exportedAt: boolean;
}

/**
 * A row of an export read: `v0…vn` are the read keys' list values as text; `stray_values` is
 * the whole list values only in the rare row where one of those keys holds JSON that is not a
 * string (the list presents it as its JSON text), null otherwise.
 */
export interface ExportRow {
  id: number;
  document_type_id: number;
  route_status_id: number | null;
  party_id?: number | null;
  counterparty_company_id?: number | null;
  return_kind?: ReturnKind | null;
  date?: string;
  exported_at?: string | null;
  stray_values: Record<string, unknown> | null;
  sort_value?: string | null;
  [value: `v${number}`]: string | null;
}

/** A metadata key as a literal in the SQL text when it is a plain identifier, else a parameter. */
const keyLiteral = (key: string): SQL =>
  /^[A-Za-z][A-Za-z0-9_]*$/.test(key) ? sql.raw(`'${key}'`) : sql`${key}::text`;

function exportColumns(read: ExportRead, sort: ListSort, withSortValue: boolean): SQL {
  const parts: SQL[] = [sql`r.document_id AS id, r.document_type_id, r.route_status_id`];
  read.keys.forEach((key, i) =>
    parts.push(sql`r.list_values ->> ${keyLiteral(key)} AS ${sql.raw(`v${i}`)}`),
  );
  if (read.keys.length > 0) {
    const stray = read.keys.map(
      (key) => sql`jsonb_typeof(r.list_values -> ${keyLiteral(key)}) NOT IN ('string', 'null')`,
    );
    parts.push(sql`CASE WHEN ${sql.join(stray, sql` OR `)} THEN r.list_values END AS stray_values`);
  } else {
    parts.push(sql`NULL::jsonb AS stray_values`);
  }
  if (read.counterparty) parts.push(sql`r.party_id, r.counterparty_company_id`);
  if (read.returnKind) parts.push(sql`${returnKind} AS return_kind`);
  if (read.date) parts.push(sql`${isoTimestamp(sql`r.created_at`)} AS date`);
  if (read.exportedAt) parts.push(sql`${isoTimestamp(exportedAt)} AS exported_at`);
  if (withSortValue) {
    parts.push(sort.key ? sql`(${sort.key})::text AS sort_value` : sql`NULL::text AS sort_value`);
  }
  return sql.join(parts, sql`, `);
}

/**
 * An export's rows in the list's order (exports, issue 30 item 5): the same WHERE and ORDER BY as
 * findRoutePage, reading only what the export writes — the chosen keys' values as text, no
 * per-row name lookups (exportNames does them once per page). With `after` and `limit`: the page
 * after a keyset (PGlite reads the list in pages, so other requests run between them); without:
 * the whole list as one statement, for a server-side cursor (PostgreSQL).
 */
export function routeExportQuery(
  companyId: number,
  filter: ListFilter,
  sort: ListSort,
  read: ExportRead,
  page?: { after: ListKeyset | null; limit: number },
): SQL {
  const where = whereAll([
    listWhere(companyId, filter),
    page ? keysetCondition(sort, page.after) : null,
  ]);
  return sql`
    SELECT ${exportColumns(read, sort, page !== undefined)}
    FROM document_routes r
    WHERE ${where}
    ORDER BY ${orderClause(sort)}${page ? sql` LIMIT ${page.limit}` : sql``}`;
}

export async function findRouteExportPage(
  db: Db,
  companyId: number,
  filter: ListFilter,
  sort: ListSort,
  read: ExportRead,
  after: ListKeyset | null,
  limit: number,
): Promise<ExportRow[]> {
  // Outside row-level security for the same reason as findRoutePage; the WHERE keeps the company.
  const result = await withoutTenantScope(() =>
    db.execute(routeExportQuery(companyId, filter, sort, read, { after, limit })),
  );
  return rowsOf(result);
}

/**
 * The names the other companies of an export's rows go by for the company (counterpartyName):
 * its own connections' names by party id, the companies' names by company id. Read for the ids
 * not yet known, once per page; outside row-level security like the list (the companies are
 * other tenants; the parties are read for the company only).
 */
export async function findExportNames(
  db: Db,
  companyId: number,
  partyIds: number[],
  companyIds: number[],
): Promise<{ parties: Map<number, string | null>; companies: Map<number, string | null> }> {
  const [parties, companies] = await withoutTenantScope(() =>
    Promise.all([
      partyIds.length === 0
        ? []
        : db.execute(sql`SELECT pa.id, pa.name FROM parties pa
            WHERE pa.company_id = ${companyId} AND pa.id = ANY(${intArray(partyIds)})`),
      companyIds.length === 0
        ? []
        : db.execute(
            sql`SELECT c.id, c.name FROM companies c WHERE c.id = ANY(${intArray(companyIds)})`,
          ),
    ]),
  );
  const byId = (result: unknown) =>
    new Map(rowsOf<{ id: number; name: string | null }>(result).map((r) => [r.id, r.name]));
  return { parties: byId(parties), companies: byId(companies) };
}

/** Every document type's name (a few dozen rows), for the generic lists' Type column. */
export async function findDocumentTypeNames(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: documentTypes.id, name: documentTypes.name })
    .from(documentTypes);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findDocumentTypeName(db: Db, documentTypeId: number) {
  const [type] = await db
    .select({ name: documentTypes.name })
    .from(documentTypes)
    .where(eq(documentTypes.id, documentTypeId));
  return type?.name ?? null;
}
