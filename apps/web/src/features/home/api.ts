import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DocumentTypeId,
  RouteStatus,
  zDailyDocumentCounts,
  zDashboardStats,
  zDocumentResultSet,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { getConnectionPage } from '../connections/api';

/** Under 'documents' so that real-time document events refresh the dashboard too. */
export const dashboardKeys = {
  all: ['documents', 'dashboard'] as const,
  hasConnections: () => [...dashboardKeys.all, 'has-connections'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  rejectedInvoices: () => [...dashboardKeys.all, 'rejected-invoices'] as const,
  unsignedDivisionOrders: () => [...dashboardKeys.all, 'unsigned-division-orders'] as const,
  received: () => [...dashboardKeys.all, 'received-per-day'] as const,
  returned: () => [...dashboardKeys.all, 'sent-per-day'] as const,
};

/** A company with no connected connection sees the getting-started text instead of widgets. */
export function useHasConnections() {
  return useQuery({
    queryKey: dashboardKeys.hasConnections(),
    queryFn: async () =>
      (await getConnectionPage({ partyStatus: 'connected', page: 1, itemsPerPage: 1 }))
        .totalRecords > 0,
  });
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: () => apiRequest('/documentroute/stats', { schema: zDashboardStats }),
  });

export function useDashboardStats(enabled: boolean) {
  return useQuery({ ...dashboardStatsQueryOptions(), enabled });
}

const RECENT_ROWS = 5;

export function useRejectedInvoices(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.rejectedInvoices(),
    queryFn: () =>
      apiRequest('/documentstatus', {
        query: {
          documentTypeId: DocumentTypeId.ArInvoice,
          documentRouteStatusId: RouteStatus.Rejected,
          page: 1,
          pageSize: RECENT_ROWS,
        },
        schema: zDocumentResultSet,
      }),
    enabled,
  });
}

export function useUnsignedDivisionOrders(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.unsignedDivisionOrders(),
    queryFn: () =>
      apiRequest('/documentroute/notReturnedDOs', {
        query: { page: 1, pageSize: RECENT_ROWS },
        schema: zDocumentResultSet,
      }),
    enabled,
  });
}

export function useDocumentsReceivedPerDay(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.received(),
    queryFn: () =>
      apiRequest('/documentroute/ownerDocReceivedCounts', { schema: zDailyDocumentCounts }),
    enabled,
  });
}

export function useDocumentsSentPerDay(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.returned(),
    queryFn: () =>
      apiRequest('/documentroute/ownerDocSentCounts', { schema: zDailyDocumentCounts }),
    enabled,
  });
}
