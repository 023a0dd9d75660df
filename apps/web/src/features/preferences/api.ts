import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zPersonalization, type PersonalizationUpdate } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { sessionKeys } from '../session/api';

export const preferenceKeys = {
  all: ['preferences'] as const,
  personalization: () => [...preferenceKeys.all, 'personalization'] as const,
};

/** The signed-in user's preferences; they belong to the person, so no Company-Id is sent. */
export function getPersonalization() {
  return apiRequest('/users/current/personalization', { schema: zPersonalization, company: false });
}

export function putPersonalization(body: PersonalizationUpdate) {
  return apiRequest('/users/current/Personalization', {
    method: 'PUT',
    body,
    schema: zPersonalization,
    company: false,
  });
}

export const personalizationQueryOptions = () =>
  queryOptions({
    queryKey: preferenceKeys.personalization(),
    queryFn: getPersonalization,
    staleTime: Infinity,
  });

export function usePersonalization() {
  return useQuery(personalizationQueryOptions());
}

/** Saves My profile; names and title show in the shell, so the session is refreshed too. */
export function useSavePersonalization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPersonalization,
    // The profile page shows failures itself.
    meta: { silent: true },
    onSuccess: async (data) => {
      queryClient.setQueryData(preferenceKeys.personalization(), data);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
