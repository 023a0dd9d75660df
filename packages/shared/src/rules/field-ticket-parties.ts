import { PartyType } from '../ids';

/**
 * Who works with field tickets, and so sees the Field Ticket list in the navigation: vendors
 * (their crews write them) and operators/purchasers (they approve them). Owners and banks never
 * exchange tickets.
 */
export function usesFieldTickets(partyTypeIds: readonly number[]): boolean {
  return partyTypeIds.some(
    (p) => p === PartyType.Vendor || p === PartyType.Operator || p === PartyType.Purchaser,
  );
}
