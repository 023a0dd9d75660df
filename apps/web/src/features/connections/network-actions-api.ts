import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrgUnitInput } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { networkKeys } from '../network/api';
import { connectionKeys } from './api';

/** The network actions of a connection (spec 2 §4.2), docs/invitations.md for the endpoints. */
export function inviteConnection({ id, email }: { id: number; email: string }) {
  return apiRequest(`/party/${id}/invite`, { method: 'PUT', body: { email } });
}

export function connectConnection({ id, orgUnitId }: { id: number; orgUnitId?: number }) {
  return apiRequest(`/party/${id}/connect`, {
    method: 'PUT',
    query: orgUnitId === undefined ? {} : { orgUnitId },
  });
}

/** Creates the profile and sends the connection request with it, in one transaction. */
export function connectAndCreateOrgUnit({ id, profile }: { id: number; profile: OrgUnitInput }) {
  return apiRequest(`/party/${id}/connectAndCreateOrgUnit`, { method: 'PUT', body: profile });
}

export function reconnectConnection(id: number) {
  return apiRequest(`/party/${id}/reconnect`, { method: 'PUT' });
}

export function disconnectConnection({ id, deleteRelationship }: DisconnectVariables) {
  return apiRequest(`/party/${id}/disconnect`, {
    method: 'POST',
    query: { deleteRelationshipAndNotifyConnections: deleteRelationship },
  });
}

export interface DisconnectVariables {
  id: number;
  deleteRelationship: boolean;
}

export function resendInvite({ id, email }: { id: number; email: string }) {
  return apiRequest('/invitation/resend', {
    method: 'POST',
    body: { senderPartyIdOfReceiverCompany: id, receiverEmail: email },
  });
}

/** Every action changes the row's status and may change the network-match badge. */
function useNetworkMutation<V>(mutationFn: (v: V) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
        queryClient.invalidateQueries({ queryKey: networkKeys.all }),
      ]),
  });
}

export const useInviteConnection = () => useNetworkMutation(inviteConnection);
export const useConnectConnection = () => useNetworkMutation(connectConnection);
export const useConnectAndCreateOrgUnit = () => useNetworkMutation(connectAndCreateOrgUnit);
export const useReconnectConnection = () => useNetworkMutation(reconnectConnection);
export const useDisconnectConnection = () => useNetworkMutation(disconnectConnection);
export const useResendInvite = () => useNetworkMutation(resendInvite);
