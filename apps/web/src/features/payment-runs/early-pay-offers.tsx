import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { useDateFormatter } from '../preferences';
import { zEarlyPayOfferInput, type EarlyPayOffer } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar/use-snackbar';
import { errorMessage } from '../../lib/api-error';
import {
  useEarlyPayOffers,
  usePayableConnections,
  useRemoveEarlyPayOffer,
  useSaveEarlyPayOffer,
} from './api';

type Errors = Partial<Record<'partyId' | 'discountPercent' | 'days', string>>;

function OfferDialog({
  open,
  initial,
  onClose,
}: {
  open: boolean;
  initial: EarlyPayOffer | null;
  onClose: () => void;
}) {
  const connections = usePayableConnections(open);
  const save = useSaveEarlyPayOffer();
  const { showSuccess } = useSnackbar();
  const [partyId, setPartyId] = useState<number | ''>(initial?.partyId ?? '');
  const [percent, setPercent] = useState(initial ? String(initial.discountPercent) : '2');
  const [days, setDays] = useState(initial ? String(initial.days) : '10');
  const [errors, setErrors] = useState<Errors>({});

  const submit = () => {
    const parsed = zEarlyPayOfferInput.safeParse({
      partyId: partyId === '' ? undefined : partyId,
      discountPercent: percent,
      days,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        showSuccess('Early-pay discount saved');
        onClose();
      },
    });
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Offer an early-pay discount</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
          <TextField
            select
            label="Customer"
            value={partyId}
            onChange={(e) => setPartyId(Number(e.target.value))}
            disabled={!!initial}
            error={!!errors.partyId}
            helperText={errors.partyId}
          >
            {(connections.data?.items ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Discount (%)"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            error={!!errors.discountPercent}
            helperText={errors.discountPercent}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label="Paid within (days of the invoice date)"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={!!errors.days}
            helperText={errors.days}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const terms = (o: EarlyPayOffer, formatDate: (d: string) => string) =>
  `${o.discountPercent}% if paid within ${o.days} days` +
  (o.startsAt ? `, on invoices sent since ${formatDate(o.startsAt)}` : '');

/**
 * Early-pay discounts (issue 29 item 7): what the company offers its customers for paying early
 * (Administrators set them) and what its vendors offer it — a payment run takes them.
 */
export function EarlyPayOffers({ mayEdit }: { mayEdit: boolean }) {
  const offers = useEarlyPayOffers();
  const remove = useRemoveEarlyPayOffer();
  const { showError } = useSnackbar();
  const [editing, setEditing] = useState<{ offer: EarlyPayOffer | null; key: number } | null>(null);
  const { formatDate } = useDateFormatter();
  const offered = offers.data?.offered ?? [];
  const received = offers.data?.received ?? [];

  return (
    <Box component="section" aria-labelledby="early-pay-heading" sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="early-pay-heading" variant="h6" component="h2">
          Early-pay discounts
        </Typography>
        {mayEdit && (
          <Button onClick={() => setEditing({ offer: null, key: Date.now() })}>
            Offer a discount
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        An Early pay agreement applies to every invoice sent to the customer from the day it is
        offered. An invoice whose payment terms carry a discount (such as 2/10 Net 30) follows its
        terms instead.
      </Typography>
      {offers.isError && <Alert severity="error">{errorMessage(offers.error)}</Alert>}
      {offered.length === 0 && received.length === 0 ? (
        <Typography color="text.secondary">
          No early-pay discounts are offered by or to your company.
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Early-pay discounts">
            <TableHead>
              <TableRow>
                <TableCell>Company</TableCell>
                <TableCell>Direction</TableCell>
                <TableCell>Terms</TableCell>
                {mayEdit && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {offered.map((o) => (
                <TableRow key={`offered-${o.partyId}`}>
                  <TableCell>{o.counterpartyName}</TableCell>
                  <TableCell>Offered to</TableCell>
                  <TableCell>{terms(o, formatDate)}</TableCell>
                  {mayEdit && (
                    <TableCell align="right">
                      <Button
                        size="small"
                        onClick={() => setEditing({ offer: o, key: Date.now() })}
                        aria-label={`Change the discount offered to ${o.counterpartyName}`}
                      >
                        Change
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Stop the discount offered to ${o.counterpartyName}`}
                        onClick={() =>
                          o.partyId !== null &&
                          remove.mutate(o.partyId, {
                            onError: (error) => showError(errorMessage(error)),
                          })
                        }
                      >
                        Stop
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {received.map((o) => (
                <TableRow key={`received-${o.counterpartyName}`}>
                  <TableCell>{o.counterpartyName}</TableCell>
                  <TableCell>Offered to you</TableCell>
                  <TableCell>{terms(o, formatDate)}</TableCell>
                  {mayEdit && <TableCell />}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <OfferDialog
          key={editing.key}
          open
          initial={editing.offer}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
