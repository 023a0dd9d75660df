import { PRODUCT_NAME } from '@flowline/shared';
import {
  listUnsubscribeHeaders,
  renderMail,
  unsubscribeUrl,
  type RenderedMail,
} from './render-mail';

export interface DocumentReceivedMailInput {
  publicUrl: string;
  firstName?: string | null;
  documentId: number | string;
  /** The document type's name, e.g. "Purchase Order". */
  documentTypeName: string;
  /** The document's number or title. */
  documentNumber: string;
  senderCompanyName: string;
}

/** A connected company sent the recipient's company a document. */
export function documentReceivedMail(input: DocumentReceivedMailInput): RenderedMail {
  const url = `${input.publicUrl}/documents/${encodeURIComponent(String(input.documentId))}`;
  return {
    ...renderMail({
      subject: `${input.documentTypeName} ${input.documentNumber} from ${input.senderCompanyName}`,
      preheader: `${input.senderCompanyName} sent you a ${input.documentTypeName}`,
      heading: `New ${input.documentTypeName}`,
      firstName: input.firstName,
      blocks: [
        {
          kind: 'paragraph',
          text: `${input.senderCompanyName} sent your company a document on ${PRODUCT_NAME}.`,
        },
        {
          kind: 'details',
          rows: [
            ['Type', input.documentTypeName],
            ['Number', input.documentNumber],
            ['From', input.senderCompanyName],
          ],
        },
        { kind: 'action', label: 'Open the document', url },
      ],
      footer: { kind: 'unsubscribe', url: unsubscribeUrl(input.publicUrl) },
    }),
    headers: listUnsubscribeHeaders(input.publicUrl),
  };
}
