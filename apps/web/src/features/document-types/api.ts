import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { zDocumentTypeSummary } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

export const documentTypeKeys = {
  all: ['document-types'] as const,
  summaries: () => [...documentTypeKeys.all, 'summaries'] as const,
};

export function getDocumentTypes() {
  return apiRequest('/documentType', {
    schema: z.array(zDocumentTypeSummary),
    query: { IncludeFullDetails: false },
  });
}

export const documentTypesQueryOptions = () =>
  queryOptions({
    queryKey: documentTypeKeys.summaries(),
    queryFn: getDocumentTypes,
    staleTime: 5 * 60_000,
  });

export function useDocumentTypes() {
  return useQuery(documentTypesQueryOptions());
}
