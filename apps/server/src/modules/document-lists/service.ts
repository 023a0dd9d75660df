import {
  COUNTERPARTY_COLUMN_KEY,
  DivisionOrderResponse,
  documentNumberKeys,
  EXPORTED_LIST_COLUMN,
  genericDocumentColumns,
  MetadataKey,
  routeStatusLabel,
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
import { analyzeStaleTables } from '../../db/analyze-stale';
import { cursorBatches, hasServerCursors } from '../../db/cursor';
import {
  genericColumns,
  listText,
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
  findDocumentTypeNames,
  findExportNames,
  findRouteExportPage,
  findRoutePage,
  routeExportQuery,
  type ExportRead,
  type ExportRow,
  findTypeDefinitions,
  type ListFilter,
  type ListKeyset,
  type ListSort,
  type WaitingFor,
} from './repository';
import { hasSortIndex } from './sort-indexes';
import { dollarTotalKeys } from './sql-fragments';
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

/**
 * Rows per read: a PGlite keyset page (large — each page is one statement planned and run on
 * the one connection; other requests run between pages), a PostgreSQL cursor batch.
 */
const EXPORT_PAGE_ROWS = 5000;

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
  /** Rows per page or cursor batch (tests read a small list in many pages). */
  { pageRows = EXPORT_PAGE_ROWS }: { pageRows?: number } = {},
): Promise<ExportSource & { name: string }> {
  const common = {
    statusId: q.documentRouteStatusId,
    returnKind: q.returnKind,
    query: q.query || undefined,
  };
  const listQuery = { ...q, page: 1, pageSize: 1 } as ListQuery;
  const read = new ExportReadPlan();
  let name: string;
  let filter: ListFilter;
  let sort: ListSort;
  let columns: ResultColumn[];
  let values: ExportRowValues;
  if (q.list === 'type' && q.documentTypeId !== undefined) {
    const documentTypeId = q.documentTypeId;
    const definitions = await findTypeDefinitions(db, documentTypeId);
    if (definitions.length === 0) await requireDocumentType(db, documentTypeId);
    const view = typeViewFilter(definitions, q);
    sort = sortOf(typeSortKey(q.orderBy, definitions), listQuery);
    const sides = await findListSides(db, ctx.companyId, documentTypeId);
    columns = typeListColumnsFor(documentTypeId, definitions, sides, q.columns);
    filter = { ...common, ...view, documentTypeIds: [documentTypeId] };
    values = read.typeRowValues(columns.map((c) => c.key));
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
    values = read.genericRowValues(await findDocumentTypeNames(db));
  }
  const exportColumns: ExportColumn[] = [
    { name: 'Doc #', kind: 'number' },
    ...columns.map((c) => ({ name: c.name, kind: kindOf(c) })),
  ];
  const companyId = ctx.companyId;
  // PGlite has no autovacuum: without statistics every keyset page would re-read the rest of
  // the list (db/analyze-stale.ts). A no-op on PostgreSQL.
  await analyzeStaleTables(db, ['document_routes', 'documents']);
  const names = new ExportNames(db, companyId);
  const reads = read.reads;
  async function* keysetPages(): AsyncGenerator<ExportRow[]> {
    let after: ListKeyset | null = null;
    for (;;) {
      const rows = await findRouteExportPage(db, companyId, filter, sort, reads, after, pageRows);
      if (rows.length > 0) yield rows;
      if (rows.length < pageRows) return;
      const last = rows[rows.length - 1]!;
      after = { value: last.sort_value ?? null, id: last.id };
    }
  }
  async function* pages(): AsyncGenerator<ExportValue[][]> {
    const batches = hasServerCursors(db)
      ? cursorBatches<ExportRow>(db, routeExportQuery(companyId, filter, sort, reads), pageRows)
      : keysetPages();
    for await (const rows of batches) {
      if (reads.counterparty) await names.learn(rows);
      const page: ExportValue[][] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) page[i] = values(rows[i]!, names);
      yield page;
    }
  }
  return { name, columns: exportColumns, pages: pages() };
}

/** One export row as its file's values: Doc #, then the list's columns. */
type ExportRowValues = (row: ExportRow, names: ExportNames) => ExportValue[];

const responseStatusText = {
  signed: DivisionOrderResponse.returnedSigned,
  unsigned: DivisionOrderResponse.returnedUnsigned,
} as const;

/**
 * What an export reads and how a read row becomes the list's values — the same values as the
 * list's presenters (presentTypeRow, presentGenericRow) give, from the keys read as text.
 */
