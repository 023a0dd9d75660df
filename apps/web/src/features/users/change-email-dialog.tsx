import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { changeEmailFormSchema, type ChangeEmailInput } from '@flowline/shared';

/** Change Email Address (spec 3 §2, §5): valid, and different from the current address. */
export function ChangeEmailDialog({
  open,
  currentEmail,
  saving,
  onSubmit,
  onClose,
}: {
  open: boolean;
  currentEmail: string;
  saving: boolean;
  onSubmit(emailAddress: string): void;
  onClose(): void;
}) {
  const schema = useMemo(() => changeEmailFormSchema(currentEmail), [currentEmail]);
  const { control, handleSubmit, reset } = useForm<ChangeEmailInput>({
    resolver: zodResolver(schema),
    defaultValues: { emailAddress: currentEmail },
  });
  const close = () => {
    reset({ emailAddress: currentEmail });
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="change-email-title"
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={handleSubmit((v) => onSubmit(v.emailAddress))}>
        <DialogTitle id="change-email-title">Change Email Address</DialogTitle>
        <DialogContent>
          <Controller
            name="emailAddress"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Email"
                type="email"
                required
                fullWidth
                autoFocus
                margin="dense"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
