import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { registrationMessages } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';

/** /registersuccess?companyName=… (spec 3 §2): the temporary password is on its way by e-mail. */
export function RegisterSuccessPage() {
  const [params] = useSearchParams();
  const companyName = params.get('companyName');
  return (
    <>
      <PageHeader title="Registration Successful" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {companyName && (
          <Typography
            variant="h2"
            component="p"
            sx={{ mb: 1 }}
            data-testid="registered-company-name"
          >
            {companyName}
          </Typography>
        )}
        <Typography sx={{ mb: 3 }}>{registrationMessages.success}</Typography>
        <Button component={RouterLink} to="/landingpage" variant="contained">
          Go to the login page
        </Button>
      </Paper>
    </>
  );
}