class ExportReadPlan {
  readonly reads: ExportRead = {
    keys: [],
    counterparty: false,
    returnKind: false,
    date: false,
    exportedAt: false,
  };

  /** A list value by key, as the presenter's `text` shows it: empty text counts as none. */
  private value(key: string): (row: ExportRow) => string | null {
    let index = this.reads.keys.indexOf(key);
    if (index < 0) index = this.reads.keys.push(key) - 1;
    const column = `v${index}` as const;
    return (row) => {
      if (row.stray_values) return listText(row.stray_values[key]);
      const v = row[column];
      return v === null || v === undefined || v === '' ? null : v;
    };
  }

  private firstOf(keys: readonly string[]): (row: ExportRow) => string | null {
    const reads = keys.map((k) => this.value(k));
    return (row) => {
      for (const read of reads) {
        const v = read(row);
        if (v !== null) return v;
      }
      return null;
    };
  }

  /** A type list's columns (typeValue in presenter.ts). */
  typeRowValues(keys: string[]): ExportRowValues {
    const cells = keys.map((key): ((row: ExportRow, names: ExportNames) => string | null) => {
      if (key === COUNTERPARTY_COLUMN_KEY) {
        this.reads.counterparty = true;
        return (row, names) => names.of(row);
      }
      if (key === EXPORTED_LIST_COLUMN) {
        this.reads.exportedAt = true;
        return (row) => row.exported_at ?? null;
      }
      const value = this.value(key);
      if (key === MetadataKey.divisionOrderResponseStatus) {
        this.reads.returnKind = true;
        return (row) => (row.return_kind ? responseStatusText[row.return_kind] : value(row));
      }
      return value;
    });
    return (row, names) => {
      const out: ExportValue[] = new Array(cells.length + 1);
      out[0] = row.id;
      for (let i = 0; i < cells.length; i++) out[i + 1] = cells[i]!(row, names);
      return out;
    };
  }

  /** The generic columns (genericValues in presenter.ts), in genericDocumentColumns' order. */
  genericRowValues(typeNames: Map<number, string>): ExportRowValues {
    Object.assign(this.reads, { counterparty: true, returnKind: true, date: true });
    const number = this.firstOf(documentNumberKeys);
    const amount = this.firstOf(dollarTotalKeys);
    const byKey: Record<string, (row: ExportRow, names: ExportNames) => string | null> = {
      documentTypeName: (row) => typeNames.get(row.document_type_id) ?? null,
      number,
      counterparty: (row, names) => names.of(row),
      amount,
      status: (row) => routeStatusLabel(row.route_status_id, row.return_kind),
      date: (row) => row.date ?? null,
    };
    const cells = genericDocumentColumns.map((c) => byKey[c.key] ?? (() => null));
    return (row, names) => {
      const out: ExportValue[] = new Array(cells.length + 1);
      out[0] = row.id;
      for (let i = 0; i < cells.length; i++) out[i + 1] = cells[i]!(row, names);
      return out;
    };
  }
}

/** Above this many names known, an export forgets them (a list with very many other companies). */
const MAX_KNOWN_NAMES = 50_000;

/**
 * The other company's name as the company knows it (counterpartyName in sql-fragments.ts: its own
 * connection's name, else the company's), looked up once per page for the ids not yet known.
 */
class ExportNames {
  private readonly parties = new Map<number, string | null>();
  private readonly companies = new Map<number, string | null>();

  constructor(
    private readonly db: Db,
    private readonly companyId: number,
  ) {}

  async learn(rows: ExportRow[]): Promise<void> {
    if (this.parties.size + this.companies.size > MAX_KNOWN_NAMES) {
      this.parties.clear();
      this.companies.clear();
    }
    const partyIds = new Set<number>();
    const companyIds = new Set<number>();
    for (const row of rows) {
      if (row.party_id != null && !this.parties.has(row.party_id)) partyIds.add(row.party_id);
      const company = row.counterparty_company_id;
      if (company != null && !this.companies.has(company)) companyIds.add(company);
    }
    if (partyIds.size === 0 && companyIds.size === 0) return;
    const found = await findExportNames(this.db, this.companyId, [...partyIds], [...companyIds]);
    for (const id of partyIds) this.parties.set(id, found.parties.get(id) ?? null);
    for (const id of companyIds) this.companies.set(id, found.companies.get(id) ?? null);
  }

  of(row: ExportRow): string | null {
    const party = row.party_id != null ? (this.parties.get(row.party_id) ?? null) : null;
    if (party !== null) return party;
    const company = row.counterparty_company_id;
    return company != null ? (this.companies.get(company) ?? null) : null;
  }
}
