import {
  COUNTERPARTY_COLUMN_KEY,
  counterpartyColumnName,
  DocumentTypeId,
  listViewProblems,
  standardListColumns,
  type ListFilters,
  type ListSides,
  FieldType,
  inboxColumnHeaders,
  RouteStatus,
  typeListColumns,
  type DocumentListQueryParsed as ListQuery,
  type ResultColumn,
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
import type {
  ExportColumn,
  ExportColumnKind,
  ExportSource,
  ExportValue,
} from '../list-export/writer';
import { canChangeData } from '@flowline/shared';
import { delegatorsOf } from '../approvals/delegations';
import {
  countRoutes,
  documentTypeExists,
  findListSides,
  findDocumentTypeName,
  findRouteKeysetPage,
  findRoutePage,
  findTypeDefinitions,
  type ListFilter,
  type ListKeyset,
  type ListSort,
  type RouteListRow,
  type WaitingFor,
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

type TypeDefinitions = Awaited<ReturnType<typeof findTypeDefinitions>>;

/** A list query's columns and filters (docs/list-views.md). */
interface ViewQuery {
  columns?: string[];
  filters?: ListFilters;
}

/**
 * Checks the columns and filters against the type's fields (unknown field, a filter of the wrong
 * kind → 400 with each problem located) and turns the filters into the repository's.
 */
export function typeViewFilter(
  definitions: TypeDefinitions,
  q: ViewQuery,
): Pick<ListFilter, 'fields' | 'counterparty' | 'exported'> {
  const problems = listViewProblems(definitions, q);
  if (problems.length > 0) {
    throw badRequest(
      problems[0]!.message,
      'invalid_list_view',
      Object.fromEntries(problems.map((p) => [p.path, p.message])),
    );
  }
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  return {
    fields: q.filters?.fields.map((f) => ({ ...f, fieldTypeId: byKey.get(f.field)!.fieldTypeId })),
    counterparty: q.filters?.counterparty,
    exported: q.filters?.exported,
  };
}

/** Lists that mix types take only the filters that are not a field's. */
function genericViewFilter(q: ViewQuery): Pick<ListFilter, 'counterparty' | 'exported'> {
  if (q.columns || q.filters?.fields.length) {
    const key = q.columns ? 'columns' : 'filters.fields';
    const message = 'Columns and field filters apply to the list of one document type';
    throw badRequest(message, 'invalid_list_view', { [key]: message });
  }
  return { counterparty: q.filters?.counterparty, exported: q.filters?.exported };
}

/**
 * A type list's columns: the chosen keys in their order (any field of the type, the other company
 * named by the list's sides, the Exported marker), else the type's list columns as
 * typeListColumns decides them for the sides.
 */
function typeListColumnsFor(
  documentTypeId: number,
  definitions: TypeDefinitions,
  sides: ListSides,
  chosen: string[] | undefined,
): ResultColumn[] {
  if (chosen) {
    const byKey = new Map(definitions.map((d) => [d.key, d]));
    return chosen.map((key) => {
      const field = byKey.get(key);
      if (field) return typeColumns([field])[0]!;
      if (key === COUNTERPARTY_COLUMN_KEY) {
        return { key, name: counterpartyColumnName(sides), metadataType: { id: FieldType.Text } };
      }
      const standard = standardListColumns.find((c) => c.key === key)!;
      return { key, name: standard.name, metadataType: { id: standard.fieldTypeId } };
    });
  }
  return typeListColumns(
    documentTypeId,
    typeColumns(definitions.filter((d) => d.listColumnOrder !== null)),
    sides,
    (name) => ({ key: COUNTERPARTY_COLUMN_KEY, name, metadataType: { id: FieldType.Text } }),
  );
}

async function requireDocumentType(db: Db, documentTypeId: number) {
  if (!(await documentTypeExists(db, documentTypeId))) {
    throw notFound('Document type not found', 'document_type_not_found');
  }
}

/**
 * The list of one document type: its list columns as typeListColumns decides them for the sides
 * the company's list holds (the sender's name on the receiving side, never a column that only
 * repeats the company's own name), the company's routes of that type, sorted by id, status,
 * counterparty or any metadata key of the type (typed sort).
 */
export async function listByType(
  db: Db,
  ctx: TenantContext,
  documentTypeId: number,
  q: ListQuery,
  extra: Pick<ListFilter, 'side' | 'hasStatus' | 'notStatusId'> = {},
): Promise<DocumentResultSet> {
  const definitions = await findTypeDefinitions(db, documentTypeId);
  if (definitions.length === 0) await requireDocumentType(db, documentTypeId);
  const view = typeViewFilter(definitions, q);
  const sort = {
    ...sortOf(typeSortKey(q.orderBy, definitions), q),
    indexed: hasSortIndex(documentTypeId, q.orderBy),
  };
  const [sides, { rows, totalRecords }] = await Promise.all([
    extra.side
      ? { sent: extra.side === 'sent', received: extra.side === 'received' }
      : findListSides(db, ctx.companyId, documentTypeId),
    findRoutePage(
      db,
      ctx.companyId,
      {
        ...extra,
        ...view,
        documentTypeIds: [documentTypeId],
        statusId: q.documentRouteStatusId,
        returnKind: q.returnKind,
        query: q.query || undefined,
      },
      sort,
      pageOf(q),
      { withNames: true },
    ),
  ]);
  const columns = typeListColumnsFor(documentTypeId, definitions, sides, q.columns);
  return { columns, rows: rows.map((r) => presentTypeRow(r, columns)), totalRecords };
}

/** A list that mixes types, with the generic columns (Type, Number, From / To, …). */
export async function listGeneric(
  db: Db,
  ctx: TenantContext,
  q: ListQuery,
  filter: Pick<ListFilter, 'side' | 'hasStatus' | 'documentTypeIds'> = {},
): Promise<DocumentResultSet> {
  const { rows, totalRecords } = await findRoutePage(
    db,
    ctx.companyId,
    {
      ...filter,
      ...genericViewFilter(q),
      statusId: q.documentRouteStatusId,
      returnKind: q.returnKind,
      query: q.query || undefined,
    },
    sortOf(genericSortKey(q.orderBy), q),
    pageOf(q),
    { withNames: true },
  );
  return { columns: genericColumns(filter.side), rows: rows.map(presentGenericRow), totalRecords };
}

/**
 * Who 'My approvals' waits for: the caller, and the members who delegated their approvals to
 * them for today — their users and roles.
 */
async function waitingForCaller(db: Db, ctx: TenantContext): Promise<WaitingFor> {
  const delegators = await delegatorsOf(db, ctx.companyId, ctx.userId, new Date());
  return {
    userIds: [ctx.userId, ...delegators.map((d) => d.userId)],
    roleIds: [...new Set([...ctx.roles, ...delegators.flatMap((d) => d.roles)])],
    actorUserId: ctx.userId,
  };
}

/** GET /documentroute/inbox/myApprovalsCount: the navigation's 'My approvals' count. */
export async function myApprovalsCount(db: Db, ctx: TenantContext) {
  if (!canChangeData(ctx)) return { count: 0 };
  return {
    count: await countRoutes(db, ctx.companyId, {
      side: 'received',
      waitingFor: await waitingForCaller(db, ctx),
    }),
  };
}

/**
 * Documents the company received, all types, newest first; Doc # is the item id. With
 * `waitingForMe`: 'My approvals' — the invoices whose waiting step waits for the caller.
 */
export async function listInbox(
  db: Db,
  ctx: TenantContext,
  q: ListQuery & { waitingForMe?: boolean },
): Promise<Inbox> {
  const waitingFor = q.waitingForMe
    ? canChangeData(ctx)
      ? await waitingForCaller(db, ctx)
      : { userIds: [], roleIds: [], actorUserId: ctx.userId }
    : undefined;
  const { rows, totalRecords } = await findRoutePage(
    db,
    ctx.companyId,
    {
      ...genericViewFilter(q),
      side: 'received',
      statusId: q.documentRouteStatusId,
      returnKind: q.returnKind,
      query: q.query || undefined,
      waitingFor,
    },
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

// ---- Exports (issue 30 item 5, docs/list-exports.md) ----------------------------------------

export interface DocumentListExportRequest {
  list: 'inbox' | 'sent' | 'all' | 'type';
  documentTypeId?: number;
  orderBy: string;
  orderByDirection: 'asc' | 'desc';
  query?: string;
  documentRouteStatusId?: number;
  returnKind?: ListQuery['returnKind'];
  columns?: string[];
  filters?: ListFilters;
}

const EXPORT_PAGE_ROWS = 2000;

function kindOf(column: ResultColumn): ExportColumnKind {
  switch (column.metadataType.id) {
    case FieldType.Currency:
      return 'money';
    case FieldType.Numeric:
      return 'number';
    case FieldType.Date:
      return 'date';
    case FieldType.DateTime:
      return 'datetime';
    default:
      return 'text';
  }
}

/**
 * Every row of a document list as its screen filters and sorts it (the same filter, sort
 * whitelist and columns as listByType / listGeneric / listInbox), read in keyset pages.
 */
export async function documentListExport(
  db: Db,
  ctx: TenantContext,
  q: DocumentListExportRequest,
): Promise<ExportSource & { name: string }> {
  const common = {
    statusId: q.documentRouteStatusId,
    returnKind: q.returnKind,
    query: q.query || undefined,
  };
  const listQuery = { ...q, page: 1, pageSize: 1 } as ListQuery;
  let name: string;
  let filter: ListFilter;
  let sort: ListSort;
  let columns: ResultColumn[];
  let present: (row: RouteListRow) => (string | null)[];
  if (q.list === 'type' && q.documentTypeId !== undefined) {
    const documentTypeId = q.documentTypeId;
    const definitions = await findTypeDefinitions(db, documentTypeId);
    if (definitions.length === 0) await requireDocumentType(db, documentTypeId);
    const view = typeViewFilter(definitions, q);
    sort = sortOf(typeSortKey(q.orderBy, definitions), listQuery);
    const sides = await findListSides(db, ctx.companyId, documentTypeId);
    columns = typeListColumnsFor(documentTypeId, definitions, sides, q.columns);
    filter = { ...common, ...view, documentTypeIds: [documentTypeId] };
    const cols = columns;
    present = (row) => presentTypeRow(row, cols).values;
    name = (await findDocumentTypeName(db, documentTypeId)) ?? 'Documents';
  } else {
    sort = sortOf(genericSortKey(q.orderBy), listQuery);
    const view = genericViewFilter(q);
    if (q.list === 'inbox') {
      filter = { ...common, ...view, side: 'received' };
      columns = inboxColumnHeaders.map((h) => ({
        key: h.key,
        name: h.name,
        metadataType: {
          id:
            h.key === 'amount'
              ? FieldType.Currency
              : h.key === 'date'
                ? FieldType.DateTime
                : FieldType.Text,
        },
      }));
      name = 'Inbox';
    } else if (q.list === 'sent') {
      filter = { ...common, ...view, side: 'sent', hasStatus: true };
      columns = genericColumns('sent');
      name = 'Sent';
    } else {
      filter = { ...common, ...view };
      columns = genericColumns();
      name = 'Documents';
    }
    present = (row) => presentGenericRow(row).values;
  }
  const exportColumns: ExportColumn[] = [
    { name: 'Doc #', kind: 'number' },
    ...columns.map((c) => ({ name: c.name, kind: kindOf(c) })),
  ];
  const companyId = ctx.companyId;
  async function* pages(): AsyncGenerator<ExportValue[][]> {
    let after: ListKeyset | null = null;
    for (;;) {
      const rows = await findRouteKeysetPage(db, companyId, filter, sort, after, EXPORT_PAGE_ROWS);
      if (rows.length === 0) return;
      yield rows.map((r) => [r.id, ...present(r)]);
      if (rows.length < EXPORT_PAGE_ROWS) return;
      const last = rows[rows.length - 1]!;
      after = { value: last.sort_value, id: last.id };
    }
  }
  return { name, columns: exportColumns, pages: pages() };
}
