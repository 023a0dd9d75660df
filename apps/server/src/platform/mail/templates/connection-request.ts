import { PRODUCT_NAME } from '@flowline/shared';
import {
  listUnsubscribeHeaders,
  renderMail,
  unsubscribeUrl,
  type RenderedMail,
} from './render-mail';

export interface ConnectionRequestMailInput {
  publicUrl: string;
  firstName?: string | null;
  requestingCompanyName: string;
}

/** A company already on Flowline asks the recipient's company to connect. */
export function connectionRequestMail(input: ConnectionRequestMailInput): RenderedMail {
  return {
    ...renderMail({
      subject: `${input.requestingCompanyName} wants to connect on ${PRODUCT_NAME}`,
      preheader: `A connection request from ${input.requestingCompanyName}`,
      heading: 'New connection request',
      firstName: input.firstName,
      blocks: [
        {
          kind: 'paragraph',
          text: `${input.requestingCompanyName} wants to connect with your company on ${PRODUCT_NAME}, to exchange documents with you.`,
        },
        {
          kind: 'action',
          label: 'Review the request',
          url: `${input.publicUrl}/admin/invitations`,
        },
      ],
      footer: { kind: 'unsubscribe', url: unsubscribeUrl(input.publicUrl) },
    }),
    headers: listUnsubscribeHeaders(input.publicUrl),
  };
}
