import { useMutation } from '@tanstack/react-query';
import { zCompanyRegistrationResult, type CompanyRegistration } from '@flowline/shared';
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
