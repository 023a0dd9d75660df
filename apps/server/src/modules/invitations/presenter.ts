import { maskTaxNumber, type Invitation, type InvitationStatus } from '@flowline/shared';
import type { InvitationDetails } from './repository';

type Ref = { id: number; name: string };

const kinds = ['invite', 'connectionRequest'] as const;
const statuses: readonly InvitationStatus[] = ['pending', 'accepted', 'rejected', 'deleted'];

/** "1 Main St, Midland, TX 79701, US": the parts the sender company has. */
function addressOf(c: InvitationDetails['company']): string {
  const region = [c.state, c.zipCode].filter(Boolean).join(' ');
  return [c.addressLineOne, c.addressLineTwo, c.city, region, c.country]
    .filter((part) => !!part)
    .join(', ');
}

export function isExpired(expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() < now.getTime();
}

export function presentInvitation(row: InvitationDetails, parties: Ref[], now: Date): Invitation {
  const i = row.invitation;
  const status = statuses.find((s) => s === i.status) ?? 'pending';
  return {
    id: i.id,
    kind: kinds.find((k) => k === i.kind) ?? 'invite',
    status,
    companyName: row.company.name,
    senderCompanyId: i.senderCompanyId,
    expired: status === 'pending' && isExpired(i.expiresAt, now),
    accepted: status === 'accepted',
    updateUser: status === 'pending' ? null : row.actionedByName,
    actionedByUserName: row.actionedByName,
    actionedAt: i.actionedAt?.toISOString() ?? null,
    isConnected: status === 'accepted',
    receivedDate: (i.registeredAt ?? i.createdAt).toISOString(),
    expiresAt: i.expiresAt.toISOString(),
    senderOrgUnitNameOfReceiverCompany: row.orgUnitName,
    senderPartyNameOfReceiverCompany: row.partyName,
    // The receiver's record for the inviter: linked (onboarding), else one suggested for it.
    receiverPartyName: row.receiverPartyName ?? parties[0]?.name ?? null,
    senderPartyTypeOfReceiverCompany: i.senderPartyTypeOfReceiverCompany,
    companyAddress: addressOf(row.company),
    senderEmail: row.senderEmail,
    maskedTaxNumber: maskTaxNumber(row.company.taxNumber),
    parties,
  };
}
