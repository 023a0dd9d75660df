import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zApprovalLimitInput, type ApprovalLimit } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useApprovalLimit, useSaveApprovalLimit } from './api';

/**
 * The user's approval limit on the user form (issue 29; docs/approvals.md): invoices above it
 * are refused to them, whatever step they approve. Saved on its own; empty means no limit.
 */
export function ApprovalLimitSection({ userId }: { userId: number }) {
  const limit = useApprovalLimit(userId);
  if (!limit.data) return null;
  return <LimitForm key={String(limit.data.approvalLimit)} userId={userId} saved={limit.data} />;
}

function LimitForm({ userId, saved }: { userId: number; saved: ApprovalLimit }) {
  const [value, setValue] = useState(
    saved.approvalLimit === null ? '' : saved.approvalLimit.toFixed(2),
  );
  const [error, setError] = useState<string>();
  const save = useSaveApprovalLimit(userId);
  const snackbar = useSnackbar();
  const submit = () => {
    const parsed = zApprovalLimitInput.safeParse({ approvalLimit: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(value, {
      onSuccess: () => snackbar.showSuccess('Approval limit saved'),
      onError: (e) => setError(errorMessage(e)),
    });
  };
  return (
    <Paper variant="outlined" component="section" aria-label="Approvals" sx={{ mt: 3, p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Approvals
      </Typography>
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
          label="Approval limit"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? 'The largest invoice total this user may approve; empty: no limit'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          Save limit
        </Button>
      </Stack>
    </Paper>
  );
}
