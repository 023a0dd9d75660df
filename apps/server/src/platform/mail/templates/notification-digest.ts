import {
  listUnsubscribeHeaders,
  renderMail,
  unsubscribeUrl,
  type RenderedMail,
} from './render-mail';

export interface NotificationDigestMailInput {
  publicUrl: string;
  firstName?: string | null;
  items: {
    title: string;
    link: string;
    /** The event in a sentence and its details (reason, amount…), shown under its link. */
    message?: string | null;
    details?: [string, string][];
  }[];
}

/** Several notification mails of one user that arrived within the digest window, as one mail. */
export function notificationDigestMail(input: NotificationDigestMailInput): RenderedMail {
  const n = input.items.length;
  const subject = `${n} new notifications`;
  return {
    ...renderMail({
      subject,
      preheader: input.items[0]?.title ?? subject,
      heading: subject,
      firstName: input.firstName,
      blocks: [
        { kind: 'paragraph', text: `You have ${n} new notifications:` },
        {
          kind: 'events',
          items: input.items.map((i) => ({
            text: i.title,
            url: i.link,
            message: i.message ?? null,
            details: i.details ?? [],
          })),
        },
        { kind: 'action', label: 'Open Flowline', url: input.publicUrl },
      ],
      footer: { kind: 'unsubscribe', url: unsubscribeUrl(input.publicUrl) },
    }),
    headers: listUnsubscribeHeaders(input.publicUrl),
  };
}
