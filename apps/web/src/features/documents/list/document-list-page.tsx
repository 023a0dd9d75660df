import Stack from '@mui/material/Stack';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import SendOutlined from '@mui/icons-material/SendOutlined';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import {
  accountingReportTypeIds,
  ALL_STATUSES,
  canSendDocumentType,
  decideWorkflowMove,
  declineMessages,
  documentStatusTabs,
  hasReturnKindFilter,
  parseReturnKind,
  RouteStatus,
  routeStatusName,
  standardListColumns,
  type ListField,
  type ListView,
  type ReturnKind,
  type DocumentTypeSummary,
  type ResultRow,
  type RouteStatusId,
} from '@flowline/shared';
import {
  ConfirmDialog,
  DataTable,
  SearchField,
  useServerTable,
} from '../../../components/data-table';
import { ExportMenu } from '../../../components/export-menu';
import { PageHeader } from '../../../components/page-header';
import { NotFoundPage } from '../../../components/page-not-found';
import { useDocumentTypes } from '../../document-types/api';
import { useFeatureFlags } from '../../feature-flags/api';
import { useSession } from '../../session/use-session';
import { useSnackbar } from '../../../components/snackbar';
import { errorMessage } from '../../../lib/api-error';
import { useBulkApprove, useDocumentList, type DocumentListQuery } from './api';
import {
  documentPath,
  documentCollapseOrder,
  documentRowClassName,
  documentTableSx,
  useDocumentColumns,
} from './document-columns';
import { resultSetColumns } from './result-set-columns';
import { ReturnKindFilter } from './return-kind-filter';
import { StatusTabs } from './status-tabs';
import { ListViewSwitch, useHasResponsesView } from './list-view-switch';
import { useStatusFilter } from './use-status-filter';
import { ColumnsFiltersDialog } from './columns-filters-dialog';
import { useDeleteListView, useListViews, useTypeFields } from './list-views-api';
import { FilterChips } from './filter-chips';
import { SaveViewDialog } from './save-view-dialog';
import { useListView } from './use-list-view';

// The Send dialog (picker, drop zone, upload) loads only when opened.
const BulkSignDialog = lazy(() =>
  import('./bulk-sign-dialog').then((m) => ({ default: m.BulkSignDialog })),
);
const BulkDeclineDialog = lazy(() =>
  import('./bulk-decline-dialog').then((m) => ({ default: m.BulkDeclineDialog })),
);
const DivisionOrderResponsesView = lazy(() =>
  import('../../division-orders/responses-view').then((m) => ({
    default: m.DivisionOrderResponsesView,
  })),
);
const SendDialog = lazy(() =>
  import('../send/send-dialog').then((m) => ({ default: m.SendDialog })),
);

const noSelection: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** /documentlist/{documentTypeId}?documentRouteStatusId (spec 3 §2 Document list). */
export function DocumentListPage() {
  const { documentTypeId } = useParams();
  const typeId = /^\d{1,9}$/.test(documentTypeId ?? '') ? Number(documentTypeId) : null;
  const types = useDocumentTypes();
  const { accountingReportFlag } = useFeatureFlags();
  // The navigation has the types already; the list waits for them to know whether it exists.
  if (types.isPending && typeId !== null) return null;
  // An id that names no document type is not a page (issue 11 item 11), not an empty list.
  if (typeId === null || (types.data && !types.data.some((t) => t.id === typeId))) {
    return <NotFoundPage />;
  }
  // The six accounting reports exist only with their flag; the server refuses their lists too.
  if (!accountingReportFlag && accountingReportTypeIds.includes(typeId)) return <NotFoundPage />;
  // A fresh list state (search, paging, sort) per type: each type remembers its own.
  return <DocumentListViews key={typeId} typeId={typeId} />;
}

/**
 * The Pending Division Order list of a company that sends them has two views (issue 31 item 4):
 * its documents, and 'Responses' — the analyst's view (`?view=responses`).
 */
