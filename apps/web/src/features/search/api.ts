import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  zDocumentResultSet,
  zTypeaheadSuggestion,
  type SearchRequest,
  type TypeaheadSuggestion,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { documentListKeys } from '../documents/list';

const zTypeaheadResponse = z.object({ items: z.array(zTypeaheadSuggestion) });

export const searchKeys = {
  all: [...documentListKeys.all, 'search'] as const,
  results: (request: SearchRequest) => [...searchKeys.all, 'results', request] as const,
  typeahead: (query: string) => [...searchKeys.all, 'typeahead', query] as const,
};

// ---- Search result page: POST /search (spec 3 §7) -------------------------------------------

export function searchDocuments(request: SearchRequest) {
  return apiRequest('/search', { method: 'POST', body: request, schema: zDocumentResultSet });
}

export const searchQueryOptions = (request: SearchRequest) =>
  queryOptions({
    queryKey: searchKeys.results(request),
    queryFn: () => searchDocuments(request),
    placeholderData: keepPreviousData,
  });

export function useSearchResults(request: SearchRequest) {
  return useQuery({ ...searchQueryOptions(request), enabled: request.querySearchTerm !== '' });
}

// ---- Top-bar type-ahead: GET /typeahead?query= (spec 2 §7.4) ---------------------------------

export async function getTypeahead(
  query: string,
  signal?: AbortSignal,
): Promise<TypeaheadSuggestion[]> {
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
