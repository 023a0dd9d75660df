import { z } from 'zod';

/** Spec-less texts of the pending-membership and e-mail-confirmation flows (issue 10 item 2). */
export const membershipInvitationMessages = {
  notFound: 'This invitation is no longer available.',
  accepted: (company: string) => `You joined ${company}`,
  declined: 'Invitation declined',
  emailLinkInvalid: 'This confirmation link is invalid or has expired.',
  emailTaken: 'This e-mail address is already used by another Flowline user.',
  emailConfirmed: 'Your sign-in e-mail address was changed.',
} as const;

/** GET /me/membership-invitations: a company asking the signed-in person to join it. */
export const zMembershipInvitation = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  invitedBy: z.string().nullable(),
  mainRole: z.number().int(),
  createdAt: z.string(),
});
export type MembershipInvitation = z.infer<typeof zMembershipInvitation>;

/** POST /emailchange/confirm: the token from the link mailed to the new address. */
export const zEmailChangeConfirmInput = z.object({
  token: z
    .string({ error: membershipInvitationMessages.emailLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{20,128}$/, membershipInvitationMessages.emailLinkInvalid),
});
export const zEmailChangeConfirmed = z.object({ emailAddress: z.string() });

/** POST /users/{id}/emailaddress and /users/current/emailaddress: what was requested. */
export const zEmailChangeRequested = z.object({
  pendingEmailAddress: z.string(),
  message: z.string(),
});
