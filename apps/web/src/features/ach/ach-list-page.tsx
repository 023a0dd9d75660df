import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import {
  Terminology,
  achOrderByFields,
  pluralizeTerm,
  type AchListItem,
  type AchListQuery,
  type AchOrderBy,
} from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-error';
import { useTerm } from '../terminology/api';
import { useAchPage } from './api';

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');

/** The columns; Profiles and Connection carry the company's terms (spec 3 terminology). */
const achColumns = (profiles: string, connection: string): GridColDef<AchListItem>[] => [
  {
    field: 'bankName',
    headerName: 'Bank Name',
    flex: 1.2,
    minWidth: 180,
    // A real link too, so the edit screen is reachable from the keyboard.
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/admin/ach/${row.id}`} onClick={(e) => e.stopPropagation()}>
        {row.bankName}
      </Link>
    ),
  },
  { field: 'routingNumber', headerName: 'Routing Number', flex: 1, minWidth: 140 },
  {
    field: 'accountNumberMasked',
    headerName: 'Account Number',
    flex: 1,
    minWidth: 140,
    sortable: false,
  },
  { field: 'accountTypeName', headerName: 'Account Type', flex: 0.8, minWidth: 120 },
  {
    field: 'profiles',
    headerName: profiles,
    flex: 1.2,
    minWidth: 160,
    sortable: false,
    valueGetter: (_value, row) => names(row.profiles),
  },
  {
    field: 'connections',
    headerName: connection,
    flex: 1.5,
    minWidth: 180,
    sortable: false,
    valueGetter: (_value, row) => names(row.connections),
  },
];

const isOrderBy = (field: string): field is AchOrderBy =>
  (achOrderByFields as readonly string[]).includes(field);

/** /admin/achs (spec 2 §2.14): the company's ACH forms, paged and sorted by the server. */
export function AchListPage() {
  const navigate = useNavigate();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'bankName', sort: 'asc' }]);
  const [sort] = sortModel;
  const query: AchListQuery = {
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
    orderBy: sort && isOrderBy(sort.field) ? sort.field : 'bankName',
    orderByDirection: sort?.sort === 'desc' ? 'desc' : 'asc',
  };
  const achs = useAchPage(query);
  const columns = achColumns(
    pluralizeTerm(useTerm(Terminology.OrgUnit)),
    useTerm(Terminology.Party),
  );

  return (
    <>
      <PageHeader
        title="ACH"
        actions={
          <Button component={RouterLink} to="/admin/ach/create" variant="contained">
            Create New
          </Button>
        }
      />
      {achs.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(achs.error)}
        </Alert>
      )}
      <DataGrid
        aria-label="ACH"
        rows={achs.data?.items ?? []}
        rowCount={achs.data?.totalRecords ?? 0}
        columns={columns}
        loading={achs.isFetching}
        paginationMode="server"
        sortingMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sortModel={sortModel}
        onSortModelChange={setSortModel}
        pageSizeOptions={[25, 50, 100]}
        // Pages hold at most 100 rows: render them all (also keeps every column in the DOM for tests).
        disableVirtualization
        disableColumnFilter
        disableRowSelectionOnClick
        onRowClick={({ row }) => void navigate(`/admin/ach/${row.id}`)}
        sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        autoHeight
      />
    </>
  );
}
