import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  zDocument,
  zInvoiceMatchDto,
  zMatchExceptionsPage,
  zOperatorMatchDashboard,
  zVendorTicketDashboard,
  type MatchReasonKind,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/** The three-way match: exceptions, the document's match, dashboards (docs/three-way-match.md). */
export const matchKeys = {
  all: ['match'] as const,
  exceptions: (reason: string, vendor: number | null, page: number, pageSize: number) =>
    ['match', 'exceptions', reason, vendor, page, pageSize] as const,
  document: (id: number) => ['match', 'document', id] as const,
  dashboard: ['match', 'dashboard'] as const,
  vendorDashboard: ['match', 'vendor-dashboard'] as const,
};

export const useMatchExceptions = (
  reason: MatchReasonKind | '',
  vendor: number | null,
  page: number,
  pageSize: number,
) =>
  useQuery({
    queryKey: matchKeys.exceptions(reason, vendor, page, pageSize),
    queryFn: () =>
      apiRequest('/match/exceptions', {
        schema: zMatchExceptionsPage,
        query: {
          ...(reason ? { reason } : {}),
          ...(vendor ? { vendor } : {}),
          page: page + 1,
          pageSize,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useDocumentMatch = (documentId: number, enabled = true) =>
  useQuery({
    queryKey: matchKeys.document(documentId),
    queryFn: () => apiRequest(`/documents/${documentId}/match`, { schema: zInvoiceMatchDto }),
    enabled,
    // 404 = the invoice has no match (no tickets, no price book): nothing to show, no retry, and
    // no error toast over the document screen.
    retry: false,
    meta: { silent: true },
  });

export const useOperatorMatchDashboard = () =>
  useQuery({
    queryKey: matchKeys.dashboard,
    queryFn: () =>
      apiRequest('/match/dashboard', { schema: zOperatorMatchDashboard, query: { months: 6 } }),
  });

export const useVendorTicketDashboard = () =>
  useQuery({
    queryKey: matchKeys.vendorDashboard,
    queryFn: () =>
      apiRequest('/match/vendor-dashboard', {
        schema: zVendorTicketDashboard,
        query: { months: 6 },
      }),
  });

export type ExceptionAction = 'accept' | 'dispute' | 'reject';

/** Accept (the match's call), dispute or reject (the document workflow's calls). */
export function useResolveException() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      documentId,
      action,
      text,
    }: {
      documentId: number;
      action: ExceptionAction;
      text: string;
    }) => {
      if (action === 'accept') {
        await apiRequest(`/match/exceptions/${documentId}/accept`, {
          method: 'POST',
          body: { comment: text },
          schema: zInvoiceMatchDto,
        });
      } else if (action === 'dispute') {
        await apiRequest(`/documents/${documentId}/dispute`, {
          method: 'POST',
          body: { comment: text },
          schema: zDocument,
        });
      } else {
        await apiRequest(`/documents/${documentId}/reject`, {
          method: 'POST',
          body: { reason: text },
          schema: zDocument,
        });
      }
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: matchKeys.all });
      void client.invalidateQueries({ queryKey: ['documents'] });
    },
  });
}
