// The measured calls: each through the HTTP API and through the repository function the service
// calls (the same SQL, run directly), with inputs rotating per run.
import {
  FieldType,
  RouteStatus,
  TYPEAHEAD_LIMIT,
  DocumentTypeId,
  Role,
  UserType,
  zDocumentListQuery,
  zInboxQuery,
} from '@flowline/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { findRoutePage } from '../../apps/server/src/modules/document-lists/repository';
import {
  listByType,
  listGeneric,
  listInbox,
} from '../../apps/server/src/modules/document-lists/service';
import {
  findTypeaheadRows,
  searchRoutes,
} from '../../apps/server/src/modules/document-lists/search-repository';
import { tenantScopeCompanyId } from '../../apps/server/src/db/tenant-scope';
import { hasSortIndex } from '../../apps/server/src/modules/document-lists/sort-indexes';
import { metadataSortKey } from '../../apps/server/src/modules/document-lists/sql-fragments';
import { rowsOf } from '../lib/measure';

export interface Scenario {
  name: string;
  /** p95 target in ms. */
  target: number;
  /** The HTTP call of run n. */
  http: (n: number) => { method: 'GET' | 'POST'; path: string; body?: unknown };
  /** The repository call of run n (what the service runs for that request). */
  sql: (db: Db, n: number) => Promise<unknown>;
  /** A sample input, for the plans. */
  describe: string;
  /** Fewer runs for calls that can take a second. */
  maxRuns?: number;
}

const LIST_TARGET = 50;
/** Issue 16: lists, search and type-ahead all ≤ 50 ms p95 (issue 5 had 80 ms for search). */
const SEARCH_TARGET = 50;
const TYPEAHEAD_TARGET = 50;

/** Words in ~5–15% of the descriptions and property names. */
export const commonWords = ['wolfcamp', 'spraberry', 'delaware', 'strawn'];
/** What people type into the top bar: names, invoice-number pieces, amounts, 3–6 characters. */
export const typeaheadFragments = [
  'mes',
  'wol',
  'hot',
  'ham',
  'pump',
  'net 3',
  'kessl',
  'inv-20',
  '0045',
  'prui',
  'odessa',
  'frac w',
];

const at = <T>(list: T[], n: number): T => list[n % list.length]!;

function listScenario(
  companyId: number,
  key: 'docTotal' | 'docInvoiceDate',
  fieldTypeId: number,
  /** null: any status (the list page as it opens). */
  statusId: number | null,
  direction: 'asc' | 'desc' = 'desc',
): Scenario {
  const status = statusId === null ? '' : `&documentRouteStatusId=${statusId}`;
  const query = `page=1&pageSize=25&orderBy=${key}&orderByDirection=${direction}${status}`;
  return {
    name: `list: AR invoices, ${statusId === null ? 'any status' : 'Received'}, by ${key} ${direction}, 25 rows`,
    target: LIST_TARGET,
    describe: `GET /api/documentroute/all/93?${query}`,
    http: () => ({
      method: 'GET',
      path: `/api/documentroute/all/${DocumentTypeId.ArInvoice}?${query}`,
    }),
    sql: (db) =>
      findRoutePage(
        db,
        companyId,
        { documentTypeIds: [DocumentTypeId.ArInvoice], statusId: statusId ?? undefined },
        {
          key: metadataSortKey(key, fieldTypeId),
          direction,
          indexed: hasSortIndex(DocumentTypeId.ArInvoice, key),
        },
        { limit: 25, offset: 0 },
        { withNames: false },
      ),
  };
}

function searchScenario(name: string, companyId: number, terms: string[]): Scenario {
  return {
    name,
    target: SEARCH_TARGET,
    describe: `POST /api/search {"querySearchTerm":"${terms[0]}","page":1,"pageSize":25}`,
    http: (n) => ({
      method: 'POST',
      path: '/api/search',
      body: { querySearchTerm: at(terms, n), page: 1, pageSize: 25 },
    }),
    sql: (db, n) => searchRoutes(db, companyId, at(terms, n), { limit: 25, offset: 0 }),
  };
}

function typeaheadScenario(name: string, companyId: number, fragments: string[]): Scenario {
  return {
    name,
    target: TYPEAHEAD_TARGET,
    describe: `GET /api/typeahead?query=${encodeURIComponent(fragments[0]!)}`,
    http: (n) => ({
      method: 'GET',
      path: `/api/typeahead?query=${encodeURIComponent(at(fragments, n))}`,
    }),
    sql: (db, n) => findTypeaheadRows(db, companyId, at(fragments, n), TYPEAHEAD_LIMIT),
  };
}

