import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { zMembershipInvitation } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/** The signed-in person's pending invitations to join companies (issue 10 item 2). */
export const membershipInvitationKeys = {
  all: ['membership-invitations'] as const,
};

const zAccepted = z.object({ companyId: z.number(), companyName: z.string(), message: z.string() });

export function getMyMembershipInvitations() {
  return apiRequest('/me/membership-invitations', {
    schema: z.array(zMembershipInvitation),
    company: false,
  });
}

export const myMembershipInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: membershipInvitationKeys.all,
    queryFn: getMyMembershipInvitations,
    refetchInterval: 300_000,
  });

export function useMyMembershipInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myMembershipInvitationsQueryOptions(), enabled });
}

export function useAnswerMembershipInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      accept
        ? apiRequest(`/me/membership-invitations/${id}/accept`, {
            method: 'POST',
            schema: zAccepted,
            company: false,
          })
        : apiRequest(`/me/membership-invitations/${id}/decline`, {
            method: 'POST',
            company: false,
          }).then(() => null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membershipInvitationKeys.all }),
  });
}
