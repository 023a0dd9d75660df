import {
  DocumentTypeId,
  inboxColumnHeaders,
  RouteStatus,
  type DocumentListQueryParsed as ListQuery,
  type DocumentResultSet,
  type Inbox,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import {
  genericColumns,
  presentGenericRow,
  presentInboxItem,
  presentTypeRow,
  typeColumns,
} from './presenter';
import {
  documentTypeExists,
  findRoutePage,
  findTypeDefinitions,
  type ListFilter,
  type ListSort,
} from './repository';
import { hasSortIndex } from './sort-indexes';
import { genericSortKey, typeSortKey, type SortKey } from './sort-keys';

/**
 * Document route lists (spec 2 §7.3, spec 3 §2): reads for every role of the company, scoped to
 * its own routes. Sort keys come from a whitelist (sort-keys.ts); user text never becomes SQL.
 */

function sortOf(key: SortKey, q: ListQuery): ListSort {
  if (key === undefined) {
    throw badRequest(`Cannot sort by '${q.orderBy}'`, 'invalid_order_by', {
      orderBy: 'Not a sortable column',
    });
  }
  return { key, direction: q.orderByDirection };
}

const pageOf = (q: ListQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

async function requireDocumentType(db: Db, documentTypeId: number) {
  if (!(await documentTypeExists(db, documentTypeId))) {
    throw notFound('Document type not found', 'document_type_not_found');
  }
}

/**
 * The list of one document type: its list columns, the company's routes of that type (both
 * sides), sorted by id, status, counterparty or any metadata key of the type (typed sort).
 */
export async function listByType(
  db: Db,
  ctx: TenantContext,
  documentTypeId: number,
  q: ListQuery,
  extra: Omit<ListFilter, 'documentTypeIds' | 'statusId' | 'query'> = {},
): Promise<DocumentResultSet> {
  const definitions = await findTypeDefinitions(db, documentTypeId);
  if (definitions.length === 0) await requireDocumentType(db, documentTypeId);
  const sort = {
    ...sortOf(typeSortKey(q.orderBy, definitions), q),
    indexed: hasSortIndex(documentTypeId, q.orderBy),
  };
  const columns = typeColumns(definitions.filter((d) => d.listColumnOrder !== null));
  const { rows, totalRecords } = await findRoutePage(
    db,
    ctx.companyId,
    {
      ...extra,
      documentTypeIds: [documentTypeId],
      statusId: q.documentRouteStatusId,
      query: q.query || undefined,
    },
    sort,
    pageOf(q),
    { withNames: false },
  );
  return { columns, rows: rows.map((r) => presentTypeRow(r, columns)), totalRecords };
}

/** A list that mixes types, with the generic columns (Type, Number, From / To, …). */
export async function listGeneric(
  db: Db,
  ctx: TenantContext,
  q: ListQuery,
  filter: Omit<ListFilter, 'statusId' | 'query'> = {},
): Promise<DocumentResultSet> {
  const { rows, totalRecords } = await findRoutePage(
    db,
    ctx.companyId,
    { ...filter, statusId: q.documentRouteStatusId, query: q.query || undefined },
    sortOf(genericSortKey(q.orderBy), q),
    pageOf(q),
    { withNames: true },
  );
  return { columns: genericColumns(), rows: rows.map(presentGenericRow), totalRecords };
}

/** Documents the company received, all types, newest first; Doc # is the item id. */
export async function listInbox(db: Db, ctx: TenantContext, q: ListQuery): Promise<Inbox> {
  const { rows, totalRecords } = await findRoutePage(
    db,
    ctx.companyId,
    { side: 'received', statusId: q.documentRouteStatusId, query: q.query || undefined },
    sortOf(genericSortKey(q.orderBy), q),
    pageOf(q),
    { withNames: true },
  );
  return {
    columnHeaders: inboxColumnHeaders.map((h) => ({ key: h.key, name: h.name })),
    items: rows.map(presentInboxItem),
    totalRecords,
  };
}

/** Pending division orders the company received and has not returned yet. */
export function listNotReturnedDivisionOrders(db: Db, ctx: TenantContext, q: ListQuery) {
  return listByType(db, ctx, DocumentTypeId.PendingDivisionOrder, q, {
    side: 'received',
    notStatusId: RouteStatus.Returned,
  });
}
