import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { zOrgUnit, zOrgUnitPage, type OrgUnitInput, type OrgUnitListQuery } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

export const orgUnitKeys = {
  all: ['org-units'] as const,
  lists: () => [...orgUnitKeys.all, 'list'] as const,
  list: (query: OrgUnitListQuery) => [...orgUnitKeys.lists(), query] as const,
  detail: (id: number) => [...orgUnitKeys.all, 'detail', id] as const,
};

export function getOrgUnitPage(query: OrgUnitListQuery) {
  const { ids, ...rest } = query;
  return apiRequest('/companyorgunit', {
    schema: zOrgUnitPage,
    // No ids at all must match nothing, not everything: id 0 never exists.
    query: { ...rest, ...(ids ? { ids: ids.length ? ids.join(',') : '0' } : {}) },
  });
}

export function getOrgUnit(id: number) {
  return apiRequest(`/companyorgunit/${id}`, { schema: zOrgUnit });
}

/** `id` null creates a profile, otherwise saves that one. */
export function saveOrgUnit({ id, input }: { id: number | null; input: OrgUnitInput }) {
  return id === null
    ? apiRequest('/companyorgunit', { method: 'POST', body: input, schema: zOrgUnit })
    : apiRequest(`/companyorgunit/${id}`, { method: 'PUT', body: input, schema: zOrgUnit });
}

export function deleteOrgUnit(id: number) {
  return apiRequest(`/companyorgunit/${id}`, { method: 'DELETE' });
}

export const orgUnitPageQueryOptions = (query: OrgUnitListQuery) =>
  queryOptions({
    queryKey: orgUnitKeys.list(query),
    queryFn: () => getOrgUnitPage(query),
    placeholderData: keepPreviousData,
  });

export const orgUnitQueryOptions = (id: number) =>
  queryOptions({ queryKey: orgUnitKeys.detail(id), queryFn: () => getOrgUnit(id) });

export function useOrgUnitPage(query: OrgUnitListQuery) {
  return useQuery(orgUnitPageQueryOptions(query));
}

/** Every profile of the company (the server's default page holds them all), for pickers. */
export function useAllOrgUnits(options: { activeOnly?: boolean } = {}) {
  return useQuery(
    orgUnitPageQueryOptions({
      orderBy: 'name',
      ...(options.activeOnly ? { isActive: true } : {}),
    }),
  );
}

export function useOrgUnit(id: number | null) {
  return useQuery({ ...orgUnitQueryOptions(id ?? 0), enabled: id !== null });
}

export function useSaveOrgUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrgUnit,
    onSuccess: (saved) => {
      queryClient.setQueryData(orgUnitKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: orgUnitKeys.lists() });
    },
  });
}

export function useDeleteOrgUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrgUnit,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: orgUnitKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: orgUnitKeys.lists() });
    },
  });
}
