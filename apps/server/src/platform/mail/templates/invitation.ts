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
  expiresAt: Date;
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

/** A company invites another one to connect on Flowline. */
export function invitationMail(input: InvitationMailInput): RenderedMail {
  const token = encodeURIComponent(input.token);
  const url = input.recipientHasCompany
    ? `${input.publicUrl}/admin/invitations/${token}`
    : `${input.publicUrl}/register/${token}`;
  const message = input.message?.trim();
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: `${input.invitingCompanyName} invites your company to connect on ${PRODUCT_NAME}, to exchange documents with them.`,
    },
    ...(message ? [{ kind: 'quote' as const, label: `Their message:`, text: message }] : []),
    {
      kind: 'action',
      label: input.recipientHasCompany ? 'View the invitation' : 'Register your company',
      url,
    },
    {
      kind: 'paragraph',
      text: `This invitation expires on ${formatMailDate(input.expiresAt)}.`,
    },
  ];
  return {
    ...renderMail({
      subject: `${input.invitingCompanyName} invites you to connect on ${PRODUCT_NAME}`,
      preheader: `An invitation from ${input.invitingCompanyName}`,
      heading: 'You are invited to connect',
      firstName: input.firstName,
      blocks,
      footer: { kind: 'unsubscribe', url: unsubscribeUrl(input.publicUrl) },
    }),
    headers: listUnsubscribeHeaders(input.publicUrl),
  };
}
