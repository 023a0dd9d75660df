import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopbackAddress } from '../../config';
import { notFound } from '../../errors';
import type { DevMail, DevMailbox } from './mailer';
import { escapeHtml as escape } from './templates/render-mail';

const zDevMailJson = z.object({
  id: z.number(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});

const noMail = () => notFound('No such mail', 'mail_not_found');

/** A plain page without scripts: the CSP (script-src 'self') holds, the mail HTML is sandboxed. */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · Flowline dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1F2933}a{color:#0B5563}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #D9E2EC}
iframe{width:100%;height:48rem;border:1px solid #D9E2EC}pre{white-space:pre-wrap;background:#F4F6F8;padding:1rem}</style>
</head><body><main>${body}</main></body></html>`;

const when = (m: DevMail) =>
  `<time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString()}</time>`;

function listPage(messages: DevMail[]) {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="/dev/mail/${m.id}">${escape(m.subject)}</a></td><td>${escape(m.to.join(', '))}</td><td>${when(m)}</td></tr>`,
    )
    .join('\n');
  const table = rows
    ? `<table><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Date</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet.</p>';
  return page('Messages', `<h1>Dev mailbox</h1>${table}`);
}

function messagePage(m: DevMail) {
  const html = m.html
    ? `<h2>HTML part</h2><iframe title="HTML part of the mail" sandbox="" srcdoc="${escape(m.html)}"></iframe>`
    : '<p>This mail has no HTML part.</p>';
  return page(
    m.subject,
    `<p><a href="/dev/mail">All messages</a></p><article><h1>${escape(m.subject)}</h1>
<p><strong>To:</strong> ${escape(m.to.join(', '))} · ${when(m)}</p>${html}
<h2>Text part</h2><pre>${escape(m.text)}</pre></article>`,
  );
}

/**
 * `/dev/mail` (the last 100 messages, newest first), `/dev/mail/{id}` (one message) and
 * `/dev/mail/latest.json?to=[&contains=]` (for tests). Only registered with DEV_MAILBOX=true, no SMTP server
 * and not in production; and it answers only requests whose socket peer is loopback — the
 * forwarded headers are ignored on purpose, a proxy on this machine must not open it to others.
 */
export function registerDevMailPage(app: FastifyInstance, mailbox: DevMailbox) {
  const dev = app.withTypeProvider<ZodTypeProvider>();
  const schema = { hide: true };
  const onRequest = async (req: { raw: { socket: { remoteAddress?: string } } }) => {
    if (!isLoopbackAddress(req.raw.socket.remoteAddress)) throw noMail();
  };

  dev.get('/dev/mail', { schema, onRequest }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(listPage(await mailbox.latest(100))),
  );

  dev.get(
    '/dev/mail/latest.json',
    {
      onRequest,
      schema: {
        ...schema,
        querystring: z.object({
          to: z.string().trim().min(1),
          contains: z.string().min(1).max(200).optional(),
        }),
        response: { 200: zDevMailJson },
      },
    },
    async (req) => {
      const mail = await mailbox.latestTo(req.query.to, req.query.contains);
      if (!mail) throw noMail();
      return { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
    },
  );

  dev.get(
    '/dev/mail/:id',
    {
      onRequest,
      schema: {
        ...schema,
        params: z.object({ id: z.coerce.number().int().positive().max(2147483647) }),
      },
    },
    async (req, reply) => {
      const mail = await mailbox.find(req.params.id);
      if (!mail) throw noMail();
      return reply.type('text/html; charset=utf-8').send(messagePage(mail));
    },
  );
}
