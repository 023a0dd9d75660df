import { z } from 'zod';
import { endSentence } from '../rules/text';
import { REJECT_REASON_MAX } from '../rules/connection-status';
import { zIdParam } from './common';

/** The spec's wording for invitations (spec 2 §2.7–2.10, §8). */
export const invitationMessages = {
  notFound: 'Invitation not found',
  notFoundTitle: 'Invitation Not found',
  notFoundText: 'Invitation not found, or expired',
  rejected: 'Invitation Rejected',
  deleted: 'Invitation Deleted',
  acceptFailed: "Couldn't accept invitation",
  connected: (company: string) => `You are now connected to ${company}`,
  alreadyAccepted: (user: string) => `The invite has already been accepted by user ${user}`,
  alreadyRejected: (user: string) => `The invite has already been rejected by user ${user}`,
  actionedOn: 'The invite has already been actioned on',
  expiredTooltip: (company: string) =>
    `This invitation has expired. Please request an invitation be resent from ${endSentence(company)}`,
  invalidEmail: 'Must be a valid e-mail',
  notPending: 'This invitation is no longer pending',
  expired: 'This invitation has expired',
  onlyExpiredDeleted: 'Only expired invitations can be deleted',
} as const;

export const invitationStatuses = ['pending', 'accepted', 'rejected', 'deleted'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

const zRef = z.object({ id: z.number().int(), name: z.string() });

/** One invitation addressed to the selected company (spec 2 §3 Invitation). */
export const zInvitation = z.object({
  id: z.number().int(),
  kind: z.enum(['invite', 'connectionRequest']),
  status: z.enum(invitationStatuses),
  companyName: z.string(),
  senderCompanyId: z.number().int(),
  expired: z.boolean(),
  accepted: z.boolean(),
  /** Who actioned it (accepted or rejected), when it is no longer pending. */
  updateUser: z.string().nullable(),
  actionedByUserName: z.string().nullable(),
  actionedAt: z.string().nullable(),
  isConnected: z.boolean(),
  receivedDate: z.string(),
  expiresAt: z.string(),
  senderOrgUnitNameOfReceiverCompany: z.string().nullable(),
  senderPartyNameOfReceiverCompany: z.string().nullable(),
  /**
   * The receiver's own connection for the inviting company, when it has one (issue 27 item 16):
   * the list's '{Connection} Name'. `senderPartyNameOfReceiverCompany` is the sender's name for
   * the receiver — the receiver's own name — and is not shown as the connection. Always sent.
   */
  receiverPartyName: z.string().nullish(),
  senderPartyTypeOfReceiverCompany: z.number().int(),
  companyAddress: z.string(),
  senderEmail: z.string().nullable(),
  maskedTaxNumber: z.string().nullable(),
  /** The receiver's open connections that may stand for the sender (reused on accept). */
  parties: z.array(zRef),
});
export type Invitation = z.infer<typeof zInvitation>;

export const zInvitationCount = z.object({ count: z.number().int() });

export const zInvitationToken = z.object({ invitationToken: z.string().trim().min(1).max(64) });

/** GET /invitation/token/{token} (public): what the registration form shows and prefills. */
export const zInvitationTokenInfo = z.object({
  receiverEmail: z.string().nullable(),
  senderCompanyName: z.string(),
  onboarding: z.boolean(),
});
export type InvitationTokenInfo = z.infer<typeof zInvitationTokenInfo>;

/** POST /invitation/register|onboard/{token}: the UI routes by the caller's role. */
export const zInvitationRegistered = z.object({
  invitationId: z.number().int(),
  isAdministrator: z.boolean(),
});
export type InvitationRegistered = z.infer<typeof zInvitationRegistered>;

/** POST /invitation/accept: accept with an existing profile. */
export const zAcceptInvitationInput = z.object({
  invitationId: zIdParam,
  orgUnitId: zIdParam,
});
export type AcceptInvitationInput = z.infer<typeof zAcceptInvitationInput>;

export const zInvitationAccepted = z.object({
  invitationId: z.number().int(),
  partyId: z.number().int(),
  orgUnitId: z.number().int(),
  companyName: z.string(),
});
export type InvitationAccepted = z.infer<typeof zInvitationAccepted>;

const zEmail = z.string().trim().max(320).email(invitationMessages.invalidEmail);

/** POST /invitation/resend (spec 2 §5.7). */
export const zResendInvitationInput = z.object({
  senderPartyIdOfReceiverCompany: zIdParam,
  receiverEmail: zEmail,
});
export type ResendInvitationInput = z.infer<typeof zResendInvitationInput>;

/** POST /invitation/reject/{id}: the optional reason, shown to the sender (issue 27 item 17). */
export const zRejectInvitationInput = z.object({
  reason: z
    .string()
    .trim()
    .max(REJECT_REASON_MAX, `Must be at most ${REJECT_REASON_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type RejectInvitationInput = z.input<typeof zRejectInvitationInput>;

/** PUT /party/{id}/invite. */
export const zInviteInput = z.object({ email: zEmail });
export type InviteInput = z.infer<typeof zInviteInput>;

export const zPartyIdsOfSameTypeQuery = z.object({
  senderCompanyId: zIdParam,
  receiverCompanyId: zIdParam,
  senderPartyTypeOfReceiverCompany: zIdParam,
});

export const zConnectQuery = z.object({ orgUnitId: zIdParam.optional() });
export const zDisconnectQuery = z.object({
  deleteRelationshipAndNotifyConnections: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** All but the last four letters or digits are masked; separators stay. */
export function maskTaxNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  const total = value.replace(/[^0-9a-z]/gi, '').length;
  let seen = 0;
  return value.replace(/[0-9a-z]/gi, (c) => (++seen <= total - 4 ? '*' : c));
}
