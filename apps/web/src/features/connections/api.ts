import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  zConnection,
  zConnectionPage,
  type ConnectionInput,
  type ConnectionListQuery,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { networkKeys } from '../network/api';

export const connectionKeys = {
  all: ['connections'] as const,
  lists: () => [...connectionKeys.all, 'list'] as const,
  list: (query: ConnectionListQuery) => [...connectionKeys.lists(), query] as const,
  detail: (id: number) => [...connectionKeys.all, 'detail', id] as const,
};

export function getConnectionPage(query: ConnectionListQuery) {
  return apiRequest('/party/grid/search', { schema: zConnectionPage, query: { ...query } });
}

export function getConnection(id: number) {
  return apiRequest(`/party/${id}`, { schema: zConnection });
}

/** `id` null creates a new connection, otherwise saves that one. */
export function saveConnection({ id, input }: { id: number | null; input: ConnectionInput }) {
  return id === null
    ? apiRequest('/party', { method: 'POST', body: input, schema: zConnection })
    : apiRequest(`/party/${id}`, { method: 'PUT', body: input, schema: zConnection });
}

export function deleteConnection(id: number) {
  return apiRequest(`/party/${id}`, { method: 'DELETE' });
}

export const connectionPageQueryOptions = (query: ConnectionListQuery) =>
  queryOptions({
    queryKey: connectionKeys.list(query),
    queryFn: () => getConnectionPage(query),
    placeholderData: keepPreviousData,
  });

export const connectionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: connectionKeys.detail(id),
    queryFn: () => getConnection(id),
    retry: false,
  });

export function useConnectionPage(query: ConnectionListQuery) {
  return useQuery(connectionPageQueryOptions(query));
}

export function useConnection(id: number | null) {
  return useQuery({ ...connectionQueryOptions(id ?? 0), enabled: id !== null });
}

/** Saving or deleting a connection may change the network-match badge too. */
function useInvalidateConnections() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
      queryClient.invalidateQueries({ queryKey: networkKeys.all }),
    ]);
}

export function useSaveConnection() {
  const invalidate = useInvalidateConnections();
  return useMutation({ mutationFn: saveConnection, onSuccess: invalidate });
}

/**
 * After a delete, everything but the deleted connection is refreshed: refetching the open form's
 * own query would answer 404 and toast 'Connection not found' over 'Connection Deleted'.
 */
export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSuccess: (_data, id) => {
      const deleted = connectionKeys.detail(id);
      void queryClient.cancelQueries({ queryKey: deleted, exact: true });
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: connectionKeys.all,
          predicate: (query) => !isSameKey(query.queryKey, deleted),
        }),
        queryClient.invalidateQueries({ queryKey: networkKeys.all }),
      ]);
    },
  });
}

const isSameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === b[i]);