/** What the service gets for a request of the company's administrator (user id = company id). */
function contextOf(companyId: number) {
  return { companyId, userId: companyId, userType: UserType.Regular, roles: [Role.Administrator] };
}

/**
 * A list call whose SQL side is the service function the route calls, with the query string
 * parsed by the route's own schema (inbox, sent, a saved view: page + count + names).
 */
function serviceScenario(
  name: string,
  path: string,
  params: Record<string, string>,
  run: (db: Db, query: URLSearchParams) => Promise<unknown>,
): Scenario {
  const query = new URLSearchParams({ page: '1', pageSize: '25', ...params });
  return {
    name,
    target: LIST_TARGET,
    describe: `GET ${path}?${decodeURIComponent(query.toString())}`,
    http: () => ({ method: 'GET', path: `${path}?${query.toString()}` }),
    sql: (db) => run(db, query),
  };
}

/**
 * A saved view of the AR invoice list (docs/list-views.md): an Invoice Date range (a quarter in
 * the middle of the three years) and an Invoice Total range (about the middle half of the
 * amounts), the same at every size so stages compare.
 */
export const savedViewFilters = {
  fields: [
    { field: 'docInvoiceDate', kind: 'dateRange', from: '2025-04-01', to: '2025-06-30' },
    { field: 'docTotal', kind: 'amountRange', min: '750', max: '4300' },
  ],
};

function listScenariosOf(companyId: number): Scenario[] {
  const ctx = contextOf(companyId);
  const parsed = (q: URLSearchParams) => zDocumentListQuery.parse(Object.fromEntries(q));
  return [
    serviceScenario(
      'list: inbox (received, all types), newest first',
      '/api/documentroute/inbox',
      {},
      (db, q) => listInbox(db, ctx, zInboxQuery.parse(Object.fromEntries(q))),
    ),
    serviceScenario(
      'list: sent (all types), newest first',
      '/api/documentroute/sent',
      {},
      (db, q) => listGeneric(db, ctx, parsed(q), { side: 'sent', hasStatus: true }),
    ),
    serviceScenario(
      'saved view: AR invoices, date range + amount range',
      `/api/documentroute/all/${DocumentTypeId.ArInvoice}`,
      {
        filters: JSON.stringify(savedViewFilters),
        columns: 'docNumber,docInvoiceDate,docTotal,counterparty,exported',
      },
      (db, q) => listByType(db, ctx, DocumentTypeId.ArInvoice, parsed(q)),
    ),
  ];
}

/** Invoice numbers of documents the company can see, to search for one at a time. */
export async function invoiceNumbersOf(db: Db, companyId: number, count: number) {
  const rows = rowsOf<{ n: string }>(
    await db.execute(sql`
      SELECT list_values ->> 'docNumber' AS n FROM document_routes
      WHERE company_id = ${companyId} AND document_type_id = ${DocumentTypeId.ArInvoice}
      ORDER BY hashint4(document_id) LIMIT ${count}`),
  );
  return rows.map((r) => r.n);
}

export async function scenariosFor(db: Db, companyId: number): Promise<Scenario[]> {
  const invoiceNumbers = await invoiceNumbersOf(db, companyId, 50);
  return [
    ...listScenariosOf(companyId),
    listScenario(companyId, 'docTotal', FieldType.Currency, RouteStatus.Received),
    listScenario(companyId, 'docInvoiceDate', FieldType.Date, RouteStatus.Received),
    // The whole type (no status filter) sorted by a list column: the count reads all of the
    // type's rows; the page comes from the list-sort index (issue 16), in both directions.
    listScenario(companyId, 'docInvoiceDate', FieldType.Date, null),
    listScenario(companyId, 'docInvoiceDate', FieldType.Date, null, 'asc'),
    listScenario(companyId, 'docTotal', FieldType.Currency, null),
    searchScenario('search: a common word (formation names)', companyId, commonWords),
    searchScenario('search: one invoice number (INV-yyyy-nnnnnn)', companyId, invoiceNumbers),
    typeaheadScenario('type-ahead: 3–6 character fragments', companyId, typeaheadFragments),
  ];
}

/** Records the statements a repository call sends, to EXPLAIN them afterwards. */
/** A statement as the repository sent it, with the row-level-security scope it ran in. */
export interface RecordedStatement {
  query: SQL;
  /** The company it was scoped to, or null when it ran outside row-level security. */
  companyId: number | null;
}

export function recordingDb(db: Db, statements: RecordedStatement[]): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (query: SQL) => {
          statements.push({ query, companyId: tenantScopeCompanyId() });
          return target.execute(query);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
