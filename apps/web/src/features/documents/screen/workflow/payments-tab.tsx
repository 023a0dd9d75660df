import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { workflowMessages, type DocumentDto, type InvoiceTerms } from '@flowline/shared';
import { useSnackbar } from '../../../../components/snackbar';
import { errorMessage } from '../../../../lib/api-error';
import { formatMoneyForUser } from '../../../../lib/money';
import { useDateFormatter } from '../../../preferences';
import { useAddPayment, usePayments } from './api';
import { PaymentDialog } from './payment-dialog';

const money = formatMoneyForUser;

/**
 * Payments (spec 1 §2: AR invoices): paid amount, date, ID, check number and description. The
 * receiver adds payments once the invoice is approved; the sender reads them as remittance.
 */
export function PaymentsTab({ doc }: { doc: DocumentDto }) {
  const payments = usePayments(doc.id);
  const add = useAddPayment();
  const snackbar = useSnackbar();
  const { formatDate } = useDateFormatter();
  const [open, setOpen] = useState(false);

  return (
    <Box>
      {doc.workflowActions.recordPayment && (
        <Button variant="contained" sx={{ mb: 2 }} onClick={() => setOpen(true)}>
          Add payment
        </Button>
      )}
      {payments.isPending ? (
        <CircularProgress aria-label="Loading payments" />
      ) : payments.isError ? (
        <Alert severity="error">{errorMessage(payments.error)}</Alert>
      ) : (
        <>
          {payments.data.terms && <TermsSummary terms={payments.data.terms} />}
          <Typography sx={{ mb: 1 }} data-testid="payments-summary">
            Paid {money(payments.data.paidAmount)}
            {payments.data.total !== null ? ` of ${money(payments.data.total)}` : ''}
          </Typography>
          {payments.data.items.length === 0 ? (
            <Typography color="text.secondary">There are no payments yet.</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Payments">
                <TableHead>
                  <TableRow>
                    <TableCell align="right">Paid Amount</TableCell>
                    <TableCell>Date</TableCell>
                    <TableCell>ID</TableCell>
                    <TableCell>Check Number</TableCell>
                    <TableCell>Description</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {payments.data.items.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell align="right">
                        {p.isCancellation ? `−${money(p.amount)} (cancelled)` : money(p.amount)}
                        {p.discount ? ` + ${money(p.discount)} early-pay discount` : ''}
                      </TableCell>
                      <TableCell>
                        {p.transactionDate ? formatDate(p.transactionDate) : ''}
                      </TableCell>
                      <TableCell>{p.paymentId ?? ''}</TableCell>
                      <TableCell>{p.checkNumber ?? ''}</TableCell>
                      <TableCell>{p.description ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </>
      )}
      <PaymentDialog
        open={open}
        documentId={doc.id}
        busy={add.isPending}
        onClose={() => setOpen(false)}
        onAdd={(input) =>
          add.mutate(input, {
            onSuccess: () => {
              snackbar.showSuccess(workflowMessages.paymentAdded);
              setOpen(false);
            },
            onError: (error) => snackbar.showError(errorMessage(error)),
          })
        }
      />
    </Box>
  );
}

/**
 * The invoice's payment terms, due date and early-pay discount (docs/payment-runs.md) — the same
 * on both sides: the discount comes from its terms ('2/10 Net 30') or the vendor's agreement.
 */
export function TermsSummary({ terms }: { terms: InvoiceTerms }) {
  const { formatDate } = useDateFormatter();
  if (!terms.text && !terms.dueDate && !terms.discount) return null;
  const d = terms.discount;
  return (
    <Box sx={{ mb: 2 }} data-testid="payment-terms">
      <Typography>
        {terms.text ? `Terms: ${terms.text}` : 'No payment terms'}
        {terms.dueDate ? ` · Due ${formatDate(terms.dueDate)}` : ''}
      </Typography>
      {d && (
        <Typography color="text.secondary">
          Early-pay discount: {d.percent}%{d.amount !== null ? ` (${money(d.amount)})` : ''} if paid
          by {formatDate(d.until)}
          {d.source === 'terms' ? ', by its terms' : ', by the Early pay agreement'}
        </Typography>
      )}
    </Box>
  );
}
