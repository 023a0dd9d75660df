import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { reportClientError } from '../../lib/client-error-reporter';
import { useAuth } from '../auth/auth-context';

/** The issuer's redirect target: redeems the code and returns to where sign-in started. */
export function CallbackPage() {
  const { completeSignIn } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    completeSignIn().then(
      (returnTo) => navigate(returnTo, { replace: true }),
      (error: unknown) => {
        reportClientError(error, 'authentication');
        navigate('/errorLoading', { replace: true });
      },
    );
  }, [completeSignIn, navigate]);

  return <FullPageSpinner label="Signing in…" />;
}
