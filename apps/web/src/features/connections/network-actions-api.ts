import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connectionMessages, zAlreadyConnected, type OrgUnitInput } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { networkKeys } from '../network/api';
import { connectionKeys, getConnection } from './api';

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

export function checkAlreadyConnected(id: number) {
  return apiRequest(`/party/${id}/checkAlreadyConnected`, { schema: zAlreadyConnected });
}

/**
 * Asked before every Connect: the company may already be connected, or asked, through another
 * connection of ours (the server refuses a second request too). The message, or null.
 */
export async function alreadyConnectedMessage(id: number): Promise<string | null> {
  const check = await checkAlreadyConnected(id);
  return check.alreadyConnected
    ? connectionMessages.alreadyConnected(check.connectedPartyName ?? 'another connection')
    : null;
}

export const requestSentMessage = (company: string) => `Connection request sent to ${company}`;
export const nowConnectedMessage = (company: string) => `You are now connected to ${company}`;

/**
 * What a successful connect achieved: a request sent, or — when the company had asked us first
 * and the server accepted its request — a connection (spec 2 §4.2 'You are now connected to …').
 */
export async function connectedMessage(id: number, company: string): Promise<string> {
  const party = await getConnection(id).catch(() => null);
  return party?.partyStatus === 'connected'
    ? nowConnectedMessage(company)
    : requestSentMessage(company);
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
