import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zApprovalSettings, type ApprovalSettings } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useApprovalSettings, useSaveApprovalSettings } from './assignment-api';

const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * Reminders and escalation (issue 29 item 3): after how many business days a waiting approval
 * reminds its approvers, and after how many it escalates to the Administrators; empty: off.
 */
export function ApprovalSettingsSection() {
  const settings = useApprovalSettings();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 3 }}
      component="section"
      aria-labelledby="approval-reminders"
    >
      <Typography variant="h6" component="h2" id="approval-reminders" gutterBottom>
        Reminders and escalation
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        An invoice that waits for a step&apos;s approvers this many business days reminds them by
        e-mail once; later it escalates, and the Administrators may approve the step too. Leave
        empty for none.
      </Typography>
      {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
      {settings.data && <SettingsForm initial={settings.data} />}
    </Paper>
  );
}

function SettingsForm({ initial }: { initial: ApprovalSettings }) {
  const save = useSaveApprovalSettings();
  const snackbar = useSnackbar();
  const [remind, setRemind] = useState(initial.remindAfterDays?.toString() ?? '');
  const [escalate, setEscalate] = useState(initial.escalateAfterDays?.toString() ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = zApprovalSettings.safeParse({
      remindAfterDays: toNumber(remind),
      escalateAfterDays: toNumber(escalate),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => snackbar.showSuccess('Reminders and escalation saved'),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        else snackbar.showError(errorMessage(error));
      },
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        label="Remind after (business days)"
        type="number"
        value={remind}
        onChange={(e) => setRemind(e.target.value)}
        error={Boolean(errors.remindAfterDays)}
        helperText={errors.remindAfterDays}
        slotProps={{ htmlInput: { min: 1, max: 60 } }}
      />
      <TextField
        label="Escalate after (business days)"
        type="number"
        value={escalate}
        onChange={(e) => setEscalate(e.target.value)}
        error={Boolean(errors.escalateAfterDays)}
        helperText={errors.escalateAfterDays}
        slotProps={{ htmlInput: { min: 1, max: 90 } }}
      />
      <Button type="submit" variant="contained" disabled={save.isPending}>
        Save
      </Button>
    </Stack>
  );
}
