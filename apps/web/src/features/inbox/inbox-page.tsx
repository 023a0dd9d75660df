import { lazy, Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import {
  canChangeData,
  genericDocumentColumns,
  isGlobalUser,
  type Inbox,
  type InboxItem,
} from '@flowline/shared';
import type { GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { DataTable, SearchField, useServerTable } from '../../components/data-table';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import {
  documentPath,
  documentCollapseOrder,
  documentRowClassName,
  documentTableSx,
  useDocumentColumns,
  type ValueColumn,
} from '../documents/list';
import { OutOfOfficeNote } from '../approvals/out-of-office-note';
import { OutOfOfficeDialog } from '../approvals/out-of-office-dialog';
import { useSession } from '../session/use-session';
import { useInbox } from './api';
import type { BulkAction } from './bulk-action-dialog';

// The bulk dialog (its fields, progress and results) loads only when an action is chosen.
const BulkActionDialog = lazy(() =>
  import('./bulk-action-dialog').then((m) => ({ default: m.BulkActionDialog })),
);

const noSelection: GridRowSelectionModel = { type: 'include', ids: new Set() };
const everyRow = () => true;

const NO_HEADERS: Inbox['columnHeaders'] = [];

const NO_SORT: GridSortModel = [];
/** The inbox's headers carry no field type: the generic columns' types apply by key. */
const typeOf = (key: string): number | null =>
  genericDocumentColumns.find((c) => c.key === key)?.metadataType.id ?? null;

/** /inbox (spec 3 §2): received documents, Doc # plus the server's columns, remembered search. */
export function InboxPage() {
  return <ReceivedDocumentsPage variant="inbox" />;
}

/**
 * /my-approvals (issue 29 item 3): the Inbox filtered to the invoices whose waiting approval step
 * waits for the user (or for someone who delegated their approvals to them), with Out of office.
 */
export function MyApprovalsPage() {
  return <ReceivedDocumentsPage variant="myApprovals" />;
}

function ReceivedDocumentsPage({ variant }: { variant: 'inbox' | 'myApprovals' }) {
  const navigate = useNavigate();
  const mine = variant === 'myApprovals';
  const title = mine ? 'My approvals' : 'Inbox';
  const [outOfOffice, setOutOfOffice] = useState(false);
  const { user } = useSession();
  // Approve, Put on hold and Assign to change data; every member may download.
  const mayAct = canChangeData(user) && !isGlobalUser(user.userType);
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const [bulk, setBulk] = useState<{ action: BulkAction; rows: InboxItem[] } | null>(null);
  const table = useServerTable({
    orderByFields: ['id'],
    defaultSort: { field: 'id', direction: 'desc' },
    storageKey: mine ? 'my-approvals' : 'inbox',
  });
  const { page, pageSize, query } = table.query;
  const inbox = useInbox({
    page,
    pageSize,
    ...(query ? { query } : {}),
    ...(mine ? { waitingForMe: true } : {}),
  });
  const headers = inbox.data?.columnHeaders ?? NO_HEADERS;
  const valueColumns = useMemo(
    () =>
      headers.map((h): ValueColumn<InboxItem> => ({
        key: h.key,
        name: h.name,
        metadataTypeId: typeOf(h.key),
        value: (row) => row.metadata[h.key],
      })),
    [headers],
  );
  // The inbox is ordered by the server (newest first); its call takes no sort.
  const columns = useDocumentColumns(valueColumns, { sortable: false, showStatus: false });
  const selectedRows = (inbox.data?.items ?? []).filter(
    (r) => selection.ids.has(r.id) === (selection.type === 'include'),
  );
  const bulkButton = (action: BulkAction, label: string) => (
    <Button
      variant={action === 'approve' ? 'contained' : 'outlined'}
      color={action === 'approve' ? 'success' : 'primary'}
      disabled={selectedRows.length === 0}
      onClick={() => setBulk({ action, rows: selectedRows })}
    >
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={title}
        actions={
          mine ? (
            <Button variant="outlined" onClick={() => setOutOfOffice(true)}>
              Out of office
            </Button>
          ) : (
            <ExportMenu
              path="/exports/documents"
              query={{
                list: 'inbox',
                orderBy: 'id',
                orderByDirection: 'desc',
                query: query || undefined,
              }}
            />
          )
        }
      />
      {mine && <OutOfOfficeNote />}
      {mine && <OutOfOfficeDialog open={outOfOffice} onClose={() => setOutOfOffice(false)} />}
      <SearchField value={table.search} onChange={table.setSearch} />
      <Box
        role="toolbar"
        aria-label="Selected documents"
        sx={{ mb: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="body2" sx={{ minWidth: 88 }} aria-live="polite">
          {`${selectedRows.length} selected`}
        </Typography>
        {mayAct && bulkButton('approve', 'Approve')}
        {mayAct && bulkButton('hold', 'Put on hold')}
        {mayAct && bulkButton('assign', 'Assign to')}
        {bulkButton('download', 'Download')}
      </Box>
      <DataTable<InboxItem>
        label={title}
        columns={columns}
        rows={inbox.data?.items}
        rowCount={inbox.data?.totalRecords}
        loading={inbox.isFetching}
        // Not sortable: no sort arrow on Doc #.
        table={{ ...table, sortModel: NO_SORT }}
        onRowClick={(row) => void navigate(documentPath(row.id))}
        getRowClassName={documentRowClassName}
        collapseOrder={documentCollapseOrder}
        isRowSelectable={everyRow}
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        noRowsLabel={
          table.search.trim()
            ? 'No documents match your search.'
            : mine
              ? 'Nothing waits for your approval.'
              : 'Your inbox is empty.'
        }
        sx={documentTableSx}
      />
      {bulk && (
        <Suspense fallback={null}>
          <BulkActionDialog
            action={bulk.action}
            rows={bulk.rows}
            onClose={() => {
              setBulk(null);
              setSelection(noSelection);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
