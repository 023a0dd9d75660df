import { lazy, Suspense, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { UNAUTHORIZED_LOGOUT_DELAY_MS, isAdministrator } from '@flowline/shared';
import { setApiCompanyId } from '../../lib/api-client';
import { reportClientError } from '../../lib/client-error-reporter';
import { writeStoredCompanyId } from '../../lib/selected-company-storage';
import { SessionContext, type Session } from '../../features/session/use-session';
import { useSnackbar } from '../../components/snackbar';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useAuth } from '../auth/auth-context';
import { PublicLayout } from '../pages/public-layout';
import { sessionStartQueryOptions } from './start-session';

// Only users without a company see it: not part of everybody's first paint (issue 16 item 4).
const MembershipInvitationsList = lazy(async () => ({
  default: (await import('../../features/membership-invitations/membership-invitations-list'))
    .MembershipInvitationsList,
}));

// Only while the company's onboarding request waits for the inviter.
const OnboardingPendingDialog = lazy(async () => ({
  default: (await import('./onboarding-pending-dialog')).OnboardingPendingDialog,
}));

export const NOT_AUTHORIZED_MESSAGE = 'You are not authorized to use this application.';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { showAlert } = useSnackbar();

  const { pathname } = useLocation();
  const start = useQuery(sessionStartQueryOptions(queryClient, pathname));
  const result = start.data;

  useEffect(() => {
    if (!start.error) return;
    reportClientError(start.error, 'authentication');
    navigate('/errorLoading', { replace: true });
  }, [start.error, navigate]);

  useEffect(() => {
    if (result?.kind === 'cloud-redirect') {
      window.location.assign(result.url);
    } else if (result?.kind === 'unauthorized') {
      showAlert(NOT_AUTHORIZED_MESSAGE, 'error');
      const timer = window.setTimeout(() => void signOut(), UNAUTHORIZED_LOGOUT_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
  }, [result, showAlert, signOut]);

  const switchCompany = useCallback(
    async (companyId: number) => {
      writeStoredCompanyId(companyId);
      setApiCompanyId(companyId);
      navigate('/');
      // Every cached query belongs to the previous company; the session start re-runs too.
      await queryClient.resetQueries();
    },
    [navigate, queryClient],
  );

  const session = useMemo<Session | null>(
    () =>
      result?.kind === 'ready'
        ? {
            company: result.company,
            companies: result.companies,
            user: result.user,
            isAdministrator: isAdministrator(result.user),
            switchCompany,
          }
        : null,
    [result, switchCompany],
  );

  if (result?.kind === 'invitations-only') {
    return (
      <PublicLayout>
        <Typography variant="h1" sx={{ mb: 1 }}>
          Invitations to join a company
        </Typography>
        <Typography sx={{ mb: 3 }}>
          You do not belong to a company on Flowline yet. Accept an invitation to start.
        </Typography>
        <Suspense fallback={<FullPageSpinner />}>
          <MembershipInvitationsList
            onAccepted={() => {
              navigate('/');
              void queryClient.resetQueries();
            }}
          />
        </Suspense>
        <Button sx={{ mt: 3 }} onClick={() => void signOut()}>
          Logout
        </Button>
      </PublicLayout>
    );
  }
  if (!session) {
    const label = result?.kind === 'unauthorized' ? 'Signing out…' : undefined;
    return <FullPageSpinner label={label} />;
  }
  return (
    <SessionContext.Provider value={session}>
      {children}
      {session.company.onBoardingProcessPending && (
        <Suspense fallback={null}>
          <OnboardingPendingDialog />
        </Suspense>
      )}
    </SessionContext.Provider>
  );
}
