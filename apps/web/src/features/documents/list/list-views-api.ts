import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  zDocumentTypeDetails,
  zListView,
  zListViews,
  type ListViewInput,
  type ListViewUpdate,
} from '@flowline/shared';
import { apiRequest } from '../../../lib/api-client';

/** Saved views of a type's list and the type's fields (issue 30 item 6, docs/list-views.md). */
export const listViewKeys = {
  all: ['list-views'] as const,
  byType: (documentTypeId: number) => [...listViewKeys.all, documentTypeId] as const,
  fields: (documentTypeId: number) => ['document-types', 'details', documentTypeId] as const,
};

export function useListViews(documentTypeId: number) {
  return useQuery({
    queryKey: listViewKeys.byType(documentTypeId),
    queryFn: () =>
      apiRequest('/listviews', { schema: zListViews, query: { documentTypeId } }).then(
        (r) => r.items,
      ),
    meta: { silent: true }, // without views the list still works: no tabs, no message
    retry: false,
  });
}

/** The type's metadata fields (GET /documentType/{id}), for the column and filter choices. */
export function useTypeFields(documentTypeId: number, enabled: boolean) {
  return useQuery({
    queryKey: listViewKeys.fields(documentTypeId),
    queryFn: () => apiRequest(`/documentType/${documentTypeId}`, { schema: zDocumentTypeDetails }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useSaveListView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ListViewInput }) => {
      if (id === null) {
        return apiRequest('/listviews', { method: 'POST', body: input, schema: zListView });
      }
      const { documentTypeId: _type, ...update } = input;
      const body: ListViewUpdate = update;
      return apiRequest(`/listviews/${id}`, { method: 'PUT', body, schema: zListView });
    },
    meta: { silent: true }, // the dialog shows the message
    onSuccess: (view) =>
      queryClient.invalidateQueries({ queryKey: listViewKeys.byType(view.documentTypeId) }),
  });
}

export function useDeleteListView(documentTypeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/listviews/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listViewKeys.byType(documentTypeId) }),
  });
}
