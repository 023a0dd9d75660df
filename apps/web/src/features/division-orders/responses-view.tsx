import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import {
  DECLINE_REASONS,
  DIVISION_ORDER_RESPONSE_KINDS,
  canChangeData,
  declineReasonLabels,
  divisionOrderMessages as msg,
  divisionOrderResponseLabels,
  type DeclineReason,
  type DivisionOrderResponseKind,
  type DivisionOrderRow,
  type RemindResult,
  isAdministrator,
} from '@flowline/shared';
import { DataTable, SearchField, useServerTable } from '../../components/data-table';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { downloadExport } from '../../lib/download-export';
import { useDateFormatter } from '../preferences';
import { useSession } from '../session/use-session';
import { downloadSigned, useDivisionOrderResponses, useRemind, type ResponsesQuery } from './api';

const ReminderSettingsDialog = lazy(() =>
  import('./reminder-settings-dialog').then((m) => ({ default: m.ReminderSettingsDialog })),
);

const ANY = 'any';
const noSelection: GridRowSelectionModel = { type: 'include', ids: new Set() };
/** The API pages at most 200 rows; Remind and the zip take at most 100 at a time. */
const PAGE_SIZES = [25, 50, 100] as const;

const responseColors: Record<DivisionOrderResponseKind, 'success' | 'error' | 'warning'> = {
  signed: 'success',
  unsigned: 'error',
  awaiting: 'warning',
};

export const parseResponse = (value: string | null): DivisionOrderResponseKind | undefined =>
  (DIVISION_ORDER_RESPONSE_KINDS as readonly string[]).includes(value ?? '')
    ? (value as DivisionOrderResponseKind)
    : undefined;
const parseReason = (value: string | null): DeclineReason | undefined =>
  (DECLINE_REASONS as readonly string[]).includes(value ?? '')
    ? (value as DeclineReason)
    : undefined;

/** The decline reason as the operator reads it: the owner's words when given, else the label. */
export const declineText = (row: DivisionOrderRow) =>
  row.declineText ?? (row.declineReason ? declineReasonLabels[row.declineReason] : null);

/**
 * Issue 31 item 4, the analyst's view: the operator's sent pending division orders with how each
 * came back (Signed / Unsigned / Awaiting), the decline reason and days outstanding, filtered on
 * the server; Remind, Download signed, Export CSV and (Administrators) the automatic reminders.
 * Shown as the 'Responses' view of the Pending Division Order list (docs/signing.md).
 */
