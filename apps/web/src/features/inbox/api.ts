import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { zInbox } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { documentListKeys } from '../documents/list';

export interface InboxQuery {
  page: number;
  pageSize: number;
  query?: string;
}

export const inboxKeys = {
  all: [...documentListKeys.all, 'inbox'] as const,
  page: (query: InboxQuery) => [...inboxKeys.all, query] as const,
};

export function getInbox(query: InboxQuery) {
  return apiRequest('/documentroute/inbox', { schema: zInbox, query: { ...query } });
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
