import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { createDevMailbox, createSmtpMailer } from '../src/platform/mail/mailer';
import { buildTestApp } from './helpers/app';

describe('mailer', () => {
  it('delivers through a real SMTP server', async () => {
    const received: { to: string; subject: string; text: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    try {
      await createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`).send({
        to: ['owner@test.example'],
        subject: 'Hello',
        text: 'Welcome to Flowline',
      });
      expect(received).toEqual([
        { to: 'owner@test.example', subject: 'Hello', text: 'Welcome to Flowline\n' },
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  describe('dev mailbox', () => {
    let close: () => Promise<void> = async () => {};
    afterAll(() => close());

    it('keeps messages in the database and shows them at /dev/mail, escaped', async () => {
      const t = await buildTestApp();
      close = t.close;
      const mailbox = createDevMailbox(t.db);
      await mailbox.send({ to: ['a@test.example'], subject: 'Invitation <b>', text: 'Join us' });
      const [latest] = await mailbox.latest(1);
      expect(latest).toMatchObject({ to: ['a@test.example'], subject: 'Invitation <b>' });
      const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Invitation &#60;b&#62;');
    });
  });
});
