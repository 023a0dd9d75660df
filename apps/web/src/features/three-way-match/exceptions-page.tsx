import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  matchReasonKinds,
  matchReasonLabels,
  type MatchExceptionRow,
  type MatchReasonKind,
} from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { TablePager } from '../../components/data-table/table-pager';
import { errorMessage } from '../../lib/api-error';
import { formatMoneyForUser } from '../../lib/money';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { useMatchExceptions, type ExceptionAction } from './api';
import { ResolveDialog, actionTexts } from './resolve-dialog';

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Match exceptions (issue 32 item 4; docs/three-way-match.md): the operator's invoices whose
 * three-way match failed, each saying exactly why, with the AP clerk's three ways out — accept
 * the difference with a comment, dispute, or reject. Paged and filtered by the server.
 */
export function ExceptionsPage() {
  const [reason, setReason] = useState<MatchReasonKind | ''>('');
  const [vendor, setVendor] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [acting, setActing] = useState<{ row: MatchExceptionRow; action: ExceptionAction } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const list = useMatchExceptions(reason, vendor, page, pageSize);
  const { formatDate } = useDateFormatter();

  return (
    <>
      <PageHeader title="Match exceptions" />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Invoices whose lines did not match their field tickets or the price book. Accept the
        difference with a comment, dispute the invoice, or reject it.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Reason"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value as MatchReasonKind | '');
            setPage(0);
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Every reason</MenuItem>
          {matchReasonKinds.map((k) => (
            <MenuItem key={k} value={k}>
              {matchReasonLabels[k]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Vendor"
          value={vendor === null ? '' : String(vendor)}
          onChange={(e) => {
            setVendor(e.target.value === '' ? null : Number(e.target.value));
            setPage(0);
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Every vendor</MenuItem>
          {list.data?.vendors.map((v) => (
            <MenuItem key={v.companyId} value={String(v.companyId)}>
              {v.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      {list.isPending ? (
        <CircularProgress aria-label="Loading match exceptions" />
      ) : list.data?.items.length === 0 ? (
        <Typography>No match exceptions to resolve.</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Match exceptions">
            <TableHead>
              <TableRow>
                <TableCell>Invoice</TableCell>
                <TableCell>Why</TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  Total
                </TableCell>
                <TableCell sx={hideOnPhone}>Received</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data?.items.map((row) => (
                <TableRow key={row.documentId} hover>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Link component={RouterLink} to={`/documents/${row.documentId}`}>
                      {row.invoiceNumber ?? `#${row.documentId}`}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {row.vendor.name}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
                      {row.reasons.map((r) => (
                        <Typography component="li" variant="body2" key={r}>
                          {r}
                        </Typography>
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell align="right" sx={{ ...hideOnPhone, verticalAlign: 'top' }}>
                    {row.invoiceTotal === null ? '' : formatMoneyForUser(row.invoiceTotal)}
                  </TableCell>
                  <TableCell sx={{ ...hideOnPhone, verticalAlign: 'top' }}>
                    {formatDate(row.receivedAt)}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
                      {(['accept', 'dispute', 'reject'] as const).map((action) => (
                        <Button
                          key={action}
                          size="small"
                          variant={action === 'accept' ? 'contained' : 'outlined'}
                          color={action === 'reject' ? 'error' : 'primary'}
                          aria-label={`${actionTexts[action].button} ${row.invoiceNumber ?? row.documentId}`}
                          onClick={() => setActing({ row, action })}
                        >
                          {actionTexts[action].button}
                        </Button>
                      ))}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePager
            count={list.data?.total ?? 0}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        </TableContainer>
      )}
      {acting && (
        <ResolveDialog
          key={`${acting.row.documentId}-${acting.action}`}
          row={acting.row}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={(text) => {
            setActing(null);
            setNotice(text);
          }}
        />
      )}
    </>
  );
}
