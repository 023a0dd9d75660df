import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { NotificationType } from '@flowline/shared';
import { apiAuthHeaders } from '../../lib/api-client';
import { notificationKeys } from '../../features/notifications/api';
import { invitationKeys } from '../../features/invitations/api';
import { connectionKeys } from '../../features/connections/api';
import { networkKeys } from '../../features/network/api';
import { refreshAfterReading } from '../../features/documents/screen/extraction/api';
import { useSession } from '../../features/session/use-session';
import { documentScreenKeys } from '../../features/documents/screen/api';
import { chatKeys } from '../../features/chat/api';
import {
  openRealtimeSocket,
  realtimeUrl,
  type RealtimeChange,
  type RealtimeNotification,
} from './realtime-socket';

/** The title the server gives invitation notifications (spec 2 §4.3). */
const RECEIVED_INVITATION = 'Received invitation';

/**
 * The titles of the notifications that change a connection's status (request received, accepted,
 * rejected, the other company disconnected): the open connections list and the badge refetch.
 */
export const CONNECTION_TITLES = [
  RECEIVED_INVITATION,
  'Invitation accepted',
  'Invitation rejected',
  'Connection removed',
];

/** Query keys whose data a notification may have changed (documents arrive with one). */
const DOCUMENT_QUERY_ROOTS = ['documents', 'document-lists', 'inbox', 'search'];

/**
 * Real-time notifications (spec 2 §4.3): while signed in to a company, a WebSocket announces new
 * notifications; the client refetches what they change — the unread count, the notification
 * pages, pending system notifications, the invitation count and document lists.
 */
export function useRealtimeNotifications({ enabled = true }: { enabled?: boolean } = {}): void {
  const queryClient = useQueryClient();
  const { company } = useSession();

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    const socket = openRealtimeSocket({
      url: realtimeUrl(),
      companyId: company.id,
      getToken: async () => (await apiAuthHeaders()).Authorization?.replace(/^Bearer /, '') ?? null,
      onNotification: (notification) => refreshAfter(queryClient, notification),
      onDocumentExtraction: (event) => refreshAfterReading(queryClient, event.documentId),
      onChange: (event) => refreshAfterChange(queryClient, event),
      // Missed events that cannot be replayed: everything shown may be stale.
      onReconnected: () => void queryClient.invalidateQueries(),
    });
    return () => socket.close();
  }, [company.id, queryClient, enabled]);
}

export function refreshAfter(
  queryClient: QueryClient,
  notification: RealtimeNotification | null,
): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  if (!notification || notification.title === RECEIVED_INVITATION) {
    void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
  }
  if (!notification || CONNECTION_TITLES.includes(notification.title)) {
    void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    void queryClient.invalidateQueries({ queryKey: networkKeys.all });
  }
  if (!notification || notification.notificationTypeId === NotificationType.Regular) {
    void queryClient.invalidateQueries({
      predicate: (query) => DOCUMENT_QUERY_ROOTS.includes(String(query.queryKey[0])),
    });
  }
}

/**
 * A company-wide change (issue 15): the connection screens, the document and the lists, or the
 * chat (thread list, open conversation, top bar badge).
 */
export function refreshAfterChange(queryClient: QueryClient, event: RealtimeChange): void {
  if (event.type === 'chatMessage') {
    void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    return;
  }
  if (event.type === 'connection') {
    void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    void queryClient.invalidateQueries({ queryKey: networkKeys.all });
    void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: documentScreenKeys.document(event.documentId) });
  void queryClient.invalidateQueries({
    predicate: (query) => DOCUMENT_QUERY_ROOTS.includes(String(query.queryKey[0])),
  });
}
