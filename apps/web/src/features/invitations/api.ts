import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  zInvitation,
  zInvitationAccepted,
  zInvitationCount,
  zInvitationRegistered,
  type AcceptInvitationInput,
  type OrgUnitInput,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../session/use-session';

export const invitationKeys = {
  all: ['invitations'] as const,
  pending: () => [...invitationKeys.all, 'pending'] as const,
  count: (companyId: number) => [...invitationKeys.all, 'count', companyId] as const,
  detail: (id: number) => [...invitationKeys.all, 'detail', id] as const,
};

export const getPendingInvitations = () =>
  apiRequest('/invitation/pending', { schema: z.array(zInvitation) });
export const getInvitation = (id: number) =>
  apiRequest(`/invitation/getbyid/${id}`, { schema: zInvitation });

export const pendingInvitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationKeys.pending(), queryFn: getPendingInvitations });
export const invitationQueryOptions = (id: number) =>
  queryOptions({ queryKey: invitationKeys.detail(id), queryFn: () => getInvitation(id) });

export const usePendingInvitations = () => useQuery(pendingInvitationsQueryOptions());
export const useInvitation = (id: number | null) =>
  useQuery({ ...invitationQueryOptions(id ?? 0), enabled: id !== null });

/** The live invitations of the selected company: the badge on the Invitations link. */
export function usePendingInvitationCount(): number {
  const { company } = useSession();
  const query = useQuery({
    queryKey: invitationKeys.count(company.id),
    queryFn: () => apiRequest('/invitation/pending/count', { schema: zInvitationCount }),
    refetchInterval: 60_000,
    // A badge is a hint: a failure to count must not raise a snackbar.
    meta: { silent: true },
  });
  return query.data?.count ?? 0;
}

export function registerInvitation(token: string, companyId?: number) {
  return apiRequest(`/invitation/register/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: zInvitationRegistered,
    ...(companyId === undefined ? {} : { companyId }),
  });
}

export function onboardInvitation(token: string) {
  return apiRequest(`/invitation/onboard/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: zInvitationRegistered,
  });
}

function useInvalidatingMutation<T, R>(fn: (input: T) => Promise<R>, silent = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent },
    onSuccess: () => client.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** Reject with the optional reason the sender is shown (issue 27 item 17). */
export const useRejectInvitation = () =>
  useInvalidatingMutation(({ id, reason }: { id: number; reason?: string }) =>
    apiRequest(`/invitation/reject/${id}`, {
      method: 'POST',
      body: reason?.trim() ? { reason: reason.trim() } : {},
    }),
  );
export const useDeleteInvitation = () =>
  useInvalidatingMutation((id: number) =>
    apiRequest(`/invitation/delete/${id}`, { method: 'DELETE' }),
  );

export type AcceptChoice =
  | { kind: 'existing'; input: AcceptInvitationInput }
  | { kind: 'new'; invitationId: number; profile: OrgUnitInput };

/** Silent: the wizard shows the server's message or 'Couldn't accept invitation' itself. */
export const useAcceptInvitation = () =>
  useInvalidatingMutation(
    (choice: AcceptChoice) =>
      choice.kind === 'existing'
        ? apiRequest('/invitation/accept', {
            method: 'POST',
            body: choice.input,
            schema: zInvitationAccepted,
          })
        : apiRequest(`/invitation/exchangeAccept/${choice.invitationId}`, {
            method: 'POST',
            body: choice.profile,
            schema: zInvitationAccepted,
          }),
    true,
  );
