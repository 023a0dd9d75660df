import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { zCodingRule, zConnectionPage, type CodingRuleInput } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/** Coding rules (docs/coding-rules.md): list, add, change, delete. */
export const codingRuleKeys = {
  all: ['coding-rules'] as const,
  connections: ['coding-rules', 'connections'] as const,
};

export const codingRulesQueryOptions = () =>
  queryOptions({
    queryKey: codingRuleKeys.all,
    queryFn: () => apiRequest('/codingrules', { schema: z.array(zCodingRule) }),
  });

export const useCodingRules = () => useQuery(codingRulesQueryOptions());

/** The company's connected connections, for a rule that applies to one of them. */
export const useRuleConnections = (enabled: boolean) =>
  useQuery({
    queryKey: codingRuleKeys.connections,
    queryFn: () =>
      apiRequest('/party/grid/search', {
        schema: zConnectionPage,
        query: {
          partyStatus: 'connected',
          page: 1,
          itemsPerPage: 500,
          orderBy: 'name',
          orderByDirection: 'asc',
        },
      }),
    enabled,
  });

function useRulesChange<TArgs>(fn: (args: TArgs) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true }, // the form shows the message
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codingRuleKeys.all }),
  });
}

export const useSaveCodingRule = () =>
  useRulesChange(({ id, input }: { id: number | null; input: CodingRuleInput }) =>
    id === null
      ? apiRequest('/codingrules', { method: 'POST', body: input, schema: zCodingRule })
      : apiRequest(`/codingrules/${id}`, { method: 'PUT', body: input, schema: zCodingRule }),
  );

export const useDeleteCodingRule = () =>
  useRulesChange((id: number) => apiRequest(`/codingrules/${id}`, { method: 'DELETE' }));
