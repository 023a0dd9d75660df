import {
  listUnsubscribeHeaders,
  renderMail,
  unsubscribeUrl,
  type RenderedMail,
} from './render-mail';

export interface DocumentStatusMailInput {
  publicUrl: string;
  firstName?: string | null;
  documentId: number;
  /** e.g. 'AR Invoice INV-1001 rejected' */
  title: string;
  /** e.g. 'Red Mesa Operating Co. rejected AR Invoice INV-1001.' */
  message: string;
  details: [string, string][];
}

/** The receiving company moved a document the recipient's company sent (approved, rejected, paid). */
export function documentStatusMail(input: DocumentStatusMailInput): RenderedMail {
  const url = `${input.publicUrl}/documents/${input.documentId}`;
  return {
    ...renderMail({
      subject: input.title,
      preheader: input.message,
      heading: input.title,
      firstName: input.firstName,
      blocks: [
        { kind: 'paragraph', text: input.message },
        ...(input.details.length ? [{ kind: 'details' as const, rows: input.details }] : []),
        { kind: 'action', label: 'Open the document', url },
      ],
      footer: { kind: 'unsubscribe', url: unsubscribeUrl(input.publicUrl) },
    }),
    headers: listUnsubscribeHeaders(input.publicUrl),
  };
}
