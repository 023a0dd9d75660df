import { PRODUCT_NAME } from '@flowline/shared';
import {
  listUnsubscribeHeaders,
  renderMail,
  unsubscribeUrl,
  type RenderedMail,
} from './render-mail';

export interface InvitationRejectedMailInput {
  publicUrl: string;
  firstName?: string | null;
  rejectingCompanyName: string;
  /** The sender's name for the invited connection, when it has one. */
  connectionName?: string | null;
  /** The rejecting company's optional reason (issue 27 item 17). */
  reason?: string | null;
}

/** The invited company declined: the sender's Administrators (who want mail) are told. */
export function invitationRejectedMail(input: InvitationRejectedMailInput): RenderedMail {
  const named =
    input.connectionName && input.connectionName !== input.rejectingCompanyName
      ? ` (your connection ${input.connectionName})`
      : '';
  return {
    ...renderMail({
      subject: `${input.rejectingCompanyName} declined your invitation on ${PRODUCT_NAME}`,
      preheader: `${input.rejectingCompanyName} declined to connect`,
      heading: 'Invitation declined',
      firstName: input.firstName,
      blocks: [
        {
          kind: 'paragraph',
          text: `${input.rejectingCompanyName}${named} rejected your invitation to connect on ${PRODUCT_NAME}. The connection stays not connected; you can send a new invitation from your connections.`,
        },
        ...(input.reason
          ? [{ kind: 'paragraph' as const, text: `Their reason: ${input.reason}` }]
          : []),
        { kind: 'action', label: 'Open your connections', url: `${input.publicUrl}/admin/parties` },
      ],
      footer: { kind: 'unsubscribe', url: unsubscribeUrl(input.publicUrl) },
    }),
    headers: listUnsubscribeHeaders(input.publicUrl),
  };
}
