import { useMutation, useQuery } from '@tanstack/react-query';
import {
  zCompanyRegistrationResult,
  zInvitationTokenInfo,
  type CompanyRegistration,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/** POST /companyRegistration: public, before anyone is signed in. */
export function postCompanyRegistration(body: CompanyRegistration) {
  return apiRequest('/companyRegistration', {
    method: 'POST',
    body,
    schema: zCompanyRegistrationResult,
    auth: false,
    company: false,
  });
}

export function useRegisterCompany() {
  return useMutation({
    mutationFn: postCompanyRegistration,
    // The page shows the failure itself (snackbar plus the fields the server named).
    meta: { silent: true },
  });
}

/** GET /invitation/token/{token}: public; who invited, and the invited address to prefill. */
export function getInvitationTokenInfo(token: string) {
  return apiRequest(`/invitation/token/${encodeURIComponent(token)}`, {
    schema: zInvitationTokenInfo,
    auth: false,
    company: false,
  });
}

export function useInvitationTokenInfo(token: string | undefined) {
  return useQuery({
    queryKey: ['registration', 'invitation-token', token],
    queryFn: () => getInvitationTokenInfo(token ?? ''),
    enabled: !!token,
    staleTime: Infinity,
    retry: false,
    // An unknown or used token is only a missing hint: registration still works without it.
    meta: { silent: true },
  });
}
