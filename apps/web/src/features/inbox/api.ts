import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { zInbox } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { inboxKeys } from './counts';

export {
  getInboxUnreadCount,
  inboxKeys,
  inboxUnreadCountQueryOptions,
  myApprovalsCountQueryOptions,
  useInboxUnreadCount,
  useMyApprovalsCount,
} from './counts';

export interface InboxQuery {
  page: number;
  pageSize: number;
  query?: string;
  /** 'My approvals': only the invoices whose waiting approval step waits for the user. */
  waitingForMe?: boolean;
}

export function getInbox({ waitingForMe, ...query }: InboxQuery) {
  return apiRequest('/documentroute/inbox', {
    schema: zInbox,
    query: { ...query, ...(waitingForMe ? { waitingForMe: 'true' } : {}) },
  });
}

export const inboxQueryOptions = (query: InboxQuery) =>
  queryOptions({
    queryKey: inboxKeys.page(query),
    queryFn: () => getInbox(query),
    placeholderData: keepPreviousData,
  });

export function useInbox(query: InboxQuery) {
  return useQuery(inboxQueryOptions(query));
}
