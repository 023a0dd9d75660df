import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { zRejectDocumentInput, type RejectDocumentInput } from '@flowline/shared';

/** Reject: the reason is required; the sender reads it as the 'Rejection Reason'. */
export function RejectDialog({
  open,
  busy,
  onReject,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onReject(reason: string): void;
  onClose(): void;
}) {
  const { control, handleSubmit, reset } = useForm<RejectDocumentInput>({
    resolver: zodResolver(zRejectDocumentInput),
    defaultValues: { reason: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="reject-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={handleSubmit((v) => onReject(v.reason))}>
        <DialogTitle id="reject-title">Reject document</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The sender sees this reason and can correct the document and resubmit it.
          </DialogContentText>
          <Controller
            name="reason"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Reason"
                required
                fullWidth
                multiline
                minRows={3}
                autoFocus
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            Reject
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
