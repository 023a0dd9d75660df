import { useState } from 'react';
import { Link as RouterLink, useMatch, useNavigate, useParams } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CompanyRegistration } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage, isApiError } from '../../lib/api-error';
import { useInvitationTokenInfo, useRegisterCompany } from './api';
import { RegistrationForm } from './registration-form';

/**
 * Where 'Login instead' returns after sign-in: the invitation or onboarding page of the token,
 * else Home (spec 3 §2 Register).
 */
export function loginReturnPath(invitationToken: string | undefined, isBoarding: boolean): string {
  if (!invitationToken) return '/';
  const token = encodeURIComponent(invitationToken);
  return isBoarding ? `/admin/onboarding/${token}` : `/admin/invitations/${token}`;
}

/** /register, /register/:invitationToken and /onboarding/:invitationToken (boarding mode). */
export function RegisterPage() {
  const { invitationToken } = useParams();
  const isBoarding = useMatch('/onboarding/:invitationToken') !== null;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const register = useRegisterCompany();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const invitation = useInvitationTokenInfo(invitationToken).data;

  const submit = (registration: CompanyRegistration) =>
    register.mutate(registration, {
      onSuccess: ({ name }) =>
        navigate(`/registersuccess?${new URLSearchParams({ companyName: name }).toString()}`),
      onError: (error) => {
        // Spec 3 §8: the server's message in a snackbar; the form marks the fields it named.
        snackbar.showError(errorMessage(error));
        if (isApiError(error) && error.fields) setServerErrors(error.fields);
      },
    });

  // The landing page signs in by itself when given redirectTo, and returns there afterwards.
  const loginHref = `/landingpage?${new URLSearchParams({
    redirectTo: loginReturnPath(invitationToken, isBoarding),
  }).toString()}`;

  return (
    <>
      <PageHeader title="Sign Up" />
      {invitation && (
        <Typography sx={{ mb: 1 }}>
          {invitation.onboarding
            ? `${invitation.senderCompanyName} asks your company to join and connect. Register, and your request to connect is sent to them.`
            : `${invitation.senderCompanyName} invited your company to connect. Register, and the invitation waits for you when you sign in.`}
        </Typography>
      )}
      <Typography sx={{ mb: 3 }}>
        <Link component={RouterLink} to={loginHref}>
          {invitationToken ? 'Already have a login?' : 'Already have an account? Login instead'}
        </Link>
      </Typography>
      <RegistrationForm
        invitationToken={invitationToken ?? null}
        isBoarding={isBoarding}
        invitedEmail={invitation?.receiverEmail ?? null}
        submitting={register.isPending}
        serverErrors={serverErrors}
        onSubmit={submit}
      />
    </>
  );
}
