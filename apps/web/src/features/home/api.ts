import {
  queryOptions,
  useQuery,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  zDailyDocumentCounts,
  zDashboardStats,
  zDiscountSummary,
  zExpectedCash,
  zDocumentResultSet,
} from '@flowline/shared';
import type { z } from 'zod';
import { apiRequest, type QueryValue } from '../../lib/api-client';
import { getConnectionPage } from '../connections/api';
import { homeRequests, homeRequestsFor, type HomeRequest } from './home-requests';

export { paysInvoices } from './home-requests';

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

/** A company with no connected connection sees the getting-started text instead of widgets. */
export function useHasConnections() {
  return useQuery({
    queryKey: dashboardKeys.hasConnections(),
    queryFn: async () =>
      (await getConnectionPage({ partyStatus: 'connected', page: 1, itemsPerPage: 1 }))
        .totalRecords > 0,
  });
}

/** One of Home's calls (home-requests.ts) with the schema of its answer. */
const homeGet = <T>(name: HomeRequest, schema: z.ZodType<T>) => {
  const request: { path: string; query?: Record<string, QueryValue> } = homeRequests[name];
  return apiRequest(request.path, { query: request.query, schema });
};

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: () => homeGet('stats', zDashboardStats),
  });

export const rejectedInvoicesQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.rejectedInvoices(),
    queryFn: () => homeGet('rejectedInvoices', zDocumentResultSet),
  });

export const unsignedDivisionOrdersQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.unsignedDivisionOrders(),
    queryFn: () => homeGet('unsignedDivisionOrders', zDocumentResultSet),
  });

export const documentsReceivedPerDayQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.received(),
    queryFn: () => homeGet('received', zDailyDocumentCounts),
  });

export const documentsSentPerDayQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.returned(),
    queryFn: () => homeGet('sent', zDailyDocumentCounts),
  });

/** The vendor's open invoices by the week they are due (docs/payment-runs.md). */
export const expectedCashQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.expectedCash(),
    queryFn: () => homeGet('expectedCash', zExpectedCash),
  });

/** The receiver's early-pay discounts captured, missed and available (last 12 months). */
export const discountSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.discounts(),
    queryFn: () => homeGet('discounts', zDiscountSummary),
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
  const byName: Record<HomeRequest, ReturnType<typeof homeQuery>> = {
    stats: homeQuery(dashboardStatsQueryOptions()),
    rejectedInvoices: homeQuery(rejectedInvoicesQueryOptions()),
    expectedCash: homeQuery(expectedCashQueryOptions()),
    sent: homeQuery(documentsSentPerDayQueryOptions()),
    received: homeQuery(documentsReceivedPerDayQueryOptions()),
    unsignedDivisionOrders: homeQuery(unsignedDivisionOrdersQueryOptions()),
    discounts: homeQuery(discountSummaryQueryOptions()),
  };
  return homeRequestsFor(partyTypeIds).map((name) => byName[name]);
}

/**
 * Asks for Home's data as soon as the session start knows the company, while the frame is still
 * rendering (issue 16 item 4): the widgets' queries then find their answers on the way instead of
 * asking only once they have mounted.
 */
export function prefetchDashboard(queryClient: QueryClient, partyTypeIds: readonly number[]) {
  for (const query of dashboardQueries(partyTypeIds)) void query.prefetch(queryClient);
}
