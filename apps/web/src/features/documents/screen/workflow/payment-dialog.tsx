import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { zPaymentInput, type PaymentInput } from '@flowline/shared';

type FormValues = {
  amount: string;
  transactionDate: string;
  paymentId: string;
  checkNumber: string;
  description: string;
  isCancellation: boolean;
};

const today = () => new Date().toISOString().slice(0, 10);

/** Add payment (spec 1 §5): the amount is required and numeric; the form validates first. */
export function PaymentDialog({
  open,
  documentId,
  busy,
  onAdd,
  onClose,
}: {
  open: boolean;
  documentId: number;
  busy: boolean;
  onAdd(input: PaymentInput): void;
  onClose(): void;
}) {
  const schema = zPaymentInput.omit({ documentId: true });
  const defaults: FormValues = {
    amount: '',
    transactionDate: today(),
    paymentId: '',
    checkNumber: '',
    description: '',
    isCancellation: false,
  };
  const { control, handleSubmit, reset } = useForm<FormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: defaults,
  });
  const close = () => {
    reset(defaults);
    onClose();
  };
  const text = (name: Exclude<keyof FormValues, 'isCancellation'>, label: string, extra = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          {...extra}
        />
      )}
    />
  );
  return (
    <Dialog open={open} onClose={close} aria-labelledby="payment-title" fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={handleSubmit((values) =>
          onAdd({ ...(values as unknown as PaymentInput), documentId }),
        )}
      >
        <DialogTitle id="payment-title">Add payment</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('amount', 'Amount', {
                required: true,
                autoFocus: true,
                slotProps: {
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                },
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text('transactionDate', 'Date', {
                type: 'date',
                slotProps: { inputLabel: { shrink: true } },
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('paymentId', 'Payment ID')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text('checkNumber', 'Check Number')}</Grid>
            <Grid size={12}>{text('description', 'Description', { multiline: true })}</Grid>
            <Grid size={12}>
              <Controller
                name="isCancellation"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                      />
                    }
                    label="This cancels an earlier payment"
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Add
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
