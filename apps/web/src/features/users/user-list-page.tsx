import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import {
  adminUserMessages,
  adminUserOrderByFields,
  type AdminUserListItem,
} from '@flowline/shared';
import { DataTable, SearchField, useServerTable } from '../../components/data-table';
import Stack from '@mui/material/Stack';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { useUserPage } from './api';

export const userPath = (id: number | 'create') => `/admin/user/${id}`;

const columns: GridColDef<AdminUserListItem>[] = [
  {
    field: 'email',
    headerName: 'Email',
    flex: 1.6,
    minWidth: 220,
    valueGetter: (_value, row) => row.emailAddress,
    // Inactive users' e-mails are struck through (spec 3 §2); a real link for keyboard users.
    renderCell: ({ row }) => (
      // Badges wrap under a long e-mail rather than being cut off by the cell (issue 11).
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={userPath(row.id)}
          onClick={(e) => e.stopPropagation()}
          className={row.isActive ? undefined : 'inactive-email'}
          // text.secondary rather than text.disabled keeps the contrast readable (WCAG AA).
          sx={
            row.isActive ? undefined : { color: 'text.secondary', textDecoration: 'line-through' }
          }
        >
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {row.emailAddress}
          </Box>
        </Link>
        {row.blocked && <Chip label="Blocked" size="small" color="warning" variant="outlined" />}
        {row.invitationPending && (
          <Chip label={adminUserMessages.invitationPending} size="small" variant="outlined" />
        )}
      </Box>
    ),
  },
  { field: 'firstName', headerName: 'First Name', flex: 1, minWidth: 140 },
  { field: 'lastName', headerName: 'Last Name', flex: 1, minWidth: 140 },
  {
    field: 'isActive',
    headerName: 'Active',
    flex: 0.5,
    minWidth: 90,
    valueFormatter: (value: boolean) => (value ? 'Yes' : 'No'),
  },
];

/** /admin/users (spec 3 §2 Users list): sorted by e-mail, inactive users styled apart. */
export function UserListPage() {
  const navigate = useNavigate();
  const table = useServerTable({
    orderByFields: adminUserOrderByFields,
    defaultSort: { field: 'email', direction: 'asc' },
    storageKey: 'users',
  });
  const page = useUserPage(table.query);
  const { page: _page, pageSize: _pageSize, ...exportQuery } = table.query;

  return (
    <>
      <PageHeader
        title="Users"
        actions={
          <Stack direction="row" spacing={1}>
            <ExportMenu path="/exports/users" query={{ ...exportQuery }} />
            <Button component={RouterLink} to={userPath('create')} variant="contained">
              New User
            </Button>
          </Stack>
        }
      />
      <SearchField value={table.search} onChange={table.setSearch} />
      <DataTable
        label="Users"
        columns={columns}
        rows={page.data?.items}
        rowCount={page.data?.totalRecords}
        loading={page.isFetching}
        table={table}
        onRowClick={(row) => void navigate(userPath(row.id))}
        getRowClassName={({ row }) => (row.isActive ? '' : 'inactive-user')}
      />
    </>
  );
}
