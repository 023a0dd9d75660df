import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  zDivisionOrderPage,
  zDivisionOrderSettings,
  zRemindResult,
  type DeclineReason,
  type DivisionOrderResponseKind,
  type DivisionOrderSettings,
} from '@flowline/shared';
import { apiRequest, apiRequestBlob } from '../../lib/api-client';

/** What the screen asks the responses list for (zResponsesQuery's fields it uses). */
export interface ResponsesQuery {
  response?: DivisionOrderResponseKind;
  declineReason?: DeclineReason;
  minDaysOutstanding?: number;
  q?: string;
  page: number;
  pageSize: number;
}

/** The operator's analyst's view (issue 31 item 4; docs/signing.md "The analyst's view"). */
export const divisionOrderKeys = {
  all: ['division-orders'] as const,
  responses: (query: ResponsesQuery) => [...divisionOrderKeys.all, 'responses', query] as const,
  settings: ['division-orders', 'settings'] as const,
};

export function useDivisionOrderResponses(
  query: ResponsesQuery,
  { enabled = true, silent = false }: { enabled?: boolean; silent?: boolean } = {},
) {
  return useQuery({
    meta: { silent },
    queryKey: divisionOrderKeys.responses(query),
    queryFn: () =>
      apiRequest('/division-orders/responses', {
        schema: zDivisionOrderPage,
        query: { ...query },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRemind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest('/division-orders/remind', {
        method: 'POST',
        body: { ids },
        schema: zRemindResult,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: divisionOrderKeys.all }),
  });
}

/** Saves the selected signed orders and their certificates as one zip. */
export async function downloadSigned(ids: number[]) {
  const blob = await apiRequestBlob('/division-orders/signed.zip', {
    method: 'POST',
    body: { ids },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `signed-division-orders-${new Date().toISOString().slice(0, 10)}.zip`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDivisionOrderSettings(enabled = true) {
  return useQuery({
    queryKey: divisionOrderKeys.settings,
    queryFn: () => apiRequest('/division-orders/settings', { schema: zDivisionOrderSettings }),
    enabled,
  });
}

export function useSaveDivisionOrderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DivisionOrderSettings) =>
      apiRequest('/division-orders/settings', {
        method: 'PUT',
        body: input,
        schema: zDivisionOrderSettings,
      }),
    onSuccess: (saved) => client.setQueryData(divisionOrderKeys.settings, saved),
  });
}
