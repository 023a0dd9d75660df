import {
  TYPEAHEAD_LIMIT,
  type DocumentResultSet,
  type SearchRequest,
  type TypeaheadResponse,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { genericColumns, presentGenericRow, presentSuggestion } from './presenter';
import { findTypeaheadRows, searchRoutes } from './search-repository';

/** Global search (spec 3 §7 POST /search) over the company's own documents, ranked. */
export async function search(
  db: Db,
  ctx: TenantContext,
  request: Required<SearchRequest>,
): Promise<DocumentResultSet> {
  const { rows, totalRecords } = await searchRoutes(db, ctx.companyId, request.querySearchTerm, {
    limit: request.pageSize,
    offset: (request.page - 1) * request.pageSize,
  });
  return { columns: genericColumns(), rows: rows.map(presentGenericRow), totalRecords };
}

/** Type-ahead suggestions of the top bar (spec 2 §7.4 GET /typeahead?query=). */
export async function typeahead(
  db: Db,
  ctx: TenantContext,
  query: string,
): Promise<TypeaheadResponse> {
  const rows = await findTypeaheadRows(db, ctx.companyId, query, TYPEAHEAD_LIMIT);
  return { items: rows.map((row) => presentSuggestion(row, query)) };
}
