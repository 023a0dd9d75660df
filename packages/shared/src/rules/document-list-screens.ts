import { DocumentTypeId, PartyType, RouteStatus, type RouteStatusId } from '../ids';
import { canChangeData, isGlobalUser, type Membership } from './roles';

/**
 * Rules of the document list screens (spec 3 §1, §2, §4), shared so the server can enforce what
 * the SPA shows.
 */

/** 'All' in the status tabs and the default of the list route's documentRouteStatusId. */
export const ALL_STATUSES = 0;

const arInvoiceTabs: readonly RouteStatusId[] = (
  Object.values(RouteStatus) as RouteStatusId[]
).filter((s) => s !== RouteStatus.New && s !== RouteStatus.Pending && s !== RouteStatus.Returned);
const pendingDivisionOrderTabs: readonly RouteStatusId[] = [RouteStatus.New, RouteStatus.Returned];

/**
 * The status tabs of a document list after 'All' (spec 3 §4): AR invoices every status except
 * New, Pending and Returned; pending division orders only New and Returned; null: no tabs.
 */
export function documentStatusTabs(documentTypeId: number): readonly RouteStatusId[] | null {
  if (documentTypeId === DocumentTypeId.ArInvoice) return arInvoiceTabs;
  if (documentTypeId === DocumentTypeId.PendingDivisionOrder) return pendingDivisionOrderTabs;
  return null;
}

/** A documentRouteStatusId query value: a known status id, else All (0). */
export function parseStatusFilter(value: string | null | undefined): RouteStatusId | 0 {
  const id = Number(value);
  return (Object.values(RouteStatus) as number[]).includes(id)
    ? (id as RouteStatusId)
    : ALL_STATUSES;
}

export interface SendContext extends Membership {
  /** The party types of the selected company (vendor, owner…). */
  partyTypeIds: readonly number[];
}

/**
 * The list's Send button (spec 3 §1, §2): AR invoices only, for vendor companies, for users who
 * change data (not ReadOnly) and are not Global users.
 */
export function canSendDocumentType(ctx: SendContext, documentTypeId: number): boolean {
  return (
    documentTypeId === DocumentTypeId.ArInvoice &&
    ctx.partyTypeIds.includes(PartyType.Vendor) &&
    canChangeData(ctx) &&
    !isGlobalUser(ctx.userType)
  );
}

/** The Send To picker's input label (spec 3 §2): 'Search' for 0–1 items, else 'Search {n} {label}'. */
export function sendToSearchLabel(count: number, pluralLabel: string): string {
  return count <= 1 ? 'Search' : `Search ${count} ${pluralLabel}`;
}
