import type { FastifyInstance } from 'fastify';
import type { createDevMailbox } from './mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `/dev/mail`: the last 100 messages of the dev mailbox as plain text. Only registered when no SMTP
 * server is configured and not in production, so it never exposes real mail.
 */
export function registerDevMailPage(
  app: FastifyInstance,
  mailbox: ReturnType<typeof createDevMailbox>,
) {
  app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => {
    const messages = await mailbox.latest(100);
    const items = messages
      .map(
        (
          m,
        ) => `<article><h2>${escape(m.subject)}</h2><p><strong>To:</strong> ${escape(m.to.join(', '))} ·
          <time>${m.createdAt.toISOString()}</time></p><pre>${escape(m.text)}</pre></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Flowline dev mailbox</title></head>
<body><main><h1>Dev mailbox</h1>${items || '<p>No mail yet.</p>'}</main></body></html>`);
  });
}
