import { queryOptions, useQuery } from '@tanstack/react-query';
import { zInboxUnreadCount, zMyApprovalsCount } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { documentListKeys } from '../documents/list/keys';
import type { InboxQuery } from './api';

/*
 * The inbox's keys and the navigation's counts: a module of their own, so that the shell does
 * not carry the inbox list's schemas (issue 33 item 6). api.ts re-exports them.
 */

export const inboxKeys = {
  all: [...documentListKeys.all, 'inbox'] as const,
  page: (query: InboxQuery) => [...inboxKeys.all, query] as const,
  unreadCount: () => [...inboxKeys.all, 'unread-count'] as const,
  myApprovalsCount: () => [...inboxKeys.all, 'my-approvals-count'] as const,
};

export function getInboxUnreadCount() {
  return apiRequest('/documentroute/inbox/unreadCount', { schema: zInboxUnreadCount });
}

/**
 * The navigation's Inbox count. Under the document-list keys, so whatever refreshes the lists
 * (real-time document events, list mutations) refreshes it too; 0 while loading or failing.
 */
export const inboxUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.unreadCount(),
    queryFn: getInboxUnreadCount,
    // The navigation is not shown on a document: coming back from one (now read) asks again.
    refetchOnMount: 'always',
    meta: { silent: true },
  });

export function useInboxUnreadCount(): number {
  return useQuery(inboxUnreadCountQueryOptions()).data?.count ?? 0;
}

/**
 * The navigation's 'My approvals' count (issue 29 item 3), under the document-list keys like the
 * unread count, so every document change refreshes it; 0 while loading or failing.
 */
export const myApprovalsCountQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.myApprovalsCount(),
    queryFn: () =>
      apiRequest('/documentroute/inbox/myApprovalsCount', { schema: zMyApprovalsCount }),
    refetchOnMount: 'always',
    meta: { silent: true },
  });

export function useMyApprovalsCount(enabled = true): number {
  return useQuery({ ...myApprovalsCountQueryOptions(), enabled }).data?.count ?? 0;
}
