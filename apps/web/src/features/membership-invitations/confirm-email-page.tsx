import { useParams, Link as RouterLink } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { membershipInvitationMessages, zEmailChangeConfirmed } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';

/**
 * /confirm-email/{token}: the link mailed to a new sign-in address. The change happens on a click,
 * not on opening the page, so mail scanners that follow links change nothing.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirm = useMutation({
    mutationFn: () =>
      apiRequest('/emailchange/confirm', {
        method: 'POST',
        body: { token },
        schema: zEmailChangeConfirmed,
        auth: false,
        company: false,
      }),
  });

  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      <Typography variant="h1">Confirm your new e-mail address</Typography>
      {confirm.isSuccess ? (
        <>
          <Alert severity="success">
            {membershipInvitationMessages.emailConfirmed} From now on, sign in with{' '}
            <strong>{confirm.data.emailAddress}</strong>.
          </Alert>
          <Button component={RouterLink} to="/landingpage" variant="contained">
            Sign in
          </Button>
        </>
      ) : (
        <>
          <Typography>
            Confirm that this address should become the sign-in e-mail of your account.
          </Typography>
          {confirm.isError && <Alert severity="error">{errorMessage(confirm.error)}</Alert>}
          <Button variant="contained" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
            Confirm the new address
          </Button>
        </>
      )}
    </Stack>
  );
}