function DocumentListViews({ typeId }: { typeId: number }) {
  const { company } = useSession();
  const [params, setParams] = useSearchParams();
  const responses = useHasResponsesView(typeId, company.partyTypeIds);
  const view = responses && params.get('view') === 'responses' ? 'responses' : 'documents';
  const switcher = responses ? (
    <ListViewSwitch
      value={view}
      onChange={(next) =>
        setParams((p) => {
          if (next === 'responses') p.set('view', next);
          else {
            p.delete('view');
            p.delete('response');
            p.delete('declineReason');
          }
          return p;
        })
      }
    />
  ) : null;
  if (view === 'responses') return <ResponsesPage typeId={typeId} switcher={switcher} />;
  return <DocumentList typeId={typeId} switcher={switcher} />;
}

function ResponsesPage({ typeId, switcher }: { typeId: number; switcher: ReactNode }) {
  const type = useDocumentTypes().data?.find((t) => t.id === typeId);
  return (
    <>
      <PageHeader title={documentListTitle(type)} />
      {switcher}
      <Suspense fallback={null}>
        <DivisionOrderResponsesView />
      </Suspense>
    </>
  );
}

/** Title: the type name plus 's' ('AR Invoices'). */
export const documentListTitle = (type: DocumentTypeSummary | undefined) =>
  type ? `${type.name}s` : 'Documents';

