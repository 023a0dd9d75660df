import { lazy, Suspense, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { UNAUTHORIZED_LOGOUT_DELAY_MS, isAdministrator } from '@flowline/shared';
import { setApiCompanyId } from '../../lib/api-client';
import { reportClientError } from '../../lib/client-error-reporter';
import { writeStoredCompanyId } from '../../lib/selected-company-storage';
import { SessionContext, type Session } from '../../features/session/use-session';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useAuth } from '../auth/auth-context';
import { PublicLayout } from '../pages/public-layout';
import { rememberSignedOutReason } from './signed-out-reason';
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

/** Issue 27 item 23: a blocked user is told which company blocked them, not only 'not authorized'. */
export function blockedMessage(companies: readonly string[]): string {
  const names = companies.length === 1 ? companies[0] : companies.join(', ');
  return companies.length === 1
    ? `Your access to ${names} is blocked. Ask an Administrator of ${names} to unblock you.`
    : `Your access to ${names} is blocked. Ask an Administrator of the company to unblock you.`;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOut } = useAuth();

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
      // Said on the page below and again on the landing page the sign-out ends on.
      rememberSignedOutReason(
        result.blockedCompanies.length > 0
          ? blockedMessage(result.blockedCompanies)
          : NOT_AUTHORIZED_MESSAGE,
      );
      const timer = window.setTimeout(() => void signOut(), UNAUTHORIZED_LOGOUT_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
  }, [result, signOut]);

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
  if (result?.kind === 'unauthorized') {
    const blocked = result.blockedCompanies.length > 0;
    return (
      <PublicLayout>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {blocked ? 'Your access is blocked' : 'No access'}
        </Typography>
        <Alert severity="error" sx={{ mb: 2 }}>
          {blocked ? blockedMessage(result.blockedCompanies) : NOT_AUTHORIZED_MESSAGE}
        </Alert>
        <Typography color="text.secondary">Signing out…</Typography>
      </PublicLayout>
    );
  }
  if (!session) return <FullPageSpinner />;
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
