import { PRODUCT_NAME } from '@flowline/shared';
import { renderMail, type RenderedMail } from './render-mail';

/**
 * Mails about a person's own identity (issue 10 item 2). Transactional: they protect the account,
 * so they go out whatever the receiveEmails preference says.
 */

export interface MembershipInvitationMailInput {
  publicUrl: string;
  firstName: string;
  companyName: string;
  invitedBy: string | null;
}

export function membershipInvitationMail(input: MembershipInvitationMailInput): RenderedMail {
  const who = input.invitedBy ? `${input.invitedBy} of ${input.companyName}` : input.companyName;
  return renderMail({
    subject: `${input.companyName} invites you to join it on ${PRODUCT_NAME}`,
    preheader: `Accept or decline the invitation to ${input.companyName}`,
    heading: 'An invitation to join a company',
    firstName: input.firstName,
    blocks: [
      {
        kind: 'paragraph',
        text: `${who} would like to add you to its users on ${PRODUCT_NAME}. Nothing about you is shared with ${input.companyName} until you accept.`,
      },
      {
        kind: 'action',
        label: 'Review the invitation',
        url: `${input.publicUrl}/membership-invitations`,
      },
      {
        kind: 'paragraph',
        text: 'If you do not know this company, decline the invitation or simply ignore this e-mail.',
      },
    ],
    footer: {
      kind: 'transactional',
      reason: `You receive this e-mail because a company asked to add your ${PRODUCT_NAME} account.`,
    },
  });
}

export interface EmailChangeMailInput {
  publicUrl: string;
  firstName: string;
  oldEmail: string;
  newEmail: string;
  /** Who asked: the person themself, or an Administrator of their company. */
  requestedBy: string;
}

/** To the new address: the change happens only when this link is opened. */
export function emailChangeConfirmationMail(
  input: EmailChangeMailInput & { token: string; expiresInHours: number },
): RenderedMail {
  return renderMail({
    subject: `Confirm your new ${PRODUCT_NAME} sign-in e-mail`,
    preheader: 'Confirm the change of your sign-in e-mail address',
    heading: 'Confirm your new e-mail address',
    firstName: input.firstName,
    blocks: [
      {
        kind: 'paragraph',
        text: `${input.requestedBy} asked to change the sign-in e-mail of the ${PRODUCT_NAME} account ${input.oldEmail} to this address.`,
      },
      {
        kind: 'action',
        label: 'Confirm the new address',
        url: `${input.publicUrl}/confirm-email/${input.token}`,
      },
      {
        kind: 'paragraph',
        text: `The link works once, for ${input.expiresInHours} hours. Until it is opened, nothing changes.`,
      },
    ],
    footer: {
      kind: 'transactional',
      reason: 'You receive this e-mail because this address was entered as a new sign-in e-mail.',
    },
  });
}

/** To the old address: a notice, so a change the person did not ask for does not go unseen. */
export function emailChangeNoticeMail(input: EmailChangeMailInput): RenderedMail {
  return renderMail({
    subject: `A change of your ${PRODUCT_NAME} sign-in e-mail was requested`,
    preheader: `Your sign-in e-mail may change to ${input.newEmail}`,
    heading: 'Your sign-in e-mail may change',
    firstName: input.firstName,
    blocks: [
      {
        kind: 'paragraph',
        text: `${input.requestedBy} asked to change your sign-in e-mail from ${input.oldEmail} to ${input.newEmail}. The change takes effect only when the new address confirms it.`,
      },
      {
        kind: 'paragraph',
        text: `If you did not expect this, contact your company administrator or ${PRODUCT_NAME} support; until the new address is confirmed you keep signing in as before.`,
      },
    ],
    footer: {
      kind: 'transactional',
      reason: 'You receive this e-mail because it concerns the security of your account.',
    },
  });
}