function DocumentList({ typeId, switcher }: { typeId: number; switcher: ReactNode }) {
  const navigate = useNavigate();
  const { user, company } = useSession();
  const type = useDocumentTypes().data?.find((t) => t.id === typeId);
  const title = documentListTitle(type);
  const tabs = documentStatusTabs(typeId);
  const [status, setStatus] = useStatusFilter(typeId);
  const [params, setParams] = useSearchParams();
  const returnKind = hasReturnKindFilter(typeId) ? parseReturnKind(params.get('returnKind')) : null;
  const [sending, setSending] = useState(false);
  const snackbar = useSnackbar();
  const canSend = canSendDocumentType(
    { roles: user.roles, userType: user.userType, partyTypeIds: company.partyTypeIds },
    typeId,
  );

  const table = useServerTable({
    // Any column the server describes can be sorted: the order is read from the sort model below.
    orderByFields: ['id'],
    defaultSort: { field: 'id', direction: 'desc' },
    storageKey: `documents.${typeId}`,
  });
  const [sort] = table.sortModel;
  // Saved views, columns and filters (issue 30 item 6): held in the URL.
  const views = useListViews(typeId);
  const listView = useListView(views.data);
  const selectedView = listView.view;
  const { setSortModel } = table;
  // A view brings its sort when it is selected (or the page opens on it).
  useEffect(() => {
    if (selectedView) {
      setSortModel([{ field: selectedView.orderBy, sort: selectedView.orderByDirection }]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per view, not per change of it
  }, [selectedView?.id, setSortModel]);
  const [customizing, setCustomizing] = useState(false);
  const [savingView, setSavingView] = useState<'new' | 'update' | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteView = useDeleteListView(typeId);
  const typeFields = useTypeFields(typeId, customizing);
  const query: DocumentListQuery = {
    ...table.query,
    orderBy: sort?.field ?? 'id',
    orderByDirection: sort?.sort === 'asc' ? 'asc' : 'desc',
    ...(status !== ALL_STATUSES ? { documentRouteStatusId: status } : {}),
    ...(returnKind ? { returnKind } : {}),
    ...listView.query,
  };
  const list = useDocumentList(typeId, query);
  const listFields: ListField[] = [
    ...standardListColumns,
    ...(typeFields.data?.metadataDefinitions ?? []).map((d) => ({
      key: d.key,
      name: d.name,
      fieldTypeId: d.metadataType.id,
    })),
  ];
  const shownColumns = listView.columns ?? list.data?.columns.map((c) => c.key) ?? [];
  const viewState = {
    documentTypeId: typeId,
    columns: listView.columns ?? null,
    filters: listView.filters,
    orderBy: query.orderBy,
    orderByDirection: query.orderByDirection,
  };
  const selectView = (view: ListView | null) => {
    listView.select(view);
    table.setPaginationModel({ ...table.paginationModel, page: 0 });
  };
  const columns = useDocumentColumns(resultSetColumns(list.data?.columns), {
    sortable: true,
    showStatus: true,
  });

  // Bulk Approve: the received rows the transition table lets this user approve.
  const approvable = (row: ResultRow) =>
    row.side === 'received' &&
    !!type &&
    decideWorkflowMove({
      action: 'approve',
      templateId: type.documentTypeTemplateId,
      documentTypeId: type.id,
      routeStatusId: row.routeStatusId,
      side: 'received',
      userType: user.userType,
      roles: user.roles,
    }).allowed;
  const anyApprovable = (list.data?.rows ?? []).some(approvable);
  // Sign selected (issue 31): the received pending division orders this user may return.
  const signable = (row: ResultRow) =>
    row.side === 'received' &&
    !!type &&
    decideWorkflowMove({
      action: 'return',
      templateId: type.documentTypeTemplateId,
      documentTypeId: type.id,
      routeStatusId: row.routeStatusId,
      side: 'received',
      userType: user.userType,
      roles: user.roles,
    }).allowed;
  const anySignable = !anyApprovable && (list.data?.rows ?? []).some(signable);
  const selectable = anyApprovable ? approvable : signable;
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const [signing, setSigning] = useState<ResultRow[] | null>(null);
  const [declining, setDeclining] = useState<ResultRow[] | null>(null);
  const selectedRows = (list.data?.rows ?? []).filter(
    (r) => selectable(r) && selection.ids.has(r.id) === (selection.type === 'include'),
  );
  const selectedIds = selectedRows.map((r) => r.id);
  const bulkApprove = useBulkApprove();
  const approveSelected = () =>
    bulkApprove.mutate(selectedIds, {
      onSuccess: (result) => {
        if (result.refused.length === 0) snackbar.showSuccess(result.message);
        else snackbar.showError(`${result.message}: ${result.refused[0]?.message ?? ''}`);
        setSelection(noSelection);
      },
      onError: (error) => snackbar.showError(errorMessage(error)),
    });

  const changeStatus = (next: RouteStatusId | 0) => {
    setStatus(next);
    table.setPaginationModel({ ...table.paginationModel, page: 0 });
  };
  // A kind of return is a kind of Returned: choosing one leaves a tab of another status.
  const changeReturnKind = (next: ReturnKind | null) => {
    setParams((p) => {
      if (next) p.set('returnKind', next);
      else p.delete('returnKind');
      if (next && status !== ALL_STATUSES && status !== RouteStatus.Returned) {
        p.set('documentRouteStatusId', String(RouteStatus.Returned));
      }
      return p;
    });
    table.setPaginationModel({ ...table.paginationModel, page: 0 });
  };

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          >
            <ExportMenu
              path="/exports/documents"
              query={{
                list: 'type',
                documentTypeId: typeId,
                orderBy: query.orderBy,
                orderByDirection: query.orderByDirection,
                query: query.query,
                documentRouteStatusId: query.documentRouteStatusId,
                returnKind: query.returnKind,
                ...listView.query,
              }}
            />
            <Button variant="outlined" onClick={() => setCustomizing(true)}>
              Columns and filters
            </Button>
            <Button variant="outlined" onClick={() => setSavingView('new')}>
              Save view
            </Button>
            {canSend && type ? (
              <Button
                variant="contained"
                startIcon={<SendOutlined />}
                onClick={() => setSending(true)}
              >
                Send
              </Button>
            ) : null}
          </Stack>
        }
      />
      {switcher}
      {(tabs || (views.data?.length ?? 0) > 0) && (
        <StatusTabs
          statuses={tabs ?? []}
          value={status}
          onChange={changeStatus}
          views={views.data}
          viewId={selectedView ? selectedView.id : null}
          onViewChange={(id) => selectView(views.data?.find((v) => v.id === id) ?? null)}
        />
      )}
      {selectedView && (
        <Box sx={{ mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            label={
              listView.changed
                ? `View: ${selectedView.name} (changed)`
                : `View: ${selectedView.name}`
            }
          />
          {selectedView.canEdit && (
            <>
              <Button size="small" onClick={() => setSavingView('update')}>
                Update view
              </Button>
              <Button size="small" color="error" onClick={() => setConfirmingDelete(true)}>
                Delete view
              </Button>
              <ConfirmDialog
                open={confirmingDelete}
                title="Delete view"
                message={`Delete the view '${selectedView.name}'${selectedView.shared ? ' for everyone in the company' : ''}?`}
                confirmLabel="Delete"
                busy={deleteView.isPending}
                onClose={() => setConfirmingDelete(false)}
                onConfirm={() =>
                  deleteView.mutate(selectedView.id, {
                    onSuccess: () => {
                      setConfirmingDelete(false);
                      selectView(null);
                      snackbar.showSuccess('View deleted');
                    },
                  })
                }
              />
            </>
          )}
        </Box>
      )}
      {!tabs && status !== ALL_STATUSES && (
        // A type without tabs filtered by a link: the filter shows and can be removed.
        <Box sx={{ mb: 2 }}>
          <Chip
            label={`Status: ${routeStatusName(status)}`}
            onDelete={() => changeStatus(ALL_STATUSES)}
          />
        </Box>
      )}
      {hasReturnKindFilter(typeId) && (
        <ReturnKindFilter value={returnKind} onChange={changeReturnKind} />
      )}
      <FilterChips
        filters={listView.filters}
        nameOf={(key) =>
          listFields.find((f) => f.key === key)?.name ??
          list.data?.columns.find((c) => c.key === key)?.name ??
          key
        }
        onChange={(next) => {
          listView.apply(listView.columns, next);
          table.setPaginationModel({ ...table.paginationModel, page: 0 });
        }}
      />
      <SearchField value={table.search} onChange={table.setSearch} />
      {anyApprovable && (
        <Box sx={{ mb: 1, display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button
            variant="contained"
            color="success"
            disabled={selectedIds.length === 0 || bulkApprove.isPending}
            onClick={approveSelected}
          >
            {selectedIds.length > 0 ? `Approve (${selectedIds.length})` : 'Approve'}
          </Button>
        </Box>
      )}
      {anySignable && (
        <Box sx={{ mb: 1, display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button
            variant="contained"
            disabled={selectedRows.length === 0}
            onClick={() => setSigning(selectedRows)}
          >
            {selectedRows.length > 0 ? `Sign selected (${selectedRows.length})` : 'Sign selected'}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={selectedRows.length === 0}
            onClick={() => setDeclining(selectedRows)}
          >
            {selectedRows.length > 0
              ? `${declineMessages.bulkAction} (${selectedRows.length})`
              : declineMessages.bulkAction}
          </Button>
        </Box>
      )}
      <DataTable<ResultRow>
        label={title}
        columns={columns}
        rows={list.data?.rows}
        rowCount={list.data?.totalRecords}
        loading={list.isFetching}
        table={table}
        onRowClick={(row) => void navigate(documentPath(row.id))}
        getRowClassName={documentRowClassName}
        collapseOrder={documentCollapseOrder}
        {...(anyApprovable || anySignable
          ? {
              isRowSelectable: selectable,
              rowSelectionModel: selection,
              onRowSelectionModelChange: setSelection,
            }
          : {})}
        noRowsLabel={table.search.trim() ? 'No documents match your search.' : `No ${title} yet.`}
        sx={documentTableSx}
      />
      {signing && (
        <Suspense fallback={null}>
          <BulkSignDialog
            rows={signing}
            columns={list.data?.columns ?? []}
            onClose={() => {
              setSigning(null);
              setSelection(noSelection);
            }}
          />
        </Suspense>
      )}
      {declining && (
        <Suspense fallback={null}>
          <BulkDeclineDialog
            rows={declining}
            columns={list.data?.columns ?? []}
            onClose={() => {
              setDeclining(null);
              setSelection(noSelection);
            }}
          />
        </Suspense>
      )}
      {customizing && typeFields.data && (
        <ColumnsFiltersDialog
          fields={listFields}
          columns={shownColumns}
          filters={listView.filters}
          onApply={(columns, filters) => {
            listView.apply(columns, filters);
            table.setPaginationModel({ ...table.paginationModel, page: 0 });
            setCustomizing(false);
          }}
          onClose={() => setCustomizing(false)}
        />
      )}
      {savingView && (
        <SaveViewDialog
          state={viewState}
          existing={savingView === 'update' ? selectedView : undefined}
          onSaved={(view) => {
            setSavingView(null);
            snackbar.showSuccess('View saved');
            selectView(view);
          }}
          onClose={() => setSavingView(null)}
        />
      )}
      {sending && type && (
        <Suspense fallback={null}>
          <SendDialog documentType={type} onClose={() => setSending(false)} />
        </Suspense>
      )}
    </>
  );
}
