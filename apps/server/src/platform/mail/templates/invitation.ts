import { PRODUCT_NAME } from '@flowline/shared';
import {
  listUnsubscribeHeaders,
  renderMail,
  unsubscribeUrl,
  type MailBlock,
  type RenderedMail,
} from './render-mail';

export interface InvitationMailInput {
  publicUrl: string;
  firstName?: string | null;
  invitingCompanyName: string;
  message?: string | null;
  token: string;
  /** True when the invited company already uses Flowline: it accepts; otherwise it registers. */
  recipientHasCompany: boolean;
  /**
   * An onboarding request (docs/invitations.md): the recipient joins and sends the inviter a
   * connection request, which the inviter accepts. Otherwise the recipient accepts.
   */
  onboarding?: boolean;
  expiresAt: Date;
}

function invitationLink(input: InvitationMailInput): { url: string; label: string } {
  const token = encodeURIComponent(input.token);
  if (input.onboarding) {
    return input.recipientHasCompany
      ? { url: `${input.publicUrl}/admin/onboarding/${token}`, label: 'Send your request' }
      : { url: `${input.publicUrl}/onboarding/${token}`, label: 'Register your company' };
  }
  return input.recipientHasCompany
    ? { url: `${input.publicUrl}/admin/invitations/${token}`, label: 'View the invitation' }
    : { url: `${input.publicUrl}/register/${token}`, label: 'Register your company' };
}

/** "March 5, 2027": spelled out, so it reads the same whatever the reader's date format. */
export function formatMailDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A company invites another one to connect on Flowline, or asks it to onboard. */
export function invitationMail(input: InvitationMailInput): RenderedMail {
  const link = invitationLink(input);
  const inviter = input.invitingCompanyName;
  const message = input.message?.trim();
  const intro = input.onboarding
    ? `${inviter} asks your company to join ${PRODUCT_NAME} and connect with them, to exchange documents with them. ${
        input.recipientHasCompany
          ? 'Send them your connection request'
          : 'Register your company; your connection request is then sent'
      } to ${inviter}, who accepts it.`
    : `${inviter} invites your company to connect on ${PRODUCT_NAME}, to exchange documents with them.`;
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: intro },
    ...(message ? [{ kind: 'quote' as const, label: `Their message:`, text: message }] : []),
    { kind: 'action', ...link },
    {
      kind: 'paragraph',
      text: `This invitation expires on ${formatMailDate(input.expiresAt)}.`,
    },
  ];
  const content = {
    subject: input.onboarding
      ? `${inviter} asks your company to join ${PRODUCT_NAME}`
      : `${inviter} invites you to connect on ${PRODUCT_NAME}`,
    preheader: `An invitation from ${inviter}`,
    heading: input.onboarding ? `Join ${inviter} on ${PRODUCT_NAME}` : 'You are invited to connect',
    firstName: input.firstName,
    blocks,
  };
  if (!input.recipientHasCompany) {
    // Someone without a profile has no e-mail settings to speak of or unsubscribe from.
    return renderMail({
      ...content,
      footer: {
        kind: 'transactional',
        reason: `You receive this e-mail because ${inviter} entered this address to invite your company to ${PRODUCT_NAME}. If you do not expect it, you can ignore it.`,
      },
    });
  }
  return {
    ...renderMail({
      ...content,
      footer: { kind: 'unsubscribe', url: unsubscribeUrl(input.publicUrl) },
    }),
    headers: listUnsubscribeHeaders(input.publicUrl),
  };
}
