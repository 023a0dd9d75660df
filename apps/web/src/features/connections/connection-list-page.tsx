import { useState } from 'react';
import { Link as RouterLink, useMatch, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import {
  PartyType,
  Terminology,
  connectionOrderByFields,
  connectionStatusLabels,
  connectionStatuses,
  isSelectableConnection,
  partyTypeNames,
  pluralizeTerm,
  type ConnectionListQuery,
  type ConnectionListRow,
  type ConnectionStatus,
  type PartyTypeId,
} from '@flowline/shared';
import { DataTable, SearchField, useServerTable } from '../../components/data-table';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { useDateFormatter } from '../preferences';
import { useTerm } from '../terminology/api';
import { useConnectionPage } from './api';
import { useFeatureFlags } from '../feature-flags/api';
import { useSession } from '../session/use-session';
import { AdminOnlyTooltip, ReadOnlyNotice } from '../../components/read-only/read-only-notice';
import { ConnectSelectionDialog } from './connect-selection-dialog';
import { ConnectionStatusCell } from './connection-status-cell';
import { NetworkMatchDialog } from './network-match-dialog';

const noSelection: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The selectable rows of the page the selection model picks ('exclude' after select-all). */
function selectedRows(rows: ConnectionListRow[], model: GridRowSelectionModel) {
  return rows.filter(
    (r) =>
      isSelectableConnection(r.partyStatus) && model.ids.has(r.id) === (model.type === 'include'),
  );
}

export const connectionPath = (id: number | 'create') => `/admin/connection/${id}`;

function useColumns(isAdministrator: boolean): GridColDef<ConnectionListRow>[] {
  const { formatDate } = useDateFormatter();
  const connectionTerm = useTerm(Terminology.Party);
  const profileTerm = useTerm(Terminology.OrgUnit);
  return [
    {
      field: 'icon',
      headerName: '',
      width: 48,
      sortable: false,
      renderCell: () => <HubOutlinedIcon fontSize="small" color="action" sx={{ mt: 1.5 }} />,
    },
    { field: 'partyTypeName', headerName: 'Type', flex: 0.7, minWidth: 100, sortable: false },
    {
      field: 'name',
      headerName: `${connectionTerm} Name`,
      flex: 1.4,
      minWidth: 130,
      // Only Administrators open the edit form (issue 27 item 20); members read the name.
      renderCell: ({ row }) =>
        isAdministrator ? (
          <Link
            component={RouterLink}
            to={connectionPath(row.id)}
            onClick={(e) => e.stopPropagation()}
          >
            {row.name}
          </Link>
        ) : (
          row.name
        ),
    },
    {
      field: 'company',
      headerName: 'Company',
      flex: 1,
      minWidth: 160,
      sortable: false,
      // The Flowline company the connection is (or probably is) on the network.
      valueGetter: (_v, row) => row.connectedCompanyName ?? row.suggestedCompanyName ?? '',
    },
    { field: 'number', headerName: 'Number', flex: 0.7, minWidth: 100, sortable: false },
    { field: 'phone', headerName: 'Phone', flex: 0.8, minWidth: 110 },
    {
      field: 'companyOrgUnits',
      headerName: profileTerm,
      flex: 1,
      minWidth: 120,
      sortable: false,
      valueGetter: (_v, row) => row.companyOrgUnits.map((o) => o.name).join(', '),
    },
    {
      field: 'effectiveFromDate',
      headerName: 'Effective From Date',
      minWidth: 110,
      valueFormatter: (v: string | null) => formatDate(v),
    },
    {
      field: 'effectiveThruDate',
      headerName: 'Effective Thru Date',
      minWidth: 110,
      valueFormatter: (v: string | null) => formatDate(v),
    },
    {
      field: 'isActive',
      headerName: 'Active',
      minWidth: 70,
      valueFormatter: (v: boolean) => (v ? 'Yes' : 'No'),
    },
    {
      field: 'partyStatus',
      headerName: 'Status',
      flex: 1.4,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) => <ConnectionStatusCell row={row} />,
    },
  ];
}

const typeIds = Object.values(PartyType) as PartyTypeId[];

/**
 * /admin/parties (all connections) and /admin/connections (only possible connections: rows not
 * on the network, which can be selected to invite), spec 2 §2.12.
 */
