import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
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
  documentStatusTabs,
  routeStatusName,
  type DocumentTypeSummary,
  type ResultRow,
  type RouteStatusId,
} from '@flowline/shared';
import { DataTable, SearchField, useServerTable } from '../../../components/data-table';
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
  documentRowClassName,
  documentTableSx,
  useDocumentColumns,
} from './document-columns';
import { resultSetColumns } from './result-set-columns';
import { StatusTabs } from './status-tabs';
import { useStatusFilter } from './use-status-filter';

// The Send dialog (picker, drop zone, upload) loads only when opened.
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
  return <DocumentList key={typeId} typeId={typeId} />;
}

/** Title: the type name plus 's' ('AR Invoices'). */
export const documentListTitle = (type: DocumentTypeSummary | undefined) =>
  type ? `${type.name}s` : 'Documents';

function DocumentList({ typeId }: { typeId: number }) {
  const navigate = useNavigate();
  const { user, company } = useSession();
  const type = useDocumentTypes().data?.find((t) => t.id === typeId);
  const title = documentListTitle(type);
  const tabs = documentStatusTabs(typeId);
  const [status, setStatus] = useStatusFilter(typeId);
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
  const query: DocumentListQuery = {
    ...table.query,
    orderBy: sort?.field ?? 'id',
    orderByDirection: sort?.sort === 'asc' ? 'asc' : 'desc',
    ...(status !== ALL_STATUSES ? { documentRouteStatusId: status } : {}),
  };
  const list = useDocumentList(typeId, query);
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
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const selectedIds = (list.data?.rows ?? [])
    .filter((r) => approvable(r) && selection.ids.has(r.id) === (selection.type === 'include'))
    .map((r) => r.id);
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

  return (
    <>
      <PageHeader
        title={title}
        actions={
          canSend && type ? (
            <Button
              variant="contained"
              startIcon={<SendOutlined />}
              onClick={() => setSending(true)}
            >
              Send
            </Button>
          ) : undefined
        }
      />
      {tabs && <StatusTabs statuses={tabs} value={status} onChange={changeStatus} />}
      {!tabs && status !== ALL_STATUSES && (
        // A type without tabs filtered by a link: the filter shows and can be removed.
        <Box sx={{ mb: 2 }}>
          <Chip
            label={`Status: ${routeStatusName(status)}`}
            onDelete={() => changeStatus(ALL_STATUSES)}
          />
        </Box>
      )}
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
      <DataTable<ResultRow>
        label={title}
        columns={columns}
        rows={list.data?.rows}
        rowCount={list.data?.totalRecords}
        loading={list.isFetching}
        table={table}
        onRowClick={(row) => void navigate(documentPath(row.id))}
        getRowClassName={documentRowClassName}
        {...(anyApprovable
          ? {
              isRowSelectable: approvable,
              rowSelectionModel: selection,
              onRowSelectionModelChange: setSelection,
            }
          : {})}
        noRowsLabel={table.search.trim() ? 'No documents match your search.' : `No ${title} yet.`}
        sx={documentTableSx}
      />
      {sending && type && (
        <Suspense fallback={null}>
          <SendDialog documentType={type} onClose={() => setSending(false)} />
        </Suspense>
      )}
    </>
  );
}
