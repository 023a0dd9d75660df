import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { divisionOrderMessages as msg, zDivisionOrderSettings } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useDivisionOrderSettings, useSaveDivisionOrderSettings } from './api';

/** '' → null (off); otherwise the number typed, checked with the server's schema. */
export function parseAutoRemindDays(text: string) {
  const trimmed = text.trim();
  const value = trimmed === '' ? null : Number(trimmed);
  const parsed = zDivisionOrderSettings.safeParse({
    autoRemindAfterDays: value !== null && Number.isNaN(value) ? 'x' : value,
  });
  return parsed.success
    ? ({ ok: true, value: parsed.data } as const)
    : ({ ok: false, message: msg.autoRemindRange } as const);
}

/**
 * Issue 31 item 4: the company's automatic reminders (Administrators; PUT
 * /division-orders/settings): after how many days an owner who has not answered is reminded,
 * empty for none. Opened from the Responses view of the Pending Division Order list.
 */
export function ReminderSettingsDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const settings = useDivisionOrderSettings();
  const save = useSaveDivisionOrderSettings();
  const snackbar = useSnackbar();
  const [text, setText] = useState<string | null>(null);
  const current = settings.data?.autoRemindAfterDays;
  const shown = text ?? (current === null || current === undefined ? '' : String(current));
  const checked = parseAutoRemindDays(shown);
  const [tried, setTried] = useState(false);
  const error = tried && !checked.ok ? checked.message : null;

  const submit = () => {
    setTried(true);
    if (!checked.ok) return;
    save.mutate(checked.value, {
      onSuccess: (saved) => {
        snackbar.showSuccess(
          saved.autoRemindAfterDays === null
            ? 'Automatic reminders are off.'
            : `Owners are reminded after ${saved.autoRemindAfterDays} day${saved.autoRemindAfterDays === 1 ? '' : 's'}.`,
        );
        onClose();
      },
      onError: (e) => snackbar.showError(errorMessage(e)),
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={phone} maxWidth="xs">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>Automatic reminders</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{msg.autoRemindHelp}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={msg.autoRemindLabel}
            inputMode="numeric"
            value={shown}
            disabled={settings.isPending}
            onChange={(e) => setText(e.target.value)}
            error={!!error}
            helperText={error ?? msg.autoRemindRange}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || settings.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
