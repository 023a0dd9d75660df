// Issue 15 item 1: chat between connected companies (docs/chat.md).
import type { AddressInfo } from 'node:net';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SignJWT } from 'jose';
import {
  CHAT_TOKEN_AUDIENCE,
  FeatureFlag,
  Role,
  UserType,
  chatChannelUrl,
  chatGroupName,
  chatMessages as msg,
  type ChatMessage,
  type ChatThread,
} from '@flowline/shared';
import {
  chatMessages,
  chatThreads,
  devMailbox,
  featureFlags,
  notifications,
  parties,
} from '../src/db/schema/index';
import type { TestApp } from './helpers/app';
import { buildParty } from './helpers/ach-factories';
import { buildCompany, buildMember, type UserRow } from './helpers/factories';
import { pdf } from './helpers/legal-files';
import { multipartBody } from './helpers/multipart';
import {
  caller,
  openDocumentWorld,
  sendVendorInvoice,
  type DocumentWorld,
} from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let asVendor: ReturnType<typeof caller>;
let asPurchaser: ReturnType<typeof caller>;
let channel: string;
let wsUrl: string;

beforeAll(async () => {
  ({
    t,
    w,
    asUser: asVendor,
  } = await openDocumentWorld({
    FEATURE_FLAGS: FeatureFlag.messaging,
  }));
  asPurchaser = caller(t, w.purchaserUser, w.purchaser);
  channel = chatChannelUrl(w.vendor.id, w.purchaser.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/notifications/subscribe`;
});
afterAll(() => t.close());

const send = (
  as: ReturnType<typeof caller>,
  channelUrl: string,
  payload: Record<string, unknown>,
) => as({ method: 'POST', url: `/api/chat/threads/${channelUrl}/messages`, payload });

async function messageCount() {
  const [row] = await t.db.select({ n: count() }).from(chatMessages);
  return row?.n ?? 0;
}

async function chatNotifications(userId: number, channelUrl: string) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.actionData, channelUrl)));
}

async function lastMailId() {
  const [row] = await t.db
    .select({ id: devMailbox.id })
    .from(devMailbox)
    .orderBy(desc(devMailbox.id))
    .limit(1);
  return row?.id ?? 0;
}

async function mailsSince(id: number, email: string) {
  const rows = await t.db.select().from(devMailbox).where(gt(devMailbox.id, id));
  return rows.filter((r) => r.to.some((to) => to.toLowerCase() === email.toLowerCase()));
}

describe('posting and reading a thread', () => {
  it('posts the first message (creating the thread) and both companies read it', async () => {
    const mailFrom = await lastMailId();
    const res = await send(asVendor, channel, { message: '  Hello purchaser  ' });
    expect(res.statusCode).toBe(201);
    const sent = res.json<ChatMessage>();
    expect(sent).toMatchObject({
      channelUrl: channel,
      message: 'Hello purchaser',
      isOwnCompany: true,
      document: null,
      file: null,
      sender: { userId: w.user.id, displayName: 'Val Vendor', companyId: w.vendor.id },
    });

    const list = await asPurchaser({ method: 'GET', url: '/api/chat/threads' });
    expect(list.statusCode).toBe(200);
    const [thread] = list.json<{ items: ChatThread[]; totalRecords: number }>().items;
    expect(thread).toMatchObject({
      channelUrl: channel,
      name: chatGroupName(w.purchaser.code, w.vendor.code),
      connectedCompanyId: w.vendor.id,
      connectedCompanyName: w.vendor.name,
      connectedCompanyCode: w.vendor.code,
      unreadCount: 1,
      isClosed: false,
      lastMessage: { id: sent.id, isOwnCompany: false, message: 'Hello purchaser' },
      lastMessageDate: sent.createdAt,
    });
    // Members: the active people of both companies, not API keys.
    const memberIds = thread?.members.map((m) => m.userId) ?? [];
    expect(memberIds).toEqual(
      expect.arrayContaining([w.user.id, w.readOnly.id, w.purchaserUser.id, w.purchaserQuiet.id]),
    );
    expect(memberIds).not.toContain(w.strangerUser.id);

    // The other company's members are notified; mail only to those who want it.
    expect(await chatNotifications(w.purchaserUser.id, channel)).toHaveLength(1);
    const [quietNote] = await chatNotifications(w.purchaserQuiet.id, channel);
    expect(quietNote?.title).toBe(`New message from ${w.vendor.name}`);
    expect(await chatNotifications(w.user.id, channel)).toHaveLength(0);
    expect(await mailsSince(mailFrom, w.purchaserUser.emailAddress)).toHaveLength(1);
    expect(await mailsSince(mailFrom, w.purchaserQuiet.emailAddress)).toHaveLength(0);
    expect(await mailsSince(mailFrom, w.user.emailAddress)).toHaveLength(0);
  });

  it('a second message does not add a second unread notification for the thread', async () => {
    expect((await send(asVendor, channel, { message: 'Second' })).statusCode).toBe(201);
    expect(await chatNotifications(w.purchaserUser.id, channel)).toHaveLength(1);
  });

  it('GET thread, unread count and read mark', async () => {
    const one = await asPurchaser({ method: 'GET', url: `/api/chat/threads/${channel}` });
    expect(one.statusCode).toBe(200);
    expect(one.json<ChatThread>()).toMatchObject({ channelUrl: channel, unreadCount: 2 });
    const before = await asPurchaser({ method: 'GET', url: '/api/chat/unreadCount' });
    expect(before.json()).toEqual({ unreadCount: 2 });
    // The sender's own messages are never unread for them.
    expect((await asVendor({ method: 'GET', url: '/api/chat/unreadCount' })).json()).toEqual({
      unreadCount: 0,
    });
    const read = await asPurchaser({ method: 'POST', url: `/api/chat/threads/${channel}/read` });
    expect(read.statusCode).toBe(204);
    expect((await asPurchaser({ method: 'GET', url: '/api/chat/unreadCount' })).json()).toEqual({
      unreadCount: 0,
    });
  });

  it('the purchaser answers; messages come oldest first', async () => {
    expect((await send(asPurchaser, channel, { message: 'Hi vendor' })).statusCode).toBe(201);
    const res = await asVendor({ method: 'GET', url: `/api/chat/threads/${channel}/messages` });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: ChatMessage[]; hasMore: boolean }>();
    expect(page.hasMore).toBe(false);
    expect(page.items.map((m) => [m.message, m.isOwnCompany])).toEqual([
      ['Hello purchaser', true],
      ['Second', true],
      ['Hi vendor', false],
    ]);
  });

  it('a ReadOnly member reads but may not send (403, nothing written)', async () => {
    const asReadOnly = caller(t, w.readOnly, w.vendor);
    expect(
      (await asReadOnly({ method: 'GET', url: `/api/chat/threads/${channel}/messages` }))
        .statusCode,
    ).toBe(200);
    const before = await messageCount();
    const res = await send(asReadOnly, channel, { message: 'nope' });
    expect(res.statusCode).toBe(403);
    expect(
      (
        await asReadOnly({
          method: 'POST',
          url: '/api/chat/messages',
          payload: { recipientCompanyIds: [w.purchaser.id], message: 'nope' },
        })
      ).statusCode,
    ).toBe(403);
    expect(await messageCount()).toBe(before);
  });

  it('a Global user who is a member reads and sends', async () => {
    const asGlobal = caller(t, w.global, w.vendor);
    expect((await send(asGlobal, channel, { message: 'From support' })).statusCode).toBe(201);
  });
});

describe('paging back and search', () => {
  it('pages back with `before` over more than 100 messages', async () => {
    const pair = chatChannelUrl(w.vendor.id, w.purchaser3.id);
    const first = await send(asVendor, pair, { message: 'm0' });
    expect(first.statusCode).toBe(201);
    const [thread] = await t.db
      .select()
      .from(chatThreads)
      .where(
        and(
          eq(chatThreads.lowCompanyId, Math.min(w.vendor.id, w.purchaser3.id)),
          eq(chatThreads.highCompanyId, Math.max(w.vendor.id, w.purchaser3.id)),
        ),
      );
    if (!thread) throw new Error('no thread');
    await t.db.insert(chatMessages).values(
      Array.from({ length: 149 }, (_, i) => ({
        threadId: thread.id,
        senderCompanyId: w.vendor.id,
        senderUserId: w.user.id,
        body: `m${i + 1}`,
      })),
    );
    const newest = await send(asVendor, pair, { message: 'm150' });
    const page1 = (
      await asVendor({ method: 'GET', url: `/api/chat/threads/${pair}/messages` })
    ).json<{ items: ChatMessage[]; hasMore: boolean }>();
    expect(page1.items).toHaveLength(100);
    expect(page1.hasMore).toBe(true);
    expect(page1.items.at(-1)?.id).toBe(newest.json<ChatMessage>().id);
    expect(page1.items[0]?.message).toBe('m51');
    const page2 = (
      await asVendor({
        method: 'GET',
        url: `/api/chat/threads/${pair}/messages?before=${page1.items[0]?.id}`,
      })
    ).json<{ items: ChatMessage[]; hasMore: boolean }>();
    expect(page2.items).toHaveLength(51);
    expect(page2.hasMore).toBe(false);
    expect(page2.items[0]?.message).toBe('m0');
    expect(page2.items.at(-1)?.message).toBe('m50');
    const limited = await asVendor({
      method: 'GET',
      url: `/api/chat/threads/${pair}/messages?limit=101`,
    });
    expect(limited.statusCode).toBe(400);
  });

  it('searches the company name/code and message text (3 characters at least)', async () => {
    const search = (q: string) =>
      asVendor({ method: 'GET', url: `/api/chat/threads?query=${encodeURIComponent(q)}` });
    const byText = (await search('HELLO pur')).json<{ items: ChatThread[] }>();
    expect(byText.items.map((i) => i.channelUrl)).toEqual([channel]);
    const byName = (await search(' Third Purch ')).json<{ items: ChatThread[] }>();
    expect(byName.items.map((i) => i.connectedCompanyId)).toEqual([w.purchaser3.id]);
    expect((await search('zzz-nothing')).json()).toEqual({ items: [], totalRecords: 0 });
    const all = (await search('  ')).json<{ items: ChatThread[]; totalRecords: number }>();
    expect(all.totalRecords).toBe(2);
    // Newest activity first.
    expect(all.items[0]?.connectedCompanyId).toBe(w.purchaser3.id);
    const short = await search('ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(msg.searchTooShort);
    const paged = (
      await asVendor({ method: 'GET', url: '/api/chat/threads?page=2&pageSize=1' })
    ).json<{ items: ChatThread[]; totalRecords: number }>();
    expect(paged.totalRecords).toBe(2);
    expect(paged.items[0]?.channelUrl).toBe(channel);
  });
});

describe('hiding a thread', () => {
  it('hides it for this user only; a newer message brings it back with only the newer ones', async () => {
    const hide = await asPurchaser({ method: 'DELETE', url: `/api/chat/threads/${channel}` });
    expect(hide.statusCode).toBe(204);
    const mine = (await asPurchaser({ method: 'GET', url: '/api/chat/threads' })).json<{
      items: ChatThread[];
    }>();
    expect(mine.items.map((i) => i.channelUrl)).not.toContain(channel);
    // Another member of the company still sees it.
    const quiet = caller(t, w.purchaserQuiet, w.purchaser);
    const theirs = (await quiet({ method: 'GET', url: '/api/chat/threads' })).json<{
      items: ChatThread[];
    }>();
    expect(theirs.items.map((i) => i.channelUrl)).toContain(channel);

    expect((await send(asVendor, channel, { message: 'Are you there?' })).statusCode).toBe(201);
    const back = (await asPurchaser({ method: 'GET', url: '/api/chat/threads' })).json<{
      items: ChatThread[];
    }>();
    const thread = back.items.find((i) => i.channelUrl === channel);
    expect(thread).toMatchObject({ unreadCount: 1, lastMessage: { message: 'Are you there?' } });
    const page = (
      await asPurchaser({ method: 'GET', url: `/api/chat/threads/${channel}/messages` })
    ).json<{ items: ChatMessage[] }>();
    expect(page.items.map((m) => m.message)).toEqual(['Are you there?']);
  });
});

describe('documents and files', () => {
  it('attaches a document both companies see; another one is a 404', async () => {
    const documentId = await sendVendorInvoice(t, w);
    const res = await send(asVendor, channel, { message: '', documentId });
    expect(res.statusCode).toBe(201);
    expect(res.json<ChatMessage>().document).toEqual({
      id: documentId,
      title: expect.stringContaining('INV-') as unknown as string,
    });
    const before = await messageCount();
    const other = await send(asVendor, channel, { message: 'x', documentId: 999_999 });
    expect(other.statusCode).toBe(404);
    expect(await messageCount()).toBe(before);
  });

  it('uploads a file the other company downloads; a third company gets 404', async () => {
    const body = await multipartBody([
      ['message', 'See attached'],
      ['file', { name: 'report.pdf', data: pdf, type: 'application/pdf' }],
    ]);
    const res = await asVendor({
      method: 'POST',
      url: `/api/chat/threads/${channel}/files`,
      ...body,
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json<ChatMessage>();
    expect(sent).toMatchObject({
      message: 'See attached',
      file: { name: 'report.pdf', contentType: 'application/pdf', size: pdf.length },
    });
    const download = await asPurchaser({ method: 'GET', url: sent.file?.url ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('report.pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const asStranger = caller(t, w.strangerUser, w.stranger);
    expect((await asStranger({ method: 'GET', url: sent.file?.url ?? '' })).statusCode).toBe(404);
  });

  it('refuses a file of another type (415) and a text message as a file (no row)', async () => {
    const before = await messageCount();
    const body = await multipartBody([
      ['file', { name: 'run.exe', data: Buffer.from('MZ\x90\x00 not allowed'), type: 'x' }],
    ]);
    const res = await asVendor({
      method: 'POST',
      url: `/api/chat/threads/${channel}/files`,
      ...body,
    });
    expect(res.statusCode).toBe(415);
    expect(await messageCount()).toBe(before);
  });
});

describe('bad input', () => {
  it('answers 400 with the messages and writes nothing', async () => {
    const before = await messageCount();
    const blank = await send(asVendor, channel, { message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(msg.empty);
    const tooLong = await send(asVendor, channel, { message: 'x'.repeat(4001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(msg.tooLong);
    expect((await send(asVendor, channel, { message: 'x', documentId: -1 })).statusCode).toBe(400);
    expect((await send(asVendor, 'chat-x-y', { message: 'x' })).statusCode).toBe(404);
    const incomplete = await asVendor({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { recipientCompanyIds: [], message: 'hi' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.message).toBe(msg.newMessageIncomplete);
    const noText = await asVendor({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { recipientCompanyIds: [w.purchaser.id], message: ' ' },
    });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().error.message).toBe(msg.newMessageIncomplete);
    const badId = await asVendor({
      method: 'GET',
      url: `/api/chat/threads/${channel}/messages?before=abc`,
    });
    expect(badId.statusCode).toBe(400);
    expect(await messageCount()).toBe(before);
  });
});

describe('the new-message box', () => {
  it('posts into the thread with each recipient and answers the threads', async () => {
    const res = await asVendor({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { recipientCompanyIds: [w.purchaser.id, w.purchaser3.id], message: 'To all' },
    });
    expect(res.statusCode).toBe(201);
    const items = res.json<{ items: ChatThread[] }>().items;
    expect(items.map((i) => i.connectedCompanyId).sort()).toEqual(
      [w.purchaser.id, w.purchaser3.id].sort(),
    );
    expect(items.every((i) => i.lastMessage?.message === 'To all')).toBe(true);
  });

  it('a recipient that is not a live connection is a 404, nothing written', async () => {
    const before = await messageCount();
    const res = await asVendor({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { recipientCompanyIds: [w.purchaser.id, w.stranger.id], message: 'hi' },
    });
    expect(res.statusCode).toBe(404);
    expect(await messageCount()).toBe(before);
  });
});

describe('another company', () => {
  it('an unconnected company gets 404 for the thread, its messages and files', async () => {
    const asStranger = caller(t, w.strangerUser, w.stranger);
    for (const url of [
      `/api/chat/threads/${channel}`,
      `/api/chat/threads/${channel}/messages`,
      `/api/chat/threads/${channel}/files/1`,
    ]) {
      const res = await asStranger({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Hello purchaser');
    }
    expect((await asStranger({ method: 'GET', url: '/api/chat/threads' })).json()).toEqual({
      items: [],
      totalRecords: 0,
    });
    const start = await send(asStranger, chatChannelUrl(w.stranger.id, w.vendor.id), {
      message: 'hi',
    });
    expect(start.statusCode).toBe(404);
    expect(
      (await asStranger({ method: 'DELETE', url: `/api/chat/threads/${channel}` })).statusCode,
    ).toBe(404);
  });
});

describe('disconnection', () => {
  it('keeps the thread readable but closed; posting answers 409 chat_closed', async () => {
    const company = await buildCompany(t.db, { name: 'Soon Gone Co' });
    const gone = await buildMember(t.db, company, [Role.User]);
    const mine = await buildParty(t.db, w.vendor, [], { connectedCompanyId: company.id });
    await buildParty(t.db, company, [], { connectedCompanyId: w.vendor.id });
    const pair = chatChannelUrl(w.vendor.id, company.id);
    expect((await send(asVendor, pair, { message: 'before' })).statusCode).toBe(201);
    await t.db.update(parties).set({ isDisconnected: true }).where(eq(parties.id, mine.id));
    const thread = await asVendor({ method: 'GET', url: `/api/chat/threads/${pair}` });
    expect(thread.json<ChatThread>().isClosed).toBe(true);
    const res = await send(asVendor, pair, { message: 'after' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ message: msg.closed, code: 'chat_closed' });
    // The other side too: it is the pair's connection that ended.
    const theirs = await send(caller(t, gone, company), pair, { message: 'after' });
    expect(theirs.statusCode).toBe(409);
    const page = (
      await asVendor({ method: 'GET', url: `/api/chat/threads/${pair}/messages` })
    ).json<{ items: ChatMessage[] }>();
    expect(page.items.map((m) => m.message)).toEqual(['before']);
  });
});

describe('the feature flag', () => {
  it('answers 403 feature_disabled when the company has messaging off', async () => {
    await t.db
      .insert(featureFlags)
      .values({ flag: FeatureFlag.messaging, companyId: w.purchaser3.id, enabled: false });
    const someone = await buildMember(t.db, w.purchaser3, [Role.User]);
    const as = caller(t, someone, w.purchaser3);
    for (const url of ['/api/chat/threads', '/api/chat/unreadCount']) {
      const res = await as({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('feature_disabled');
    }
    const post = await send(as, chatChannelUrl(w.vendor.id, w.purchaser3.id), { message: 'x' });
    expect(post.statusCode).toBe(403);
    // getChatParties is not flagged.
    expect((await as({ method: 'GET', url: '/api/party/getChatParties' })).statusCode).toBe(200);
  });
});

// ---- Token and socket ------------------------------------------------------------------------

function openSocket() {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function connect(token: string, companyId: number) {
  const ws = await openSocket();
  const messages: Array<Record<string, unknown>> = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Record<string, unknown>));
  ws.send(JSON.stringify({ type: 'auth', token, companyId }));
  const next = async (
    type: string,
    match: (m: Record<string, unknown>) => boolean = () => true,
  ) => {
    for (let i = 0; i < 100; i++) {
      const found = messages.find((m) => m.type === type && match(m));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no '${type}' message; got ${JSON.stringify(messages)}`);
  };
  return { ws, messages, closed, next };
}

