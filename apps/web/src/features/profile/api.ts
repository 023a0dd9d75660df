import { useMutation } from '@tanstack/react-query';
import { zEmailChangeRequested } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/** My sign-in e-mail: the server mails a confirmation link to the new address. */
export function useRequestOwnEmailChange() {
  return useMutation({
    mutationFn: (emailAddress: string) =>
      apiRequest('/users/current/emailaddress', {
        method: 'POST',
        body: { emailAddress },
        schema: zEmailChangeRequested,
      }),
  });
}
