import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  zAch,
  zAchAvailableParty,
  zAchPage,
  zAchRef,
  type AchInput,
  type AchListQuery,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

export const achKeys = {
  all: ['ach'] as const,
  lists: () => [...achKeys.all, 'list'] as const,
  list: (query: AchListQuery) => [...achKeys.lists(), query] as const,
  detail: (id: number) => [...achKeys.all, 'detail', id] as const,
  profiles: () => [...achKeys.all, 'profiles'] as const,
  parties: (orgUnitIds: readonly number[]) => [...achKeys.all, 'parties', orgUnitIds] as const,
};

export function getAchPage(query: AchListQuery) {
  return apiRequest('/ach', { schema: zAchPage, query: { ...query } });
}

export function getAch(id: number) {
  return apiRequest(`/ach/${id}`, { schema: zAch });
}

export function getAchProfiles() {
  return apiRequest('/ach/availableProfiles', { schema: z.array(zAchRef) });
}

export function getAchAvailableParties(orgUnitIds: readonly number[]) {
  return apiRequest('/ach/availableParties', {
    schema: z.array(zAchAvailableParty),
    query: { orgUnitIds: orgUnitIds.join(',') },
  });
}

/** `id` null creates a new ACH, otherwise replaces that one. */
export function saveAch({ id, input }: { id: number | null; input: AchInput }) {
  return id === null
    ? apiRequest('/ach', { method: 'POST', body: input, schema: zAch })
    : apiRequest(`/ach/${id}`, { method: 'PUT', body: input, schema: zAch });
}

export const achPageQueryOptions = (query: AchListQuery) =>
  queryOptions({
    queryKey: achKeys.list(query),
    queryFn: () => getAchPage(query),
    placeholderData: keepPreviousData,
  });

export const achQueryOptions = (id: number) =>
  queryOptions({ queryKey: achKeys.detail(id), queryFn: () => getAch(id), retry: false });

export const achProfilesQueryOptions = () =>
  queryOptions({ queryKey: achKeys.profiles(), queryFn: getAchProfiles });

/** Sorted ids, so that choosing the same profiles in another order hits the same cache entry. */
export const achAvailablePartiesQueryOptions = (orgUnitIds: readonly number[]) => {
  const ids = [...orgUnitIds].sort((a, b) => a - b);
  return queryOptions({
    queryKey: achKeys.parties(ids),
    queryFn: () => getAchAvailableParties(ids),
    enabled: ids.length > 0,
  });
};

export function useAchPage(query: AchListQuery) {
  return useQuery(achPageQueryOptions(query));
}

export function useAch(id: number | null) {
  return useQuery({ ...achQueryOptions(id ?? 0), enabled: id !== null });
}

export function useAchProfiles() {
  return useQuery(achProfilesQueryOptions());
}

export function useAchAvailableParties(orgUnitIds: readonly number[]) {
  return useQuery(achAvailablePartiesQueryOptions(orgUnitIds));
}

export function useSaveAch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: achKeys.all }),
  });
}
