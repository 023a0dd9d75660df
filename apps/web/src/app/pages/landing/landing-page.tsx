import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@flowline/shared';
import { FlowlineLogo } from '../../../components/brand/flowline-logo';
import { useDocumentTitle } from '../../../components/use-document-title';
import { reportClientError } from '../../../lib/client-error-reporter';
import { safeReturnPath } from '../../../lib/return-path';
import { useAuth } from '../../auth/auth-context';
import { forgetSignedOutReason, readSignedOutReason } from '../../session/signed-out-reason';
import { HeroIllustration } from './hero-illustration';

const highlights = [
  {
    title: 'Invoices that arrive',
    text: 'Send AR invoices straight to your connections and follow them to payment.',
  },
  {
    title: 'Owner documents in one place',
    text: 'Division orders, run statements, owner statements and 1099s, signed and returned online.',
  },
  {
    title: 'Your industry network',
    text: 'Vendors, owners, operators and purchasers connected once, trusted every day.',
  },
];

/** Spec 3 §2: hero picture with Login and Sign up; with `redirectTo` the sign-in starts by itself. */
export function LandingPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const target = safeReturnPath(redirectTo);
  const autoStarted = useRef(false);
  // Why the app just signed the user out (no company, or blocked), said once (issue 27 item 23).
  const [signedOutReason] = useState(readSignedOutReason);
  useEffect(forgetSignedOutReason, []);
  useDocumentTitle(null);

  const login = () =>
    auth.signIn(target).catch((error: unknown) => {
      reportClientError(error, 'authentication');
      navigate('/errorLoading');
    });

  useEffect(() => {
    if (redirectTo && auth.status === 'error') navigate('/errorLoading', { replace: true });
    if (!redirectTo || auth.status !== 'ready' || auth.isAuthenticated || autoStarted.current)
      return;
    autoStarted.current = true;
    void login();
  });

  if (auth.status === 'ready' && auth.isAuthenticated) return <Navigate to={target} replace />;

  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          bgcolor: '#06343D',
          color: '#FFFFFF',
          minHeight: { xs: 480, md: 560 },
        }}
      >
        <HeroIllustration />
        <Container sx={{ position: 'relative', py: { xs: 5, md: 8 } }}>
          <FlowlineLogo tone="light" height={40} />
          <Typography
            id="landing-title"
            variant="h1"
            sx={{ mt: 5, fontSize: { xs: '2.25rem', md: '3.25rem' }, maxWidth: 640 }}
          >
            {PRODUCT_NAME}
          </Typography>
          <Typography
            sx={{
              mt: 1.5,
              fontSize: { xs: '1.125rem', md: '1.375rem' },
              maxWidth: 560,
              color: '#E3F0F2',
            }}
          >
            The document exchange network for the oil and gas industry.
          </Typography>
          {signedOutReason && (
            <Alert severity="error" sx={{ mt: 3, maxWidth: 640 }}>
              {signedOutReason}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ mt: 4 }}>
            <Button variant="contained" color="secondary" size="large" onClick={() => void login()}>
              Login
            </Button>
            <Button
              variant="outlined"
              size="large"
              onClick={() => navigate('/register')}
              sx={{
                color: '#FFFFFF',
                borderColor: '#FFFFFF',
                '&:hover': { borderColor: '#FFFFFF', bgcolor: 'rgba(255,255,255,0.08)' },
              }}
            >
              Sign up
            </Button>
          </Stack>
        </Container>
      </Box>
      <Container sx={{ py: 6 }}>
        <Grid container spacing={3}>
          {highlights.map((h) => (
            <Grid key={h.title} size={{ xs: 12, md: 4 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                <Typography variant="h2" sx={{ mb: 1 }}>
                  {h.title}
                </Typography>
                <Typography color="text.secondary">{h.text}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
