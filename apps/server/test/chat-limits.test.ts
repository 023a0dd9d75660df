// Issue 28 item 4: chat posts are limited per user and per thread (429 rate_limited + Retry-After).
// Issue 28 item 7 / issue 27 item 19: a company with messaging off is not offered as a recipient,
// a post to it is a 409 and it gets no message, notification or mail. docs/chat.md.
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FeatureFlag,
  Role,
  chatChannelUrl,
  chatMessages as msg,
  type ChatThread,
} from '@flowline/shared';
import {
  chatMessages,
  devMailbox,
  featureFlags,
  loginThrottles,
  notifications,
} from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildParty } from './helpers/ach-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { pdf } from './helpers/legal-files';
import { multipartBody } from './helpers/multipart';
import { caller, openDocumentWorld, type DocumentWorld } from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;

beforeAll(async () => {
  // The defaults (30 a minute per user, 20 per thread).
  ({ t, w, asUser: asVendor } = await openDocumentWorld({ FEATURE_FLAGS: FeatureFlag.messaging }));
});
afterAll(() => t.close());

const send = (as: ReturnType<typeof caller>, channelUrl: string, message: string) =>
  as({ method: 'POST', url: `/api/chat/threads/${channelUrl}/messages`, payload: { message } });

async function messageCount() {
  const rows = await t.db.select({ n: count() }).from(chatMessages);
  return rows[0]?.n ?? 0;
}

/** A new company connected to the vendor both ways, with one member who wants e-mails. */
async function connectedCompany(name: string): Promise<{ company: CompanyRow; member: UserRow }> {
  const company = await buildCompany(t.db, { name });
  const member = await buildMember(t.db, company, [Role.User]);
  await buildParty(t.db, w.vendor, [], { connectedCompanyId: company.id });
  await buildParty(t.db, company, [], { connectedCompanyId: w.vendor.id });
  return { company, member };
}

/** Starts every test with fresh windows (the limits are per minute). */
async function resetWindows() {
  await t.db.delete(loginThrottles);
}

describe('chat post limits (issue 28 item 4)', () => {
  it('of 200 parallel posts to one thread, 20 are accepted and the rest get 429 + Retry-After', async () => {
    await resetWindows();
    const channel = chatChannelUrl(w.vendor.id, w.purchaser.id);
    const before = await messageCount();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => send(asVendor, channel, `flood ${i}`)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(180);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().error.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await messageCount()) - before).toBe(20);
    // Only accepted posts notify: one unread notification per user per thread anyway.
    const notes = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(eq(notifications.userId, w.purchaserUser.id), eq(notifications.actionData, channel)),
      );
    expect(notes[0]?.n).toBe(1);
  }, 120_000);

  it('limits one user over several threads (30 a minute), the new-message box included', async () => {
    await resetWindows();
    const others = await Promise.all(
      ['Limit One Co', 'Limit Two Co'].map((name) => connectedCompany(name)),
    );
    const [a, b] = others.map((o) => chatChannelUrl(w.vendor.id, o.company.id));
    for (let i = 0; i < 15; i++) expect((await send(asVendor, a!, `a ${i}`)).statusCode).toBe(201);
    for (let i = 0; i < 13; i++) expect((await send(asVendor, b!, `b ${i}`)).statusCode).toBe(201);
    // Two recipients = two posts: 30 in all, still allowed; the next one is not.
    const box = await asVendor({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { recipientCompanyIds: others.map((o) => o.company.id), message: 'both' },
    });
    expect(box.statusCode, box.body).toBe(201);
    const over = await send(asVendor, a!, 'one too many');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(over.headers['retry-after']).toBeTruthy();
    // Another user of the same company has a budget of their own (the threads are not full).
    const colleague = await buildMember(t.db, w.vendor, [Role.User]);
    await resetWindows();
    expect((await send(caller(t, colleague, w.vendor), a!, 'me too')).statusCode).toBe(201);
  }, 120_000);

  it('counts the file posts too, refusing before the file is read', async () => {
    await resetWindows();
    const { company } = await connectedCompany('Limit Files Co');
    const channel = chatChannelUrl(w.vendor.id, company.id);
    for (let i = 0; i < 20; i++)
      expect((await send(asVendor, channel, `m ${i}`)).statusCode).toBe(201);
    const body = await multipartBody([
      ['file', { name: 'report.pdf', data: pdf, type: 'application/pdf' }],
    ]);
    const res = await asVendor({
      method: 'POST',
      url: `/api/chat/threads/${channel}/files`,
      ...body,
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
  }, 120_000);
});

describe('a company with messaging off (issue 28 item 7, issue 27 item 19)', () => {
  it('is not offered, cannot be written to (409) and receives nothing', async () => {
    await resetWindows();
    const { company, member } = await connectedCompany('No Chat Co');
    const channel = chatChannelUrl(w.vendor.id, company.id);
    // While messaging is on it is offered and a message goes through.
    const offered = async () =>
      (await asVendor({ method: 'GET', url: '/api/party/getChatParties' }))
        .json<{ connectedCompanyId: number }[]>()
        .map((p) => p.connectedCompanyId);
    expect(await offered()).toContain(company.id);
    expect((await send(asVendor, channel, 'before')).statusCode).toBe(201);

    await t.db
      .insert(featureFlags)
      .values({ flag: FeatureFlag.messaging, companyId: company.id, enabled: false });
    const [lastMail] = await t.db
      .select({ id: devMailbox.id })
      .from(devMailbox)
      .orderBy(desc(devMailbox.id))
      .limit(1);
    const mailFrom = lastMail?.id ?? 0;
    const notesBefore = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, member.id));
    const messagesBefore = await messageCount();

    expect(await offered()).not.toContain(company.id);
    expect(await offered()).toContain(w.purchaser.id);

    const post = await send(asVendor, channel, 'after');
    expect(post.statusCode).toBe(409);
    expect(post.json().error).toEqual({
      message: msg.recipientMessagingOff,
      code: 'chat_recipient_messaging_off',
    });
    const box = await asVendor({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { recipientCompanyIds: [w.purchaser.id, company.id], message: 'to both' },
    });
    expect(box.statusCode).toBe(409);
    expect(box.json().error.code).toBe('chat_recipient_messaging_off');
    const body = await multipartBody([
      ['file', { name: 'report.pdf', data: pdf, type: 'application/pdf' }],
    ]);
    const file = await asVendor({
      method: 'POST',
      url: `/api/chat/threads/${channel}/files`,
      ...body,
    });
    expect(file.statusCode).toBe(409);

    // Nothing written: no message (not even to the purchaser of the box), no notification, no mail.
    expect(await messageCount()).toBe(messagesBefore);
    const notesAfter = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, member.id));
    expect(notesAfter[0]?.n).toBe(notesBefore[0]?.n);
    const mails = await t.db.select().from(devMailbox).where(gt(devMailbox.id, mailFrom));
    expect(mails.filter((m) => m.to.includes(member.emailAddress))).toEqual([]);

    // The sender's existing thread shows as closed, so the screen offers no reply box.
    const thread = await asVendor({ method: 'GET', url: `/api/chat/threads/${channel}` });
    expect(thread.json<ChatThread>().isClosed).toBe(true);
  });
});
