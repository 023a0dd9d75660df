import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  zAdminUser,
  zAdminUserPage,
  type AdminUser,
  type AdminUserListQuery,
  type CreateUserInput,
  type UpdateUserInput,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

export const userKeys = {
  all: ['admin-users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: AdminUserListQuery) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export function getUserPage(query: AdminUserListQuery) {
  return apiRequest('/users/exchange', { schema: zAdminUserPage, query: { ...query } });
}

export function getUser(id: number) {
  return apiRequest(`/users/${id}`, { schema: zAdminUser });
}

export type SaveUserArgs =
  { id: null; input: CreateUserInput } | { id: number; input: UpdateUserInput };

export function saveUser(args: SaveUserArgs) {
  return args.id === null
    ? apiRequest('/users', { method: 'POST', body: args.input, schema: zAdminUser })
    : apiRequest(`/users/${args.id}`, { method: 'PUT', body: args.input, schema: zAdminUser });
}

export function deleteUser(id: number) {
  return apiRequest(`/users/${id}`, { method: 'DELETE' });
}

export function changeUserEmail({ id, emailAddress }: { id: number; emailAddress: string }) {
  return apiRequest(`/users/${id}/emailaddress`, {
    method: 'POST',
    body: { emailAddress },
    schema: zAdminUser,
  });
}

export function setUserBlocked({ id, blocked }: { id: number; blocked: boolean }) {
  return apiRequest(`/users/${id}/${blocked ? 'block' : 'unblock'}`, {
    method: 'POST',
    schema: zAdminUser,
  });
}

export const userPageQueryOptions = (query: AdminUserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => getUserPage(query),
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => getUser(id) });

export function useUserPage(query: AdminUserListQuery) {
  return useQuery(userPageQueryOptions(query));
}

/** Every active user of the company (profile assignment table). */
export function useActiveUsers() {
  return useQuery(userPageQueryOptions({ isActive: true, pageSize: 100000 }));
}

export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}

/** Mutations that change a user: the cache is refreshed; the pages word the messages (spec 3 §8). */
function useUserMutation<A, R extends AdminUser | void>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silent: true },
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(userKeys.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export const useSaveUser = () => useUserMutation(saveUser);
export const useDeleteUser = () => useUserMutation(deleteUser);
export const useChangeUserEmail = () => useUserMutation(changeUserEmail);
export const useSetUserBlocked = () => useUserMutation(setUserBlocked);
