import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/index';
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

async function connect(user: UserRow, companyId: number) {
  const ws = await open();
  const socket = watch(ws);
  ws.send(JSON.stringify({ type: 'auth', token: await t.tokenFor(user), companyId }));
  return { ws, ...socket };
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
