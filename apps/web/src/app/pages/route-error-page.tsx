import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { reportClientError } from '../../lib/client-error-reporter';

/** The router's error boundary: reports the crash (without Company-Id) and offers a way out. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => reportClientError(error), [error]);
  return (
    <Paper component="main" variant="outlined" sx={{ p: 4, m: { xs: 2, md: 6 }, maxWidth: 640 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Something went wrong
      </Typography>
      <Typography sx={{ mb: 3 }}>
        The page could not be shown. The problem has been reported; please reload and try again.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()} sx={{ mr: 1 }}>
        Reload
      </Button>
      <Button href="/">Home</Button>
    </Paper>
  );
}
