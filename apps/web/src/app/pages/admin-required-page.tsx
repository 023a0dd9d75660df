import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { endSentence } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../features/session/use-session';

export const ADMIN_REQUIRED_TITLE = 'You need to be an administrator';

/** Shown on admin screens to other roles (spec 2 §6: "non-administrators are told to ask their admin"). */
export function AdminRequiredPage() {
  const { company } = useSession();
  return (
    <>
      <PageHeader title={ADMIN_REQUIRED_TITLE} />
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        This page is for administrators of {endSentence(company.name)} Ask your admin if you need
        access.
      </Alert>
      <Button component={RouterLink} to="/" variant="contained">
        Home
      </Button>
    </>
  );
}
