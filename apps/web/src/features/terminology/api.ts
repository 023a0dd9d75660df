import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { columnLabel, Terminology, termLabel, zTerm, type TermUpdate } from '@flowline/shared';
import { apiRequest, getApiCompanyId } from '../../lib/api-client';

export const terminologyKeys = {
  all: ['terminology'] as const,
  /** Per company: the selected company's names. */
  list: (companyId: number | null) => [...terminologyKeys.all, companyId] as const,
};

export const getTerminology = () => apiRequest('/terminology', { schema: z.array(zTerm) });

export function putTerm(terminologyId: number, body: TermUpdate) {
  return apiRequest(`/terminology/${terminologyId}`, { method: 'PUT', body, schema: zTerm });
}

export const terminologyQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: terminologyKeys.list(companyId),
    queryFn: getTerminology,
    staleTime: 10 * 60_000,
    enabled: companyId !== null,
    // Labels fall back to the defaults; a failure must not interrupt every screen using them.
    meta: { silent: true },
  });

export function useTerminology() {
  return useQuery(terminologyQueryOptions(getApiCompanyId()));
}

/** The company's label for a term (Profile, Vendor, Connection), the default until loaded. */
export function useTerm(terminologyId: number): string {
  return termLabel(useTerminology().data, terminologyId);
}

/** Column names with Party/Parties shown as the company's connection label (spec 3 intro). */
export function useColumnLabel(): (name: string) => string {
  const connection = useTerm(Terminology.Party);
  return (name) => columnLabel(name, connection);
}

export function useUpdateTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ terminologyId, customizedName }: { terminologyId: number } & TermUpdate) =>
      putTerm(terminologyId, { customizedName }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terminologyKeys.all }),
  });
}
