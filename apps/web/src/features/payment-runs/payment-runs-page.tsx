import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Role, canChangeData, paymentMethodLabels } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { TablePager } from '../../components/data-table/table-pager';
import { errorMessage } from '../../lib/api-error';
import { formatMoneyForUser } from '../../lib/money';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { useSession } from '../session/use-session';
import { usePaymentRuns } from './api';
import { EarlyPayOffers } from './early-pay-offers';
import { NewPaymentRunDialog } from './new-payment-run-dialog';

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Payments (issue 29 item 6; docs/payment-runs.md): the payment runs the company made to its
 * vendors and the ones it received, each with its remittance advice. Members who change data
 * start a new run.
 */
export function PaymentRunsPage() {
  const { user } = useSession();
  const mayPay = canChangeData({ roles: user.roles, userType: user.userType });
  const [side, setSide] = useState<'paid' | 'received'>('paid');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [creating, setCreating] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const runs = usePaymentRuns(side, page, pageSize);
  const { formatDate } = useDateFormatter();

  return (
    <>
      <PageHeader
        title="Payments"
        actions={
          mayPay ? (
            <Button
              variant="contained"
              onClick={() => {
                setDialogKey((k) => k + 1);
                setCreating(true);
              }}
            >
              New payment run
            </Button>
          ) : undefined
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A payment run pays several approved invoices of one vendor at once; the vendor receives one
        remittance advice listing them.
      </Typography>
      <Tabs
        value={side}
        onChange={(_e, value: 'paid' | 'received') => {
          setSide(value);
          setPage(0);
        }}
        aria-label="Payment runs"
        sx={{ mb: 2 }}
      >
        <Tab value="paid" label="Paid" />
        <Tab value="received" label="Received" />
      </Tabs>
      {runs.isError && <Alert severity="error">{errorMessage(runs.error)}</Alert>}
      {runs.isPending ? (
        <CircularProgress aria-label="Loading payment runs" />
      ) : runs.data?.items.length === 0 ? (
        <Typography>
          {side === 'paid' ? 'You have not paid with a payment run yet.' : 'No payment runs yet.'}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={side === 'paid' ? 'Runs paid' : 'Runs received'}>
            <TableHead>
              <TableRow>
                <TableCell>Run</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>{side === 'paid' ? 'Paid to' : 'Paid by'}</TableCell>
                <TableCell sx={hideOnPhone}>Method</TableCell>
                <TableCell sx={hideOnPhone}>Reference</TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  Invoices
                </TableCell>
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.data?.items.map((run) => (
                <TableRow key={run.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/payment-runs/${run.id}`}>
                      PR-{run.id}
                    </Link>
                  </TableCell>
                  <TableCell>{formatDate(run.paymentDate)}</TableCell>
                  <TableCell>{side === 'paid' ? run.payeeName : run.payerName}</TableCell>
                  <TableCell sx={hideOnPhone}>{paymentMethodLabels[run.method]}</TableCell>
                  <TableCell sx={hideOnPhone}>{run.reference}</TableCell>
                  <TableCell align="right" sx={hideOnPhone}>
                    {run.invoiceCount}
                  </TableCell>
                  <TableCell align="right">{formatMoneyForUser(run.total)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePager
            count={runs.data?.totalRecords ?? 0}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        </TableContainer>
      )}
      <EarlyPayOffers mayEdit={user.roles.includes(Role.Administrator)} />
      {mayPay && (
        <NewPaymentRunDialog key={dialogKey} open={creating} onClose={() => setCreating(false)} />
      )}
    </>
  );
}
