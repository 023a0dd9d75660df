import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  zBulkApproveResult,
  zBulkReturnResult,
  zDocumentResultSet,
  type BulkReturnInput,
} from '@flowline/shared';
import { apiRequest } from '../../../lib/api-client';
import { documentListKeys, type DocumentListQuery } from './keys';

export { documentListKeys, type DocumentListQuery } from './keys';

/** GET /documentroute/all/{documentTypeId}: the status only when above 0 (spec 2 §7.3). */
export function getDocumentList(documentTypeId: number, query: DocumentListQuery) {
  const { documentRouteStatusId, ...rest } = query;
  return apiRequest(`/documentroute/all/${documentTypeId}`, {
    schema: zDocumentResultSet,
    query: {
      ...rest,
      ...(documentRouteStatusId && documentRouteStatusId > 0 ? { documentRouteStatusId } : {}),
    },
  });
}

export const documentListQueryOptions = (documentTypeId: number, query: DocumentListQuery) =>
  queryOptions({
    queryKey: documentListKeys.byType(documentTypeId, query),
    queryFn: () => getDocumentList(documentTypeId, query),
    placeholderData: keepPreviousData,
  });

export function useDocumentList(documentTypeId: number, query: DocumentListQuery) {
  return useQuery({
    ...documentListQueryOptions(documentTypeId, query),
    enabled: Number.isInteger(documentTypeId) && documentTypeId > 0,
  });
}

/** Bulk Approve (issue 12): each refusal comes back with its reason. */
export function useBulkApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentIds: number[]) =>
      apiRequest('/documents/approve', {
        method: 'POST',
        body: { documentIds },
        schema: zBulkApproveResult,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentListKeys.all }),
  });
}

/** The screen posts a bulk signing this many at a time, so its progress bar moves (issue 31). */
export const BULK_SIGNING_SLICE = 5;

/** POST /documents/return/bulk: each order signed as if alone, each answered. */
export function signInBulk(body: BulkReturnInput) {
  return apiRequest('/documents/return/bulk', {
    method: 'POST',
    body,
    schema: zBulkReturnResult,
  });
}
