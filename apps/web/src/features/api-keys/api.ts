import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { zApiKey, zCreatedApiKey, type CreateApiKeyInput } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

export const apiKeyKeys = { all: ['api-keys'] as const };

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: () => apiRequest('/apikeys', { schema: z.array(zApiKey) }),
  });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      apiRequest('/apikeys', { method: 'POST', body: input, schema: zCreatedApiKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/apikeys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