async function chatToken(user: UserRow, companyId: number) {
  const res = await t.as(
    user,
    companyId,
  )({
    method: 'GET',
    url: `/api/company/${companyId}/sendBirdSessionToken`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; expiresAt: string }>();
}

describe('chat token and real time', () => {
  it('issues a 1-hour token for the selected company only', async () => {
    const { token, expiresAt } = await chatToken(w.purchaserUser, w.purchaser.id);
    expect(token.split('.')).toHaveLength(3);
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
    const other = await asPurchaser({
      method: 'GET',
      url: `/api/company/${w.vendor.id}/sendBirdSessionToken`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('a socket of B receives the A–B chatMessage; one of an unconnected company C never does', async () => {
    const { token } = await chatToken(w.purchaserUser, w.purchaser.id);
    const b = await connect(token, w.purchaser.id);
    await b.next('ready');
    const c = await connect(await t.tokenFor(w.strangerUser), w.stranger.id);
    await c.next('ready');
    const sent = (await send(asVendor, channel, { message: 'live!' })).json<ChatMessage>();
    const event = await b.next('chatMessage', (m) => m.messageId === sent.id);
    expect(event).toMatchObject({
      channelUrl: channel,
      messageId: sent.id,
      senderCompanyId: w.vendor.id,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(c.messages.some((m) => m.type === 'chatMessage')).toBe(false);
    b.ws.terminate();
    c.ws.terminate();
  });

  it('refuses a chat token of another company, an expired one and a forged one', async () => {
    const { token } = await chatToken(w.purchaserUser, w.purchaser.id);
    const wrongCompany = await connect(token, w.vendor.id);
    expect(await wrongCompany.closed).toBe(4403);

    const forged = await new SignJWT({ company_id: w.purchaser.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(w.purchaserUser.id))
      .setAudience(CHAT_TOKEN_AUDIENCE)
      .setIssuer('flowline')
      .setExpirationTime('1h')
      .sign(new Uint8Array(32).fill(7));
    expect(await (await connect(forged, w.purchaser.id)).closed).toBe(4401);

    const { signChatToken } = await import('../src/modules/chat/token');
    const old = await signChatToken(
      t.db,
      { userId: w.purchaserUser.id, companyId: w.purchaser.id },
      Date.now() - 2 * 60 * 60_000,
    );
    expect(await (await connect(old.token, w.purchaser.id)).closed).toBe(4401);
  });

  it('the access token still authenticates the socket', async () => {
    const s = await connect(await t.tokenFor(w.user), w.vendor.id);
    await s.next('ready');
    s.ws.terminate();
  });

  it('API keys may not send', async () => {
    const key = await buildMember(t.db, w.vendor, [Role.Processor], {
      userTypeId: UserType.ApiKey,
    });
    const before = await messageCount();
    const res = await send(caller(t, key, w.vendor), channel, { message: 'bot' });
    expect(res.statusCode).toBe(403);
    expect(await messageCount()).toBe(before);
  });
});
