import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createDevMailbox, createSmtpMailer, type DevMailbox } from '../src/platform/mail/mailer';
import { documentReceivedMail, temporaryPasswordMail } from '../src/platform/mail/templates/index';
import { buildTestApp, type TestApp } from './helpers/app';

/** A real SMTP server in this process; every message it accepts is parsed with mailparser. */
async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const header = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');

describe('SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers a text-only mail', async () => {
    await createSmtpMailer(smtp.url).send({
      to: ['owner@test.example'],
      subject: 'Hello',
      text: 'Welcome to Flowline',
    });
    const mail = smtp.received.at(-1);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('owner@test.example');
    expect(mail?.subject).toBe('Hello');
    expect(mail?.text).toBe('Welcome to Flowline\n');
  });

  it('delivers a notification as multipart/alternative with List-Unsubscribe', async () => {
    const rendered = documentReceivedMail({
      publicUrl: 'https://flowline.test',
      firstName: 'Rosa',
      documentId: 7,
      documentTypeName: 'Invoice',
      documentNumber: 'INV-1 <a>',
      senderCompanyName: 'Caprock & Sons',
    });
    await createSmtpMailer(smtp.url).send({ to: ['rosa@test.example'], ...rendered });
    const mail = smtp.received.at(-1);
    expect(mail?.subject).toBe('Invoice INV-1 <a> from Caprock & Sons');
    expect(header(mail as ParsedMail, 'content-type')).toMatch(/^multipart\/alternative;/);
    expect(header(mail as ParsedMail, 'list-unsubscribe')).toBe(
      '<https://flowline.test/profile/unsubscribe>',
    );
    expect(mail?.text).toContain('Open the document: https://flowline.test/documents/7');
    expect(mail?.text).toContain('Unsubscribe: https://flowline.test/profile/unsubscribe');
    expect(mail?.html).toContain('href="https://flowline.test/documents/7"');
    expect(mail?.html).toContain('Caprock &#38; Sons');
  });

  it('delivers the temporary-password mail with both parts and no List-Unsubscribe', async () => {
    const rendered = temporaryPasswordMail({
      publicUrl: 'https://flowline.test',
      email: 'new@test.example',
      companyName: 'Acme',
      temporaryPassword: 'Secret123abc',
      reason: 'added-by-administrator',
    });
    await createSmtpMailer(smtp.url).send({ to: ['new@test.example'], ...rendered });
    const mail = smtp.received.at(-1) as ParsedMail;
    expect(header(mail, 'content-type')).toMatch(/^multipart\/alternative;/);
    expect(header(mail, 'list-unsubscribe')).toBeUndefined();
    expect(mail.text).toContain('Temporary password: Secret123abc');
    expect(mail.html).toContain('Secret123abc');
  });
});

describe('dev mailbox', () => {
  let t: TestApp;
  let mailbox: DevMailbox;
  beforeAll(async () => {
    t = await buildTestApp({ DEV_MAILBOX: 'true' });
    mailbox = createDevMailbox(t.db);
  });
  afterAll(() => t.close());

  it('keeps messages in the database and lists them newest first, escaped', async () => {
    await mailbox.send({ to: ['a@test.example'], subject: 'First', text: 'one' });
    await mailbox.send({ to: ['a@test.example'], subject: 'Invitation <b>', text: 'Join us' });
    const [latest] = await mailbox.latest(1);
    expect(latest).toMatchObject({ to: ['a@test.example'], subject: 'Invitation <b>' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('Invitation &#60;b&#62;');
    expect(page.body).toContain('a@test.example');
    expect(page.body).toContain(`<a href="/dev/mail/${latest?.id}">`);
    expect(page.body.indexOf('Invitation &#60;b&#62;')).toBeLessThan(page.body.indexOf('First'));
  });

  it('shows one message: the HTML in a sandboxed srcdoc iframe and the text part', async () => {
    await mailbox.send({
      to: ['b@test.example'],
      subject: 'Rich',
      text: 'Plain <part>',
      html: '<p class="x">Hi "you"</p><script>alert(1)</script>',
    });
    const [mail] = await mailbox.latest(1);
    const res = await t.app.inject({ method: 'GET', url: `/dev/mail/${mail?.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<iframe title="HTML part of the mail" sandbox="" srcdoc="&#60;p class=&#34;x&#34;&#62;Hi &#34;you&#34;&#60;/p&#62;&#60;script&#62;alert(1)&#60;/script&#62;"></iframe>',
    );
    expect(res.body).toContain('<pre>Plain &#60;part&#62;</pre>');
    expect(res.body).not.toMatch(/<script/i);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/abc' })).statusCode).toBe(400);
  });

  it('returns the newest message to an address as JSON at /dev/mail/latest.json', async () => {
    await mailbox.send({ to: ['c@test.example', 'd@test.example'], subject: 'Old', text: '1' });
    await mailbox.send({ to: ['C@Test.example'], subject: 'New', text: '2', html: '<p>2</p>' });
    await mailbox.send({ to: ['d@test.example'], subject: 'Other', text: '3' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/mail/latest.json?to=c%40test.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      to: ['C@Test.example'],
      subject: 'New',
      text: '2',
      html: '<p>2</p>',
    });
    const none = await t.app.inject({
      method: 'GET',
      url: '/dev/mail/latest.json?to=x@test.example',
    });
    expect(none.statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/dev/mail/latest.json' });
    expect(missing.statusCode).toBe(400);
  });

  it('with contains, returns the newest message to the address whose text contains it', async () => {
    await mailbox.send({ to: ['e@test.example'], subject: 'Link', text: 'View it: http://x/1' });
    await mailbox.send({ to: ['e@test.example'], subject: 'Notice', text: 'Accepted.' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/mail/latest.json?to=e%40test.example&contains=View%20it%3A',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'Link' });
    const none = await t.app.inject({
      method: 'GET',
      url: '/dev/mail/latest.json?to=e%40test.example&contains=nothing%20like%20this',
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('who may read the dev mailbox (issue 10 item 1)', () => {
  const urls = ['/dev/mail', '/dev/mail/1', '/dev/mail/latest.json?to=a@test.example'];

  it('answers 404 to a non-loopback socket, whatever X-Forwarded-For claims', async () => {
    const t = await buildTestApp({ DEV_MAILBOX: 'true', TRUST_PROXY: '203.0.113.0/24' });
    try {
      await createDevMailbox(t.db).send({ to: ['a@test.example'], subject: 'Temp', text: 'pw' });
      for (const url of urls) {
        const stranger = await t.app.inject({
          method: 'GET',
          url,
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
        });
        expect(stranger.statusCode, url).toBe(404);
        expect(stranger.body).not.toContain('Temp');
      }
      const local = await t.app.inject({
        method: 'GET',
        url: '/dev/mail/latest.json?to=a@test.example',
        remoteAddress: '::ffff:127.0.0.1',
      });
      expect(local.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is off unless DEV_MAILBOX=true, even for loopback', async () => {
    const t = await buildTestApp();
    try {
      for (const url of urls)
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('production', () => {
  it.each([
    ['with SMTP_URL', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['without SMTP_URL', {}],
  ])('never registers /dev/mail (%s)', async (_name, env) => {
    const t = await buildTestApp({ NODE_ENV: 'production', DEV_MAILBOX: 'true', ...env });
    try {
      for (const url of ['/dev/mail', '/dev/mail/1', '/dev/mail/latest.json?to=a@test.example']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});
