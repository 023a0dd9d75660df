import {
  queryOptions,
  useQuery,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  DocumentTypeId,
  PartyType,
  RouteStatus,
  zDailyDocumentCounts,
  zDashboardStats,
  zDiscountSummary,
  zExpectedCash,
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
  expectedCash: () => [...dashboardKeys.all, 'expected-cash'] as const,
  discounts: () => [...dashboardKeys.all, 'discount-summary'] as const,
};

/** The receiver of AR invoices: the one who pays them and takes early-pay discounts. */
export const paysInvoices = (types: ReadonlySet<number>) =>
  types.has(PartyType.Operator) || types.has(PartyType.Purchaser);

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

const RECENT_ROWS = 5;

export const rejectedInvoicesQueryOptions = () =>
  queryOptions({
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
  });

export const unsignedDivisionOrdersQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.unsignedDivisionOrders(),
    queryFn: () =>
      apiRequest('/documentroute/notReturnedDOs', {
        query: { page: 1, pageSize: RECENT_ROWS },
        schema: zDocumentResultSet,
      }),
  });

export const documentsReceivedPerDayQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.received(),
    queryFn: () =>
      apiRequest('/documentroute/ownerDocReceivedCounts', { schema: zDailyDocumentCounts }),
  });

export const documentsSentPerDayQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.returned(),
    queryFn: () =>
      apiRequest('/documentroute/ownerDocSentCounts', { schema: zDailyDocumentCounts }),
  });

/** The vendor's open invoices by the week they are due (docs/payment-runs.md). */
export const expectedCashQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.expectedCash(),
    queryFn: () =>
      apiRequest('/payments/expectedCash', { query: { weeks: 8 }, schema: zExpectedCash }),
  });

/** The receiver's early-pay discounts captured, missed and available (last 12 months). */
export const discountSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.discounts(),
    queryFn: () => apiRequest('/payments/discountSummary', { schema: zDiscountSummary }),
  });

export const useExpectedCash = () => useQuery(expectedCashQueryOptions());
export const useDiscountSummary = () => useQuery(discountSummaryQueryOptions());
export const useDashboardStats = () => useQuery(dashboardStatsQueryOptions());
export const useRejectedInvoices = () => useQuery(rejectedInvoicesQueryOptions());
export const useUnsignedDivisionOrders = () => useQuery(unsignedDivisionOrdersQueryOptions());
export const useDocumentsReceivedPerDay = () => useQuery(documentsReceivedPerDayQueryOptions());
export const useDocumentsSentPerDay = () => useQuery(documentsSentPerDayQueryOptions());

/** One of Home's queries, as the prefetch needs it whatever its data's type. */
const homeQuery = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) => ({
  queryKey: options.queryKey as QueryKey,
  prefetch: (queryClient: QueryClient) => queryClient.prefetchQuery(options),
});

/**
 * The data Home's widgets show for a company of these party types (spec 3 §2; home-page.tsx
 * renders one widget set per type — its test holds the two together).
 */
export function dashboardQueries(partyTypeIds: readonly number[]) {
  const types = new Set(partyTypeIds);
  return [
    ...(types.has(PartyType.Vendor)
      ? [
          homeQuery(dashboardStatsQueryOptions()),
          homeQuery(rejectedInvoicesQueryOptions()),
          homeQuery(expectedCashQueryOptions()),
        ]
      : []),
    ...(types.has(PartyType.Owner)
      ? [
          homeQuery(documentsSentPerDayQueryOptions()),
          homeQuery(documentsReceivedPerDayQueryOptions()),
          homeQuery(unsignedDivisionOrdersQueryOptions()),
        ]
      : []),
    // An owner that is an operator too asks once: the prefetch shares one fetch per key.
    ...(types.has(PartyType.Operator) ? [homeQuery(documentsReceivedPerDayQueryOptions())] : []),
    ...(paysInvoices(types) ? [homeQuery(discountSummaryQueryOptions())] : []),
  ];
}

/**
 * Asks for Home's data as soon as the session start knows the company, while the frame is still
 * rendering (issue 16 item 4): the widgets' queries then find their answers on the way instead of
 * asking only once they have mounted.
 */
export function prefetchDashboard(queryClient: QueryClient, partyTypeIds: readonly number[]) {
  for (const query of dashboardQueries(partyTypeIds)) void query.prefetch(queryClient);
}
