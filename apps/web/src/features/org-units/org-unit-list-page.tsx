import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import {
  Terminology,
  orgUnitOrderByFields,
  pluralizeTerm,
  type OrgUnitListItem,
} from '@flowline/shared';
import { DataTable, SearchField, useServerTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useTerm } from '../terminology/api';
import { useOrgUnitPage } from './api';

export const ORG_UNIT_LIST_PATH = '/admin/orgunits';
export const orgUnitPath = (id: number | 'create') => `/admin/orgunit/${id}`;

const columns: GridColDef<OrgUnitListItem>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1.4,
    minWidth: 180,
    // A real link too, so the edit screen is reachable from the keyboard.
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={orgUnitPath(row.id)} onClick={(e) => e.stopPropagation()}>
        {row.name}
      </Link>
    ),
  },
  { field: 'code', headerName: 'Code', flex: 0.8, minWidth: 110 },
  { field: 'addressLineOne', headerName: 'Address line 1', flex: 1.2, minWidth: 160 },
  { field: 'addressLineTwo', headerName: 'Address line 2', flex: 1, minWidth: 140 },
  { field: 'city', headerName: 'City', flex: 0.8, minWidth: 120 },
  { field: 'zipCode', headerName: 'Zip Code', flex: 0.6, minWidth: 100 },
  { field: 'phone', headerName: 'Phone number', flex: 0.8, minWidth: 130 },
  {
    field: 'isActive',
    headerName: 'Is Active',
    flex: 0.5,
    minWidth: 100,
    valueFormatter: (value: boolean) => (value ? 'Yes' : 'No'),
  },
];

/** /admin/orgunits (spec 3 §2 Profiles list): search, server paging, row click opens the profile. */
export function OrgUnitListPage() {
  const navigate = useNavigate();
  const term = useTerm(Terminology.OrgUnit);
  const table = useServerTable({
    orderByFields: orgUnitOrderByFields,
    defaultSort: { field: 'name', direction: 'asc' },
    storageKey: 'org-units',
  });
  const page = useOrgUnitPage(table.query);

  return (
    <>
      <PageHeader
        title={pluralizeTerm(term)}
        actions={
          <Button component={RouterLink} to={orgUnitPath('create')} variant="contained">
            New {term}
          </Button>
        }
      />
      <SearchField value={table.search} onChange={table.setSearch} />
      <DataTable
        label={pluralizeTerm(term)}
        columns={columns}
        rows={page.data?.items}
        rowCount={page.data?.totalRecords}
        loading={page.isFetching}
        table={table}
        onRowClick={(row) => void navigate(orgUnitPath(row.id))}
      />
    </>
  );
}