export function ConnectionListPage() {
  const possibleOnly = useMatch('/admin/connections') !== null;
  const navigate = useNavigate();
  const connectionTerm = useTerm(Terminology.Party);
  const vendorTerm = useTerm(Terminology.Vendor);
  const [typeId, setTypeId] = useState<PartyTypeId | ''>('');
  const [status, setStatus] = useState<ConnectionStatus | ''>('');
  const [matchesOpen, setMatchesOpen] = useState(false);
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const [connectingSelection, setConnectingSelection] = useState(false);
  const { isAdministrator } = useSession();
  const { networkMatchEnhancementFlag } = useFeatureFlags();
  const table = useServerTable({
    orderByFields: connectionOrderByFields,
    defaultSort: { field: 'name', direction: 'asc' },
    defaultPageSize: 50,
    debounceMs: 200,
    storageKey: possibleOnly ? 'possible-connections' : 'connections',
  });
  const { pageSize, ...rest } = table.query;
  const partyStatus = possibleOnly ? 'notOnNetwork' : status || undefined;
  const query: ConnectionListQuery = {
    ...rest,
    itemsPerPage: pageSize,
    ...(typeId ? { partyTypeId: typeId } : {}),
    ...(partyStatus ? { partyStatus } : {}),
  };
  const page = useConnectionPage(query);
  const { page: _page, itemsPerPage: _itemsPerPage, ...exportQuery } = query;
  const columns = useColumns(isAdministrator);
  const title = pluralizeTerm(connectionTerm);
  const typeName = (id: PartyTypeId) => (id === PartyType.Vendor ? vendorTerm : partyTypeNames[id]);
  const selected = possibleOnly ? selectedRows(page.data?.items ?? [], selection) : [];

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ExportMenu path="/exports/connections" query={{ ...exportQuery }} />
            {isAdministrator && selected.length > 0 && (
              <Button variant="contained" onClick={() => setConnectingSelection(true)}>
                Connect ({selected.length})
              </Button>
            )}
            <AdminOnlyTooltip disabled={!isAdministrator}>
              <Button
                variant="outlined"
                disabled={!isAdministrator}
                onClick={() => setMatchesOpen(true)}
              >
                Find matches
              </Button>
            </AdminOnlyTooltip>
            {isAdministrator ? (
              <Button component={RouterLink} to={connectionPath('create')} variant="contained">
                New {connectionTerm}
              </Button>
            ) : (
              <AdminOnlyTooltip disabled>
                <Button variant="contained" disabled>
                  New {connectionTerm}
                </Button>
              </AdminOnlyTooltip>
            )}
          </Stack>
        }
      />
      {!isAdministrator && <ReadOnlyNotice what={pluralizeTerm(connectionTerm).toLowerCase()} />}
      {matchesOpen && <NetworkMatchDialog open onClose={() => setMatchesOpen(false)} />}
      {connectingSelection && (
        <ConnectSelectionDialog
          rows={selected}
          onClose={() => setConnectingSelection(false)}
          onDone={() => {
            setConnectingSelection(false);
            setSelection(noSelection);
          }}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ minWidth: 0 }}>
        <SearchField value={table.search} onChange={table.setSearch} />
        <TextField
          select
          label="Type"
          value={typeId}
          onChange={(e) => {
            setTypeId(e.target.value === '' ? '' : (Number(e.target.value) as PartyTypeId));
            table.setPaginationModel({ ...table.paginationModel, page: 0 });
          }}
          sx={{ minWidth: 160, mb: 2 }}
        >
          <MenuItem value="">All</MenuItem>
          {typeIds.map((id) => (
            <MenuItem key={id} value={id}>
              {typeName(id)}
            </MenuItem>
          ))}
        </TextField>
        {!possibleOnly && (
          <TextField
            select
            label="Status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ConnectionStatus | '');
              table.setPaginationModel({ ...table.paginationModel, page: 0 });
            }}
            sx={{ minWidth: 200, mb: 2 }}
          >
            <MenuItem value="">All</MenuItem>
            {connectionStatuses.map((s) => (
              <MenuItem key={s} value={s}>
                {connectionStatusLabels[s]}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <DataTable
        label={title}
        columns={columns}
        rows={page.data?.items}
        rowCount={page.data?.totalRecords}
        loading={page.isFetching}
        table={table}
        // The edit form is for Administrators; members read the list only (issue 27 item 20).
        onRowClick={isAdministrator ? (row) => void navigate(connectionPath(row.id)) : undefined}
        // Spec 2 §2.12: Type and Number are hidden; Company shows only with network-match enhancement.
        hiddenColumns={{
          partyTypeName: false,
          number: false,
          company: networkMatchEnhancementFlag,
        }}
        // On a narrow screen the dates and the profiles go first; name and status stay.
        collapseOrder={[
          'effectiveThruDate',
          'effectiveFromDate',
          'isActive',
          'companyOrgUnits',
          'company',
          'phone',
          'icon',
        ]}
        {...(possibleOnly && isAdministrator
          ? {
              isRowSelectable: (row: ConnectionListRow) => isSelectableConnection(row.partyStatus),
              rowSelectionModel: selection,
              onRowSelectionModelChange: setSelection,
            }
          : {})}
      />
    </>
  );
}