export function DivisionOrderResponsesView() {
  const navigate = useNavigate();
  const { user } = useSession();
  const snackbar = useSnackbar();
  const dates = useDateFormatter();
  const [params, setParams] = useSearchParams();
  const response = parseResponse(params.get('response'));
  const declineReason = parseReason(params.get('declineReason'));
  const writer = canChangeData(user);
  const admin = isAdministrator(user);

  const table = useServerTable({
    orderByFields: ['id'],
    defaultSort: { field: 'id', direction: 'desc' },
    storageKey: 'division-order-responses',
  });
  const pageSize = Math.min(Math.max(table.query.pageSize, 1), 100);
  const filters = {
    ...(response ? { response } : {}),
    ...(declineReason ? { declineReason } : {}),
    ...(table.query.query ? { q: table.query.query } : {}),
  };
  const query: ResponsesQuery = { ...filters, page: table.query.page, pageSize };
  const list = useDivisionOrderResponses(query);
  const rows = list.data?.rows ?? [];

  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const selected = rows.filter((r) => selection.ids.has(r.id) === (selection.type === 'include'));
  const awaiting = selected.filter((r) => r.response === 'awaiting');
  const signed = selected.filter((r) => r.response === 'signed');
  const [reminded, setReminded] = useState<{
    result: RemindResult;
    rows: DivisionOrderRow[];
  } | null>(null);
  const [zipping, setZipping] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const remind = useRemind();

  const setFilter = (name: 'response' | 'declineReason', value: string | undefined) => {
    setParams((p) => {
      if (value) p.set(name, value);
      else p.delete(name);
      // A decline reason is a kind of Unsigned.
      if (name === 'declineReason' && value) p.set('response', 'unsigned');
      if (name === 'response' && value !== 'unsigned') p.delete('declineReason');
      return p;
    });
    table.setPaginationModel({ ...table.paginationModel, page: 0 });
    setSelection(noSelection);
  };

  const sendReminders = () => {
    const chosen = awaiting;
    remind.mutate(
      chosen.map((r) => r.id),
      {
        onSuccess: (result) => {
          setReminded({ result, rows: chosen });
          setSelection(noSelection);
        },
        onError: (error) => snackbar.showError(errorMessage(error)),
      },
    );
  };

  const saveSigned = async () => {
    setZipping(true);
    try {
      await downloadSigned(signed.map((r) => r.id));
      const left = selected.length - signed.length;
      snackbar.showSuccess(
        left > 0
          ? `Downloaded ${signed.length} signed; ${left} not signed left out.`
          : `Downloaded ${signed.length} signed division order${signed.length === 1 ? '' : 's'}.`,
      );
    } catch (error) {
      snackbar.showError(errorMessage(error));
    } finally {
      setZipping(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadExport('/division-orders/responses.csv', filters);
    } catch (error) {
      snackbar.showError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const columns: GridColDef<DivisionOrderRow>[] = [
    {
      field: 'id',
      headerName: 'Doc #',
      minWidth: 80,
      sortable: false,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={`/documents/${row.id}`}
          onClick={(e) => e.stopPropagation()}
        >
          {row.id}
        </Link>
      ),
    },
    { field: 'owner', headerName: 'Owner', flex: 1, minWidth: 140, sortable: false },
    { field: 'property', headerName: 'Property', flex: 1, minWidth: 140, sortable: false },
    { field: 'well', headerName: 'Well', flex: 1, minWidth: 120, sortable: false },
    {
      field: 'decimalInterest',
      headerName: 'Decimal Interest',
      minWidth: 110,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
    },
    {
      field: 'sentAt',
      headerName: 'Sent',
      minWidth: 100,
      sortable: false,
      valueFormatter: (value: string | null) => (value ? dates.formatDate(value) : ''),
    },
    {
      field: 'lastRemindedAt',
      headerName: msg.lastReminded,
      minWidth: 120,
      sortable: false,
      valueFormatter: (value: string | null) => (value ? dates.formatDate(value) : ''),
    },
    {
      field: 'declineReason',
      headerName: msg.declineReason,
      flex: 1,
      minWidth: 150,
      sortable: false,
      valueGetter: (_value, row) => declineText(row) ?? '',
    },
    {
      field: 'daysOutstanding',
      headerName: msg.daysOutstanding,
      minWidth: 110,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
    },
    {
      field: 'response',
      headerName: msg.response,
      minWidth: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={responseColors[row.response]}
          label={divisionOrderResponseLabels[row.response]}
        />
      ),
    },
  ];

  const refused = reminded?.result.results.filter((r) => !r.ok) ?? [];
  const nameOf = (id: number) => {
    const row = reminded?.rows.find((r) => r.id === id);
    return `#${id}${row?.property ? ` ${row.property}` : ''}`;
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          select
          size="small"
          label={msg.response}
          value={response ?? ANY}
          onChange={(e) =>
            setFilter('response', e.target.value === ANY ? undefined : e.target.value)
          }
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ANY}>All responses</MenuItem>
          {DIVISION_ORDER_RESPONSE_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {divisionOrderResponseLabels[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={msg.declineReason}
          value={declineReason ?? ANY}
          onChange={(e) =>
            setFilter('declineReason', e.target.value === ANY ? undefined : e.target.value)
          }
          sx={{ minWidth: 200 }}
        >
          <MenuItem value={ANY}>Any reason</MenuItem>
          {DECLINE_REASONS.map((reason) => (
            <MenuItem key={reason} value={reason}>
              {declineReasonLabels[reason]}
            </MenuItem>
          ))}
        </TextField>
        <SearchField value={table.search} onChange={table.setSearch} />
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
        role="toolbar"
        aria-label="Division order actions"
      >
        {writer && (
          <Button
            variant="contained"
            startIcon={<NotificationsActiveOutlined />}
            disabled={awaiting.length === 0 || remind.isPending}
            onClick={sendReminders}
          >
            {awaiting.length > 0 ? `${msg.remind} (${awaiting.length})` : msg.remind}
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={signed.length === 0 || zipping}
          onClick={() => void saveSigned()}
        >
          {signed.length > 0 ? `${msg.downloadSigned} (${signed.length})` : msg.downloadSigned}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          {msg.exportCsv}
        </Button>
        {admin && (
          <Button
            variant="text"
            startIcon={<SettingsOutlined />}
            onClick={() => setSettingsOpen(true)}
          >
            Automatic reminders
          </Button>
        )}
      </Stack>
      {reminded && (
        <Alert
          severity={reminded.result.refused === 0 ? 'success' : 'warning'}
          onClose={() => setReminded(null)}
          sx={{ mb: 2 }}
        >
          <AlertTitle>{msg.reminded(reminded.result.reminded, reminded.result.refused)}</AlertTitle>
          {refused.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Reminders not sent">
              {refused.map((r) => (
                <li key={r.id}>
                  {nameOf(r.id)}: {r.error?.message}
                </li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <DataTable<DivisionOrderRow>
        label={msg.title}
        columns={columns}
        rows={list.data?.rows}
        rowCount={list.data?.totalRecords}
        loading={list.isFetching}
        table={table}
        pageSizes={PAGE_SIZES}
        onRowClick={(row) => void navigate(`/documents/${row.id}`)}
        isRowSelectable={() => true}
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        // The Response stays in view (the last column is kept), like a list's Status.
        collapseOrder={['well', 'lastRemindedAt', 'sentAt', 'decimalInterest', 'owner']}
        noRowsLabel={
          response || declineReason || table.search.trim()
            ? 'No division orders match these filters.'
            : 'No pending division orders sent yet.'
        }
      />
      {settingsOpen && (
        <Suspense fallback={null}>
          <ReminderSettingsDialog onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
