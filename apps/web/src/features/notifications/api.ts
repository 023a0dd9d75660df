import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCountTolerating404 } from '../../lib/count';

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
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

export function useUnreadNotificationCount(): number {
  return useQuery(unreadNotificationCountQueryOptions()).data ?? 0;
}
