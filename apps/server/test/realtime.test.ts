import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { notifications, realtimeEvents } from '../src/db/schema/index';
import { announceToCompanies } from '../src/platform/realtime/hub';
import { CATCH_UP_LIMIT } from '../src/modules/realtime/repository';
import { RealtimeClose } from '../src/modules/realtime/routes';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let other: CompanyRow;
let alice: UserRow;
let bob: UserRow;
let url: string;

const open = () =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

beforeAll(async () => {
  t = await buildTestApp();
  // A real listening server: the upgrade goes through Node's HTTP server as in production.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/notifications/subscribe`;
  acme = await buildCompany(t.db);
  other = await buildCompany(t.db);
  alice = await buildMember(t.db, acme);
  bob = await buildMember(t.db, acme);
});
afterAll(() => t.close());

/** Collects a socket's messages and its close code. */
function watch(ws: WebSocket) {
  const messages: Array<Record<string, unknown>> = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Record<string, unknown>));
  const next = async (type: string) => {
    for (let i = 0; i < 100; i++) {
      const found = messages.find((m) => m.type === type);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no '${type}' message; got ${JSON.stringify(messages)}`);
  };
  return { messages, closed, next };
}

async function connect(
  user: UserRow,
  companyId: number,
  lastSeq?: number,
  at = url,
  resume: { seen?: number[]; startSeq?: number } = {},
) {
  const ws = await openAt(at);
  const socket = watch(ws);
  const token = await t.tokenFor(user);
  ws.send(JSON.stringify({ type: 'auth', token, companyId, lastSeq, ...resume }));
  return { ws, ...socket };
}

const openAt = (address: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(address);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

const titles = (messages: Array<Record<string, unknown>>) =>
  messages
    .filter((m) => m.type === 'notification')
    .map((m) => (m.notification as { title: string }).title);
const seqs = (messages: Array<Record<string, unknown>>) =>
  messages
    .filter((m) => typeof m.seq === 'number' && m.type !== 'ready')
    .map((m) => m.seq as number);

async function scalar(query: SQL): Promise<number> {
  const result = (await t.db.execute(query)) as unknown as { rows: Array<{ value: string }> };
  return Number(result.rows[0]?.value);
}

/** Up to 20 s: a loaded CI machine delivers 30 events and a reconnect slower than a quiet one. */
async function until(check: () => boolean, what: string, got: () => string = () => '') {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}; got ${got()}`);
}

const notify = (user: UserRow, company: CompanyRow, title: string) =>
  t.db
    .insert(notifications)
    .values({ companyId: company.id, userId: user.id, title, message: `${title} message` })
    .returning();

