import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header';

/** Page Not found (spec 3): the shell's catch-all route, and pages whose parameter names nothing. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page Not found" />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>
          The page you are looking for does not exist or has moved.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Home
        </Button>
      </Paper>
    </>
  );
}
