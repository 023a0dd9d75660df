import {
  deriveConnectionStatus,
  partyTypeNames,
  type Connection,
  type ConnectionListRow,
  type ConnectionRef,
  type PartyTypeId,
} from '@flowline/shared';
import type { PartyRow } from './repository';

export const partyTypeName = (id: number) => partyTypeNames[id as PartyTypeId] ?? '';

/** The reason is shown while the row reads rejected; a new invite or request clears it. */
function rejectionReason(p: PartyRow, now: Date): string | null {
  const status = deriveConnectionStatus(p, now);
  const rejected = status === 'inviteRejected' || status === 'connectionRequestRejected';
  return rejected ? p.inviteRejectionReason : null;
}

export function presentConnectionRow(
  row: {
    party: PartyRow;
    connectedCompanyName: string | null;
    suggestedCompanyName: string | null;
  },
  profiles: ConnectionRef[],
  now: Date,
): ConnectionListRow {
  const p = row.party;
  return {
    id: p.id,
    partyTypeId: p.partyTypeId,
    partyTypeName: partyTypeName(p.partyTypeId),
    name: p.name,
    number: p.number,
    phone: p.phone,
    companyOrgUnits: profiles,
    effectiveFromDate: p.effectiveFromDate,
    effectiveThruDate: p.effectiveThruDate,
    isActive: p.isActive,
    partyStatus: deriveConnectionStatus(p, now),
    inviteRejectionReason: rejectionReason(p, now),
    connectedCompanyId: p.connectedCompanyId,
    connectedCompanyName: row.connectedCompanyName,
    suggestedCompanyId: p.suggestedCompanyId,
    suggestedCompanyName: row.suggestedCompanyName,
  };
}

/** The whole connection; columns are listed so a new column is never sent by accident. */
export function presentConnection(p: PartyRow, profiles: ConnectionRef[], now: Date): Connection {
  return {
    id: p.id,
    partyTypeId: p.partyTypeId,
    partyTypeName: partyTypeName(p.partyTypeId),
    name: p.name,
    nameTwo: p.nameTwo,
    number: p.number,
    externalSystem: p.externalSystem,
    externalSystemId: p.externalSystemId,
    achRoutingTransitNumber: p.achRoutingTransitNumber,
    wireRoutingTransitNumber: p.wireRoutingTransitNumber,
    effectiveFromDate: p.effectiveFromDate,
    effectiveThruDate: p.effectiveThruDate,
    emails: p.emails,
    phone: p.phone,
    ext: p.ext,
    cell: p.cell,
    addressLineOne: p.addressLineOne,
    addressLineTwo: p.addressLineTwo,
    addressLineThree: p.addressLineThree,
    country: p.country,
    state: p.state,
    city: p.city,
    zipCode: p.zipCode,
    altAddressLineOne: p.altAddressLineOne,
    altAddressLineTwo: p.altAddressLineTwo,
    altAddressLineThree: p.altAddressLineThree,
    altCountry: p.altCountry,
    altState: p.altState,
    altCity: p.altCity,
    altZipCode: p.altZipCode,
    isActive: p.isActive,
    taxTypeId: p.taxTypeId,
    taxIdentifier: p.taxIdentifier,
    isTaxValid: p.isTaxValid,
    dunsNumber: p.dunsNumber,
    buyerAssignedId: p.buyerAssignedId,
    sellerAssignedId: p.sellerAssignedId,
    isInviteSent: p.isInviteSent,
    isDisconnected: p.isDisconnected,
    inviteEmailAddress: p.inviteEmailAddress,
    connectedCompanyId: p.connectedCompanyId,
    suggestedCompanyId: p.suggestedCompanyId,
    partyStatus: deriveConnectionStatus(p, now),
    inviteRejectionReason: rejectionReason(p, now),
    companyOrgUnitIds: profiles.map((o) => o.id),
    companyOrgUnits: profiles,
  };
}
