import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { paymentMethodLabels } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar/use-snackbar';
import { errorMessage } from '../../lib/api-error';
import { formatMoneyForUser } from '../../lib/money';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { downloadRemittance, usePaymentRun } from './api';

/** One payment run: who paid whom, when and how, each invoice's amount, the remittance advice. */
export function PaymentRunPage() {
  const id = Number(useParams().id);
  const run = usePaymentRun(id);
  const { formatDate } = useDateFormatter();
  const { showError } = useSnackbar();
  const [downloading, setDownloading] = useState<'pdf' | 'csv' | null>(null);

  const download = async (format: 'pdf' | 'csv') => {
    setDownloading(format);
    try {
      await downloadRemittance(id, format);
    } catch (error) {
      showError(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  };

  if (run.isPending) return <CircularProgress aria-label="Loading the payment run" />;
  if (run.isError) return <Alert severity="error">{errorMessage(run.error)}</Alert>;
  const data = run.data;
  const facts: [string, string][] = [
    ['Paid by', data.payerName],
    ['Paid to', data.payeeName],
    ['Payment date', formatDate(data.paymentDate)],
    ['Method', paymentMethodLabels[data.method]],
    ['Reference', data.reference],
    ['Total', formatMoneyForUser(data.total)],
    ...(data.discountTotal
      ? [['Early-pay discounts', formatMoneyForUser(data.discountTotal)] as [string, string]]
      : []),
    ...(data.createdBy ? [['Recorded by', data.createdBy] as [string, string]] : []),
  ];
  return (
    <>
      <PageHeader
        title={`Payment run PR-${data.id}`}
        actions={
          <Stack direction="row" spacing={1}>
            {(['pdf', 'csv'] as const).map((format) => (
              <Button
                key={format}
                variant={format === 'pdf' ? 'contained' : 'outlined'}
                onClick={() => void download(format)}
                disabled={downloading !== null}
                startIcon={downloading === format ? <CircularProgress size={16} /> : undefined}
              >
                {format === 'pdf' ? 'Remittance advice (PDF)' : 'CSV'}
              </Button>
            ))}
          </Stack>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack component="dl" sx={{ m: 0 }} spacing={0.5}>
          {facts.map(([label, value]) => (
            <Stack key={label} direction="row" spacing={2}>
              <Typography component="dt" sx={{ fontWeight: 600, minWidth: 130 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Paper>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Invoices paid">
          <TableHead>
            <TableRow>
              <TableCell>Invoice</TableCell>
              <TableCell align="right">Invoice total</TableCell>
              {data.discountTotal > 0 && <TableCell align="right">Discount</TableCell>}
              <TableCell align="right">Amount paid</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.lines?.map((line) => (
              <TableRow key={line.documentId}>
                <TableCell>
                  <Link component={RouterLink} to={`/documents/${line.documentId}`}>
                    {line.docNumber ?? `#${line.documentId}`}
                  </Link>
                </TableCell>
                <TableCell align="right">
                  {line.invoiceTotal === null ? '' : formatMoneyForUser(line.invoiceTotal)}
                </TableCell>
                {data.discountTotal > 0 && (
                  <TableCell align="right">
                    {line.discount ? formatMoneyForUser(line.discount) : ''}
                  </TableCell>
                )}
                <TableCell align="right">{formatMoneyForUser(line.amount)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={line.paidInFull ? 'success' : 'warning'}
                    label={line.paidInFull ? 'Paid in full' : 'Partial'}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
