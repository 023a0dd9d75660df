import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  PAYMENT_METHODS,
  paymentMethodLabels,
  zPaymentRunInput,
  type PaymentMethod,
  type PaymentRunCandidate,
} from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar/use-snackbar';
import { errorMessage } from '../../lib/api-error';
import { formatMoneyForUser } from '../../lib/money';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { useCreatePaymentRun, usePayableConnections, usePaymentRunCandidates } from './api';

const today = () => new Date().toISOString().slice(0, 10);
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

type FieldErrors = Partial<
  Record<'partyId' | 'paymentDate' | 'method' | 'reference' | 'lines', string>
>;

/**
 * New payment run: one vendor, its approved invoices not paid in full (each with its balance as
 * the amount, to pay in part type less), the date, how it is paid and its reference.
 */
export function NewPaymentRunDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { showSuccess } = useSnackbar();
  const connections = usePayableConnections(open);
  const [partyId, setPartyId] = useState<number | null>(null);
  const candidates = usePaymentRunCandidates(partyId);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  /** Invoices whose early-pay discount is taken. */
  const [discounted, setDiscounted] = useState<Record<number, boolean>>({});
  const [paymentDate, setPaymentDate] = useState(today);
  const [method, setMethod] = useState<PaymentMethod>('ach');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePaymentRun();
  const { formatDate } = useDateFormatter();

  const items = candidates.data?.items ?? [];
  const selectedIds = Object.keys(chosen).map(Number);
  const total = useMemo(
    () =>
      Object.values(chosen).reduce((sum, amount) => {
        const value = Number(amount.replace(/[$,\s]/g, ''));
        return Number.isFinite(value) ? sum + value : sum;
      }, 0),
    [chosen],
  );
  const allChosen = items.length > 0 && items.every((i) => i.documentId in chosen);

  /** The discount can be taken when it is offered and the payment date is inside its window. */
  const discountOpen = (documentId: number) => {
    const until = items.find((i) => i.documentId === documentId)?.discount?.until;
    return !!until && paymentDate <= until;
  };
  const takeDiscount = (item: PaymentRunCandidate, take: boolean) => {
    setDiscounted((current) => ({ ...current, [item.documentId]: take }));
    if (item.total !== null && item.discount)
      setChosen((current) => ({
        ...current,
        [item.documentId]: (take ? item.total! - item.discount!.amount : item.total!).toFixed(2),
      }));
  };

  const toggle = (item: PaymentRunCandidate) =>
    setChosen((current) => {
      const next = { ...current };
      if (item.documentId in next) delete next[item.documentId];
      else next[item.documentId] = item.balance === null ? '' : item.balance.toFixed(2);
      return next;
    });

  const submit = () => {
    const input = {
      partyId: partyId ?? undefined,
      paymentDate,
      method,
      reference,
      lines: selectedIds.map((documentId) => ({
        documentId,
        amount: chosen[documentId] ?? '',
        takeDiscount: Boolean(discounted[documentId] && discountOpen(documentId)),
      })),
    };
    const parsed = zPaymentRunInput.safeParse(input);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof FieldErrors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (run) => {
        showSuccess(`Paid ${run.invoiceCount} invoices: ${formatMoneyForUser(run.total)}`);
        onClose();
        navigate(`/payment-runs/${run.id}`);
      },
    });
  };

  const connectionItems = connections.data?.items ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle>New payment run</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
          <TextField
            select
            label="Vendor"
            value={partyId ?? ''}
            onChange={(e) => {
              setPartyId(Number(e.target.value) || null);
              setChosen({});
            }}
            error={!!errors.partyId}
            helperText={errors.partyId}
            disabled={connections.isPending}
          >
            {connectionItems.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          {partyId !== null &&
            (candidates.isPending ? (
              <CircularProgress aria-label="Loading invoices" />
            ) : candidates.isError ? (
              <Alert severity="error">{errorMessage(candidates.error)}</Alert>
            ) : items.length === 0 ? (
              <Typography>This vendor has no approved invoices left to pay.</Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Invoices to pay">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={allChosen}
                          indeterminate={!allChosen && selectedIds.length > 0}
                          onChange={() =>
                            setChosen(
                              allChosen
                                ? {}
                                : Object.fromEntries(
                                    items.map((i) => [
                                      i.documentId,
                                      i.balance === null ? '' : i.balance.toFixed(2),
                                    ]),
                                  ),
                            )
                          }
                          slotProps={{ input: { 'aria-label': 'Select all invoices' } }}
                        />
                      </TableCell>
                      <TableCell>Invoice</TableCell>
                      <TableCell sx={hideOnPhone}>Invoice date</TableCell>
                      <TableCell align="right" sx={hideOnPhone}>
                        Total
                      </TableCell>
                      <TableCell align="right">Balance</TableCell>
                      {items.some((i) => i.discount) && <TableCell>Early-pay discount</TableCell>}
                      <TableCell>Amount to pay</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {items.map((item) => {
                      const name = item.docNumber ?? `#${item.documentId}`;
                      const picked = item.documentId in chosen;
                      return (
                        <TableRow key={item.documentId} selected={picked}>
                          <TableCell padding="checkbox">
                            <Checkbox
                              checked={picked}
                              onChange={() => toggle(item)}
                              slotProps={{ input: { 'aria-label': `Pay ${name}` } }}
                            />
                          </TableCell>
                          <TableCell>{name}</TableCell>
                          <TableCell sx={hideOnPhone}>{item.invoiceDate ?? ''}</TableCell>
                          <TableCell align="right" sx={hideOnPhone}>
                            {item.total === null ? '' : formatMoneyForUser(item.total)}
                          </TableCell>
                          <TableCell align="right">
                            {item.balance === null ? '' : formatMoneyForUser(item.balance)}
                          </TableCell>
                          {items.some((i) => i.discount) && (
                            <TableCell>
                              {item.discount && (
                                <FormControlLabel
                                  control={
                                    <Checkbox
                                      size="small"
                                      checked={
                                        !!discounted[item.documentId] &&
                                        discountOpen(item.documentId)
                                      }
                                      disabled={!picked || !discountOpen(item.documentId)}
                                      onChange={(e) => takeDiscount(item, e.target.checked)}
                                    />
                                  }
                                  label={`${item.discount.percent}% (−${formatMoneyForUser(item.discount.amount)}) until ${formatDate(item.discount.until)}`}
                                  slotProps={{ typography: { variant: 'body2' } }}
                                />
                              )}
                            </TableCell>
                          )}
                          <TableCell>
                            <TextField
                              size="small"
                              value={chosen[item.documentId] ?? ''}
                              disabled={!picked}
                              onChange={(e) =>
                                setChosen((current) => ({
                                  ...current,
                                  [item.documentId]: e.target.value,
                                }))
                              }
                              slotProps={{
                                htmlInput: {
                                  'aria-label': `Amount to pay on ${name}`,
                                  inputMode: 'decimal',
                                },
                              }}
                              sx={{ width: 130 }}
                            />
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </Box>
            ))}
          {errors.lines && <Alert severity="error">{errors.lines}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label="Payment date"
              value={paymentDate}
              onChange={(e) => setPaymentDate(e.target.value)}
              error={!!errors.paymentDate}
              helperText={errors.paymentDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label="Method"
              value={method}
              onChange={(e) => setMethod(e.target.value as PaymentMethod)}
              error={!!errors.method}
              helperText={errors.method}
              sx={{ minWidth: 140 }}
            >
              {PAYMENT_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {paymentMethodLabels[m]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Reference"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              error={!!errors.reference}
              helperText={errors.reference ?? 'ACH trace, check or wire number'}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Typography aria-live="polite">
            {selectedIds.length} invoice{selectedIds.length === 1 ? '' : 's'} selected · total{' '}
            {formatMoneyForUser(total)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={create.isPending}
          startIcon={create.isPending ? <CircularProgress size={16} /> : undefined}
        >
          Record payment run
        </Button>
      </DialogActions>
    </Dialog>
  );
}
