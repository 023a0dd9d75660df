import { DocumentTypeId, PartyType, RouteStatus } from '@flowline/shared';
import { buildUrl, type QueryValue } from '../../lib/api-url';

const RECENT_ROWS = 5;

/**
 * Home's calls (spec 3 §2), by the data they answer. api.ts makes its queries from these, and the
 * build's warm-start script (build/warm-start.ts) sends the same calls for a signed-in `/` before
 * the app's code has arrived: one list, so that the two cannot drift apart.
 */
export const homeRequests = {
  stats: { path: '/documentroute/stats' },
  rejectedInvoices: {
    path: '/documentstatus',
    query: {
      documentTypeId: DocumentTypeId.ArInvoice,
      documentRouteStatusId: RouteStatus.Rejected,
      page: 1,
      pageSize: RECENT_ROWS,
    },
  },
  unsignedDivisionOrders: {
    path: '/documentroute/notReturnedDOs',
    query: { page: 1, pageSize: RECENT_ROWS },
  },
  received: { path: '/documentroute/ownerDocReceivedCounts' },
  sent: { path: '/documentroute/ownerDocSentCounts' },
  /** The vendor's open invoices by the week they are due (docs/payment-runs.md). */
  expectedCash: { path: '/payments/expectedCash', query: { weeks: 8 } },
  /** The receiver's early-pay discounts captured, missed and available (last 12 months). */
  discounts: { path: '/payments/discountSummary' },
} satisfies Record<string, { path: string; query?: Record<string, QueryValue> }>;

export type HomeRequest = keyof typeof homeRequests;

/** The receiver of AR invoices: the one who pays them and takes early-pay discounts. */
export const paysInvoices = (types: ReadonlySet<number>) =>
  types.has(PartyType.Operator) || types.has(PartyType.Purchaser);

/**
 * What Home asks for a company of these party types (home-page.tsx renders one widget set per
 * type — its test holds the two together). Each type adds its own calls, whatever the others: the
 * warm-start script takes the union of each type's list.
 */
export function homeRequestsFor(partyTypeIds: readonly number[]): HomeRequest[] {
  const types = new Set(partyTypeIds);
  const names: HomeRequest[] = [
    ...(types.has(PartyType.Vendor)
      ? (['stats', 'rejectedInvoices', 'expectedCash'] as const)
      : []),
    ...(types.has(PartyType.Owner)
      ? (['sent', 'received', 'unsignedDivisionOrders'] as const)
      : []),
    // An owner that is an operator too asks once.
    ...(types.has(PartyType.Operator) ? (['received'] as const) : []),
    ...(paysInvoices(types) ? (['discounts'] as const) : []),
  ];
  return [...new Set(names)];
}

export const homeRequestUrl = (name: HomeRequest) => {
  const request: { path: string; query?: Record<string, QueryValue> } = homeRequests[name];
  return buildUrl(request.path, request.query);
};

/** For the warm-start script: each party type's calls, as addresses. */
export function homeRequestUrlsByPartyType(): Record<number, string[]> {
  return Object.fromEntries(
    Object.values(PartyType).map((type) => [type, homeRequestsFor([type]).map(homeRequestUrl)]),
  );
}
