import {
  listUnsubscribeHeaders,
  renderMail,
  unsubscribeUrl,
  type RenderedMail,
} from './render-mail';

export interface NoticeMailInput {
  publicUrl: string;
  firstName?: string | null;
  /** The notification's title and message, e.g. 'Connection removed' / 'Acme disconnected…'. */
  title: string;
  message: string;
  action: { label: string; url: string };
}

/** A notification that has no mail of its own (connected, disconnected, viewed, resubmitted). */
export function noticeMail(input: NoticeMailInput): RenderedMail {
  return {
    ...renderMail({
      subject: input.title,
      preheader: input.message,
      heading: input.title,
      firstName: input.firstName,
      blocks: [
        { kind: 'paragraph', text: input.message },
        { kind: 'action', label: input.action.label, url: input.action.url },
      ],
      footer: { kind: 'unsubscribe', url: unsubscribeUrl(input.publicUrl) },
    }),
    headers: listUnsubscribeHeaders(input.publicUrl),
  };
}
