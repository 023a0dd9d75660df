import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

// Not in packages/shared yet: move there once the server defines the typeahead route.
export const zTypeaheadItem = z.object({
  id: z.number().int(),
  title: z.string(),
  documentTypeName: z.string(),
});
export type TypeaheadItem = z.infer<typeof zTypeaheadItem>;
const zTypeaheadResponse = z.object({ items: z.array(zTypeaheadItem) });

export const searchKeys = {
  all: ['search'] as const,
  typeahead: (query: string) => [...searchKeys.all, 'typeahead', query] as const,
};

export async function getTypeahead(query: string, signal?: AbortSignal): Promise<TypeaheadItem[]> {
  try {
    return (
      await apiRequest('/typeahead', { schema: zTypeaheadResponse, query: { query }, signal })
    ).items;
  } catch (error) {
    if (isApiError(error, 404)) return [];
    throw error;
  }
}

export const typeaheadQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.typeahead(query),
    queryFn: ({ signal }) => getTypeahead(query, signal),
    staleTime: 60_000,
    // Suggestions are a convenience: a failure leaves just the 'Search for' entry.
    meta: { silent: true },
  });

export function useTypeahead(query: string) {
  const trimmed = query.trim();
  return useQuery({
    ...typeaheadQueryOptions(trimmed),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}
