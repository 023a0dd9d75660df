import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/use-document-title';
import { useAuth } from '../auth/auth-context';
import { PublicLayout } from './public-layout';

export const ERROR_LOADING_MESSAGE =
  'We are sorry, an error occured while loading the application. Please try to logout and login again, and please report this to us to solve it for the future.';

/** Spec 3 §2 "Error loading" (spec 2 §2.6: opens when sign-in or start-up fails). */
export function ErrorLoadingPage() {
  const { signOut } = useAuth();
  useDocumentTitle('Error loading');
  return (
    <PublicLayout>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, mt: 4, maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          Error loading
        </Typography>
        <Typography sx={{ mb: 3 }}>{ERROR_LOADING_MESSAGE}</Typography>
        <Button variant="contained" onClick={() => void signOut()}>
          Logout
        </Button>
      </Paper>
    </PublicLayout>
  );
}
