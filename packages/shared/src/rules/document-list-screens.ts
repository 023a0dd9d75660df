import { DocumentTypeId, PartyType, RouteStatus, type RouteStatusId } from '../ids';
import { MetadataKey } from '../document-fields';
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
/** Field tickets (issue 32): sent, opened, approved or disputed by the operator. */
const fieldTicketTabs: readonly RouteStatusId[] = [
  RouteStatus.Sent,
  RouteStatus.Received,
  RouteStatus.Viewed,
  RouteStatus.Approved,
  RouteStatus.Disputed,
];

/**
 * The status tabs of a document list after 'All' (spec 3 §4): AR invoices every status except
 * New, Pending and Returned; pending division orders only New and Returned; null: no tabs.
 */
export function documentStatusTabs(documentTypeId: number): readonly RouteStatusId[] | null {
  if (documentTypeId === DocumentTypeId.ArInvoice) return arInvoiceTabs;
  if (documentTypeId === DocumentTypeId.PendingDivisionOrder) return pendingDivisionOrderTabs;
  if (documentTypeId === DocumentTypeId.FieldTicket) return fieldTicketTabs;
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

// ---- The columns of a type's list (issue 27 item 1) ---------------------------------------------

/** Which sides of a type the company's list holds: documents it sent, documents it received. */
export interface ListSides {
  sent: boolean;
  received: boolean;
}

/** The key of the column naming the other company (the generic lists' 'counterparty' too). */
export const COUNTERPARTY_COLUMN_KEY = 'counterparty';

/**
 * The metadata field of each type that names the company the document goes to (the purchaser of
 * an AR invoice, the owner of a division order or owner statement, the recipient of a 1099). On
 * the receiving side it holds the viewer's own company on every row.
 */
export const recipientFieldKeys: Readonly<Record<number, string>> = {
  [DocumentTypeId.ArInvoice]: MetadataKey.arPurchaserName,
  [DocumentTypeId.DivisionOrder]: 'docOwnerName',
  [DocumentTypeId.PendingDivisionOrder]: 'docOwnerName',
  [DocumentTypeId.OwnerStatement]: 'docOwnerName',
  [DocumentTypeId.Form1099]: 'docRecipientName',
};

/**
 * The counterparty column's name: 'From' (the sending company, as the Inbox calls it) when the
 * list holds only received documents, 'To' when only sent ones, else 'From / To'.
 */
export function counterpartyColumnName(sides: ListSides): 'From' | 'To' | 'From / To' {
  if (sides.received && !sides.sent) return 'From';
  if (sides.sent && !sides.received) return 'To';
  return 'From / To';
}

/**
 * A type list's value columns (after Doc # and the icon; Status comes last), from the type's list
 * columns in their order and the sides the company's list holds:
 * - every list names the other company, except a sender-only list whose type has a recipient
 *   column (that column already says to whom each document went);
 * - the recipient column is left out whenever received documents are listed (on those rows it
 *   only repeats the viewer's own company); the counterparty column takes its place, else it
 *   follows the type's first column.
 */
export function typeListColumns<C extends { key: string }>(
  documentTypeId: number,
  listColumns: readonly C[],
  sides: ListSides,
  counterparty: (name: string) => C,
): C[] {
  const recipientKey = recipientFieldKeys[documentTypeId];
  const recipientIndex = listColumns.findIndex((c) => c.key === recipientKey);
  if (sides.sent && !sides.received && recipientIndex >= 0) return [...listColumns];
  const column = counterparty(counterpartyColumnName(sides));
  if (recipientIndex >= 0) {
    return listColumns.map((c, i) => (i === recipientIndex ? column : c));
  }
  return [...listColumns.slice(0, 1), column, ...listColumns.slice(1)];
}

/**
 * Lists that offer the Returned signed / unsigned filter (issue 27 item 9): the types that are
 * returned (pending division orders).
 */
export function hasReturnKindFilter(documentTypeId: number): boolean {
  return documentStatusTabs(documentTypeId)?.includes(RouteStatus.Returned) ?? false;
}

/** A returnKind query value: 'signed' / 'unsigned', else none. */
export function parseReturnKind(value: string | null | undefined): 'signed' | 'unsigned' | null {
  return value === 'signed' || value === 'unsigned' ? value : null;
}
