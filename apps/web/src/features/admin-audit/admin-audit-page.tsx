import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  adminAuditEntityTypes,
  adminAuditMessages,
  type AdminAuditEvent,
  type AdminAuditQuery,
} from '@flowline/shared';
import { DataTable, useServerTable } from '../../components/data-table';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-error';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { useAdminAuditPage } from './api';

const actorTypeLabels: Record<AdminAuditEvent['actorType'], string> = {
  user: '',
  api_key: 'API key',
  global_support: 'Flowline support',
  system: 'Flowline',
};

/** One old or new value as people read it. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(formatAuditValue).join(', ') : '(none)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

function who(e: AdminAuditEvent): string {
  const name = e.actorName ?? 'Unknown';
  const kind = actorTypeLabels[e.actorType];
  return kind && e.actorType !== 'system' ? `${name} (${kind})` : name;
}

function AuditDetailsDialog({
  event,
  onClose,
}: {
  event: AdminAuditEvent | null;
  onClose: () => void;
}) {
  const { formatDateTime } = useDateFormatter();
  return (
    <Dialog open={event !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Change details</DialogTitle>
      {event && (
        <DialogContent>
          <Typography sx={{ mb: 1 }}>{event.summary}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(event.createdAt)} · {who(event)}
            {event.actorEmail ? ` · ${event.actorEmail}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {event.action}
            {event.requestId ? ` · request ${event.requestId}` : ''}
          </Typography>
          {event.changes.length === 0 ? (
            <Typography>No field values were recorded for this change.</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Changed fields">
                <TableHead>
                  <TableRow>
                    <TableCell>Field</TableCell>
                    <TableCell>Old</TableCell>
                    <TableCell>New</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {event.changes.map((c) => (
                    <TableRow key={c.field}>
                      <TableCell component="th" scope="row">
                        {c.field}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {formatAuditValue(c.old)}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {formatAuditValue(c.new)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /admin/audit: every change to the company's users, roles, memberships, API keys, flags, coding
 * rules and settings — who, when, old → new (docs/admin-audit.md). Newest first, paged by the
 * server; a row opens its details.
 */
export function AdminAuditPage() {
  const { formatDateTime } = useDateFormatter();
  const table = useServerTable({
    orderByFields: ['createdAt'],
    defaultSort: { field: 'createdAt', direction: 'desc' },
  });
  const [entityType, setEntityType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<AdminAuditEvent | null>(null);
  const badRange = !!from && !!to && from > to;
  const query: AdminAuditQuery = {
    page: table.query.page,
    pageSize: Math.min(table.query.pageSize, 200),
    ...(entityType ? { entityType } : {}),
    ...(from ? { from } : {}),
    ...(to && !badRange ? { to } : {}),
  };
  const page = useAdminAuditPage(query);
  const { page: _page, pageSize: _pageSize, ...exportQuery } = query;
  const firstPage = () => table.setPaginationModel({ ...table.paginationModel, page: 0 });

  const columns: GridColDef<AdminAuditEvent>[] = [
    {
      field: 'createdAt',
      headerName: 'When',
      flex: 0.8,
      minWidth: 150,
      sortable: false,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'actorName',
      headerName: 'Who',
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_value, row) => who(row),
    },
    {
      field: 'summary',
      headerName: 'What',
      flex: 2,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{row.summary}</Box>
      ),
    },
    {
      field: 'details',
      headerName: 'Details',
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          aria-label={`Details of: ${row.summary}`}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(row);
          }}
        >
          Details
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={adminAuditMessages.title}
        actions={<ExportMenu path="/exports/audit" query={{ ...exportQuery }} />}
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every change to the company&apos;s users, roles, memberships, API keys, feature flags,
        coding rules and settings: who made it, when, and what changed.
      </Typography>
      <Box
        component="form"
        aria-label="Filters"
        onSubmit={(e) => e.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}
      >
        <TextField
          select
          label="Kind"
          size="small"
          value={entityType}
          onChange={(e) => {
            setEntityType(e.target.value);
            firstPage();
          }}
          sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          <MenuItem value="">All kinds</MenuItem>
          {Object.entries(adminAuditEntityTypes).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="From"
          type="date"
          size="small"
          value={from}
          onChange={(e) => {
            setFrom(e.target.value);
            firstPage();
          }}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            firstPage();
          }}
          error={badRange}
          helperText={badRange ? adminAuditMessages.badRange : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
        />
      </Box>
      {page.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(page.error)}
        </Alert>
      )}
      <DataTable
        label={adminAuditMessages.title}
        columns={columns}
        rows={page.data?.items}
        rowCount={page.data?.totalRecords}
        loading={page.isFetching}
        table={table}
        pageSizes={[25, 50, 100]}
        collapseOrder={['actorName', 'createdAt']}
        noRowsLabel={adminAuditMessages.empty}
        onRowClick={setOpen}
      />
      <AuditDetailsDialog event={open} onClose={() => setOpen(null)} />
    </>
  );
}
