import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  NOTIFICATIONS_PAGE_SIZE,
  zDocumentAvailability,
  zNotification,
  zNotificationPage,
  zSystemNotificationResult,
  type SystemNotificationInput,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { getCountTolerating404 } from '../../lib/count';

/** What a notification click opens (actionId), with the id in actionData. */
export const NotificationAction = {
  openDocument: 'openDocument',
  openInvitation: 'openInvitation',
  /** A company asks the person to join it (issue 10 item 2). */
  openMembershipInvitation: 'openMembershipInvitation',
  /** A chat message; actionData is the thread's channel url (issue 15 item 1). */
  openChat: 'openChat',
  /** A payment run paid to the company; actionData is its id (issue 29 item 6). */
  openPaymentRun: 'openPaymentRun',
} as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  page: (page: number) => [...notificationKeys.all, 'page', page] as const,
  pendingSystem: () => [...notificationKeys.all, 'pending-system'] as const,
};

export function getUnreadNotificationCount() {
  return getCountTolerating404('/notifications/unreadnotifications');
}

export const unreadNotificationCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: getUnreadNotificationCount,
    // Real-time events invalidate this key; the interval only covers a lost websocket.
    refetchInterval: 120_000,
  });

/** `enabled` false: not asked yet (the shell asks once the page has painted). */
export function useUnreadNotificationCount({ enabled = true }: { enabled?: boolean } = {}): number {
  return useQuery({ ...unreadNotificationCountQueryOptions(), enabled }).data ?? 0;
}

export const notificationPageQueryOptions = (page: number) =>
  queryOptions({
    queryKey: notificationKeys.page(page),
    queryFn: () =>
      apiRequest('/notifications', {
        query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE },
        schema: zNotificationPage,
      }),
    placeholderData: keepPreviousData,
  });

export function useNotificationPage(page: number) {
  return useQuery(notificationPageQueryOptions(page));
}

export function usePendingSystemNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: notificationKeys.pendingSystem(),
    queryFn: () =>
      apiRequest('/notifications/pendingSystemNotifications', { schema: z.array(zNotification) }),
    refetchInterval: 120_000,
    meta: { silent: true },
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) =>
      apiRequest('/notifications/markNotificationAsRead', {
        method: 'POST',
        query: { notificationId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/**
 * The document a notification opens (spec 1 §2): itself, or the newer version that replaced it
 * (a signed division order); null when it can no longer be opened.
 */
export async function documentToOpen(documentId: number): Promise<number | null> {
  const { latestVersionId } = await apiRequest(`/documents/${documentId}/available`, {
    schema: zDocumentAvailability,
  });
  return latestVersionId;
}

/**
 * POST /notifications/system (Global users only). The poster is a member too: refreshing the
 * notification keys shows it in their own queue at once.
 */
export function usePostSystemNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemNotificationInput) =>
      apiRequest('/notifications/system', {
        method: 'POST',
        body,
        schema: zSystemNotificationResult,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