describe('GET /api/notifications/subscribe', () => {
  it('delivers a new notification of the user in the selected company, and only that', async () => {
    const alices = await connect(alice, acme.id);
    const bobs = await connect(bob, acme.id);
    await alices.next('ready');
    await bobs.next('ready');

    const [row] = await notify(alice, acme, 'Document received');
    const message = await alices.next('notification');
    expect(message.notification).toEqual({
      id: row!.id,
      title: 'Document received',
      notificationTypeId: 1,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(bobs.messages.filter((m) => m.type === 'notification')).toHaveLength(0);
    alices.ws.terminate();
    bobs.ws.terminate();
  });

  it('does not deliver notifications of another company of the same user', async () => {
    const dual = await buildMember(t.db, acme);
    const { addMembership } = await import('./helpers/factories');
    await addMembership(t.db, dual, other, [2]);
    const socket = await connect(dual, acme.id);
    await socket.next('ready');
    await notify(dual, other, 'Elsewhere');
    await notify(dual, acme, 'Here');
    const message = await socket.next('notification');
    expect((message.notification as { title: string }).title).toBe('Here');
    expect(socket.messages.filter((m) => m.type === 'notification')).toHaveLength(1);
    socket.ws.terminate();
  });

  it('closes with 4401 for an invalid token and 4403 for a company the user is not in', async () => {
    const ws = await open();
    const { closed } = watch(ws);
    ws.send(JSON.stringify({ type: 'auth', token: 'not-a-jwt', companyId: acme.id }));
    expect(await closed).toBe(RealtimeClose.unauthorized);

    const foreign = await connect(alice, other.id);
    expect(await foreign.closed).toBe(RealtimeClose.forbidden);
  });

  it('closes on a message that is not an auth message, delivering nothing before auth', async () => {
    const ws = await open();
    const socket = watch(ws);
    await notify(alice, acme, 'Too early');
    ws.send('hello');
    expect(await socket.closed).toBe(RealtimeClose.badMessage);
    expect(socket.messages).toHaveLength(0);
  });
});

describe('sequence ids and catch-up (issue 15)', () => {
  it('every event carries a seq; a reconnect with lastSeq receives the missed ones in order, once', async () => {
    const first = await connect(alice, acme.id);
    const ready = await first.next('ready');
    expect(typeof ready.seq).toBe('number');
    await notify(alice, acme, 'Before the drop');
    const before = await first.next('notification');
    expect(before.seq as number).toBeGreaterThan(ready.seq as number);
    first.ws.terminate();

    await notify(alice, acme, 'Missed 1');
    await notify(bob, acme, 'For Bob only');
    await announceToCompanies(t.db, {
      type: 'connection',
      companyIds: [acme.id],
      change: 'removed',
    });
    await notify(alice, acme, 'Missed 2');

    const again = await connect(alice, acme.id, before.seq as number);
    await again.next('ready');
    await notify(alice, acme, 'Live after');
    await until(() => titles(again.messages).includes('Live after'), 'the live event');
    expect(titles(again.messages)).toEqual(['Missed 1', 'Missed 2', 'Live after']);
    expect(again.messages.filter((m) => m.type === 'connection')).toEqual([
      { type: 'connection', seq: expect.any(Number), change: 'removed' },
    ]);
    const order = seqs(again.messages);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(order.length);
    expect(again.messages.findIndex((m) => m.type === 'ready')).toBe(3); // replay, then ready
    again.ws.terminate();
  });

  it('replays an event that committed after a later one the client had already received', async () => {
    const first = await connect(alice, acme.id);
    const startSeq = (await first.next('ready')).seq as number;
    // Transaction X takes its id first and commits last: reserve the id, commit Y, then X.
    const lateId = await scalar(
      sql`SELECT nextval(pg_get_serial_sequence('realtime_events', 'id')) AS value`,
    );
    await notify(alice, acme, 'Committed first');
    const received = await first.next('notification');
    expect(received.seq as number).toBeGreaterThan(lateId);
    first.ws.terminate();
    await t.db.insert(realtimeEvents).values({
      id: lateId,
      companyId: acme.id,
      userId: alice.id,
      type: 'notification',
      payload: {
        notification: { id: 0, title: 'Committed late', message: '', notificationTypeId: 1 },
      },
    });

    // A client that says where it started and what it saw gets the late one, and nothing twice.
    const seen = seqs(first.messages);
    const again = await connect(alice, acme.id, received.seq as number, url, { seen, startSeq });
    await again.next('ready');
    expect(titles(again.messages)).toEqual(['Committed late']);
    expect(seqs(again.messages)).toEqual([lateId]);
    again.ws.terminate();

    // Nothing from before the session's start is replayed.
    const later = await connect(alice, acme.id, received.seq as number, url, {
      seen,
      startSeq: lateId,
    });
    await later.next('ready');
    expect(titles(later.messages)).toEqual([]);
    later.ws.terminate();
  });

  it('loses and repeats nothing at the seam while events keep coming during the reconnect', async () => {
    const first = await connect(alice, acme.id);
    const { seq } = await first.next('ready');
    first.ws.terminate();
    const made = Array.from({ length: 30 }, (_, i) => `seam ${i}`);
    const fire = (async () => {
      for (const title of made) {
        await notify(alice, acme, title);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await new Promise((r) => setTimeout(r, 30));
    const again = await connect(alice, acme.id, seq as number);
    await fire;
    await again.next('ready');
    // At least as many as were made (a repeat would overshoot), then exactly those, in order.
    await until(
      () => titles(again.messages).length >= made.length,
      'every seam event',
      () =>
        JSON.stringify(
          again.messages.map((m) => [m.type, m.seq, (m.notification as { title?: string })?.title]),
        ),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(titles(again.messages)).toEqual(made);
    again.ws.terminate();
  });

  it("a socket of another company never sees A's events, live or replayed", async () => {
    const carol = await buildMember(t.db, other);
    const b = await connect(carol, other.id, 0);
    await b.next('ready');
    await announceToCompanies(t.db, {
      type: 'document',
      companyIds: [acme.id],
      documentId: 1,
      change: 'sent',
    });
    await notify(alice, acme, 'Secret of A');
    await announceToCompanies(t.db, {
      type: 'document',
      companyIds: [other.id],
      documentId: 2,
      change: 'paid',
    });
    await b.next('document');
    await new Promise((r) => setTimeout(r, 100));
    expect(b.messages.filter((m) => m.type !== 'ready')).toEqual([
      { type: 'document', seq: expect.any(Number), documentId: 2, change: 'paid' },
    ]);
    b.ws.terminate();
    // Replayed from the beginning: still only B's own event.
    const replay = await connect(carol, other.id, 0);
    await replay.next('ready');
    expect(replay.messages.filter((m) => m.type !== 'ready')).toEqual([
      { type: 'document', seq: expect.any(Number), documentId: 2, change: 'paid' },
    ]);
    replay.ws.terminate();
  });

  it('asks for a resync when the gap is too large or already pruned', async () => {
    const dave = await buildMember(t.db, other);
    const start = await connect(dave, other.id);
    const { seq } = await start.next('ready');
    start.ws.terminate();
    await t.db.insert(realtimeEvents).values(
      Array.from({ length: CATCH_UP_LIMIT + 1 }, (_, i) => ({
        companyId: other.id,
        userId: dave.id,
        type: 'notification',
        payload: { notification: { id: i, title: `bulk ${i}`, notificationTypeId: 1 } },
      })),
    );
    const behind = await connect(dave, other.id, seq as number);
    await behind.next('ready');
    expect(behind.messages.map((m) => m.type)).toEqual(['resync', 'ready']);
    behind.ws.terminate();

    // Rows older than 24 h are pruned: a lastSeq before the oldest kept row cannot be replayed.
    await t.db.execute(sql`UPDATE realtime_events SET created_at = now() - interval '25 hours'`);
    const last = await scalar(sql`SELECT max(id)::text AS value FROM realtime_events`);
    await t.db.execute(
      sql`DELETE FROM realtime_events WHERE created_at < now() - interval '24 hours' AND id < ${Number(last)}`,
    );
    const pruned = await connect(dave, other.id, seq as number);
    await pruned.next('ready');
    expect(pruned.messages.map((m) => m.type)).toEqual(['resync', 'ready']);
    pruned.ws.terminate();

    const foreign = await connect(dave, other.id, Number(last) + 1_000_000);
    await foreign.next('ready');
    expect(foreign.messages.map((m) => m.type)).toEqual(['resync', 'ready']);
    foreign.ws.terminate();
  });

  it('delivers an event too large for NOTIFY (announced by id, read from the table)', async () => {
    const socket = await connect(alice, acme.id);
    await socket.next('ready');
    const big = 'x'.repeat(9000);
    await t.db
      .insert(realtimeEvents)
      .values({ companyId: acme.id, userId: alice.id, type: 'large', payload: { big } });
    const message = await socket.next('large');
    expect(message).toEqual({ type: 'large', seq: expect.any(Number), big });
    socket.ws.terminate();
  });

  it('prunes rows older than 24 hours at every 1000th insert', async () => {
    await t.db.execute(sql`UPDATE realtime_events SET created_at = now() - interval '25 hours'`);
    const next = await scalar(sql`SELECT nextval('realtime_events_id_seq')::text AS value`);
    const toBoundary = 1000 - (Number(next) % 1000);
    await t.db
      .insert(realtimeEvents)
      .values(
        Array.from({ length: toBoundary }, () => ({ companyId: other.id, type: 'x', payload: {} })),
      );
    const old = await scalar(
      sql`SELECT count(*)::text AS value FROM realtime_events WHERE created_at < now() - interval '24 hours'`,
    );
    expect(old).toBe(0);
  });

  it('an event made through one instance is delivered by another on the same database', async () => {
    const second = await buildTestApp({}, t);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const secondUrl = `ws://127.0.0.1:${(second.app.server.address() as AddressInfo).port}/api/notifications/subscribe`;
    try {
      const socket = await connect(alice, acme.id, undefined, secondUrl);
      await socket.next('ready');
      // Written by the first instance's connection (as its services would).
      await announceToCompanies(t.db, {
        type: 'connection',
        companyIds: [acme.id, other.id],
        change: 'connected',
      });
      await notify(alice, acme, 'Across instances');
      await until(() => titles(socket.messages).includes('Across instances'), 'the notification');
      expect(socket.messages.filter((m) => m.type === 'connection')).toHaveLength(1);
      socket.ws.terminate();
    } finally {
      await second.close();
    }
  });
});
