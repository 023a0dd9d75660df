// Issue 17 item 4: PostgreSQL restarted under load → clear 503s meanwhile (never a 500), and
// requests succeed again within seconds of its return.
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import type { Database } from '../src/db/client';
import { isDatabaseUnavailable } from '../src/http/error-handler';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

/**
 * A TCP proxy between the app and PostgreSQL that can play a server restart: `cut()` drops
 * every connection and stops listening (new connections are refused), `restore()` listens
 * again on the same port. The shared test cluster itself is never touched.
 */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    port,
    connections: () => sockets.size,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Proxy = Awaited<ReturnType<typeof startProxy>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  startedAt: number;
  endedAt: number;
  url: string;
  status: number;
  body: unknown;
  retryAfter: string | undefined;
}

const serverUrl = process.env.TEST_DATABASE_URL;

// PGlite runs inside the process: there is no connection to lose.
describe.skipIf(!serverUrl)('PostgreSQL restarted under load', () => {
  let proxy: Proxy;
  let database: Database;
  let t: TestApp;
  let company: CompanyRow;
  let clerk: UserRow;

  beforeAll(async () => {
    const target = new URL(serverUrl!);
    proxy = await startProxy({
      host: target.hostname || '127.0.0.1',
      port: Number(target.port || 5432),
    });
    database = await createTestDatabase({ via: { host: '127.0.0.1', port: proxy.port } });
    t = await buildTestApp({}, { database });
    company = await buildCompany(t.db);
    clerk = await buildMember(t.db, company, [Role.User]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await proxy?.restore().catch(() => undefined);
    await database?.close();
    await proxy?.close();
  });

  it('answers 503 database_unavailable while it is down and recovers within seconds', async () => {
    const notifications: string[] = [];
    const stopListening = await database.listen('flowline_fault_test', (p) =>
      notifications.push(p),
    );
    const outcomes: Outcome[] = [];
    const token = await t.tokenFor(clerk);
    const urls = ['/api/health', '/api/documentType', '/api/users/current'];
    let load = true;
    // Three clients asking one after another, as a busy screen would, for the whole test.
    const clients = urls.map(async (url) => {
      while (load) {
        const startedAt = Date.now();
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}`, 'company-id': String(company.id) },
        });
        outcomes.push({
          startedAt,
          endedAt: Date.now(),
          url,
          status: res.statusCode,
          body: res.statusCode === 200 ? null : res.json(),
          retryAfter: res.headers['retry-after'] as string | undefined,
        });
        await sleep(50);
      }
    });
    try {
      await sleep(500);
      expect(outcomes.length).toBeGreaterThan(0);
      expect(outcomes.every((o) => o.status === 200)).toBe(true);

      await proxy.cut();
      const cutAt = Date.now();
      await sleep(3_000);
      // A write during the outage is refused the same way.
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/exchangeusers/welcomeMessageDisplayed',
        headers: { authorization: `Bearer ${token}`, 'company-id': String(company.id) },
        payload: { doNotShowAgain: true },
      });
      const restoredAt = Date.now();
      await proxy.restore();

      // Back within seconds: every client has a 200 that started after the restore.
      const deadline = restoredAt + 20_000;
      const recovered = () =>
        urls.every((url) =>
          outcomes.some((o) => o.url === url && o.startedAt > restoredAt && o.status === 200),
        );
      while (!recovered() && Date.now() < deadline) await sleep(100);
      const recoveredAfterMs = Date.now() - restoredAt;
      await sleep(1_000);
      load = false;
      await Promise.all(clients);

      const during = outcomes.filter((o) => o.startedAt > cutAt && o.endedAt < restoredAt);
      expect(during.length).toBeGreaterThan(5);
      for (const o of [...during, { ...write, url: 'POST', body: write.json() }]) {
        const status = 'statusCode' in o ? o.statusCode : o.status;
        expect({ url: o.url, status, body: o.body }).toEqual({
          url: o.url,
          status: 503,
          body: {
            error: {
              message:
                'Flowline cannot reach its database right now. Please try again in a moment.',
              code: 'database_unavailable',
            },
          },
        });
      }
      expect(during.every((o) => o.retryAfter === '5')).toBe(true);
      expect(outcomes.some((o) => o.status === 500)).toBe(false);
      expect(recovered(), `not recovered ${recoveredAfterMs} ms after the restore`).toBe(true);
      expect(recoveredAfterMs).toBeLessThan(10_000);
      // Once back, everything answers.
      const settled = outcomes.filter((o) => o.startedAt > restoredAt + recoveredAfterMs);
      expect(settled.length).toBeGreaterThan(0);
      expect(settled.every((o) => o.status === 200)).toBe(true);

      // The LISTEN connection (real-time events, auth-cache invalidation) came back too.
      if (database.raw.kind !== 'postgres') throw new Error('needs the PostgreSQL server');
      const notifier = new pg.Client({ connectionString: database.raw.url });
      await notifier.connect();
      try {
        const listenDeadline = Date.now() + 15_000;
        while (!notifications.includes('back') && Date.now() < listenDeadline) {
          await notifier.query(`NOTIFY flowline_fault_test, 'back'`);
          await sleep(250);
        }
      } finally {
        await notifier.end();
      }
      expect(notifications).toContain('back');
    } finally {
      load = false;
      await Promise.allSettled(clients);
      await stopListening();
    }
  }, 90_000);

  it('readiness fails while the database is away and is ready again once it is back (issue 33 item 4)', async () => {
    const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect((await ready()).statusCode).toBe(200);
    await proxy.cut();
    try {
      const down = await ready();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toMatchObject({
        error: { code: 'not_ready', message: 'Not ready: database unavailable.' },
        checks: { database: 'failed', blobStore: 'ok' },
      });
    } finally {
      await proxy.restore();
    }
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline && (status = (await ready()).statusCode) !== 200) await sleep(200);
    expect(status).toBe(200);
  }, 120_000);
});

describe('which errors mean the database is unavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
  const pgError = (code: string) => Object.assign(new Error('from the server'), { code });

  it('connection errors, shutdown and start-up SQLSTATEs, pool timeouts, also as a cause', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      pgError('08006'),
      pgError('57P01'),
      pgError('57P03'),
      pgError('53300'),
      wrapped(pgError('57P01')),
      wrapped(new Error('Connection terminated unexpectedly')),
    ])
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
  });

  it('not the errors of a request or a bug', () => {
    for (const err of [
      pgError('23505'), // unique violation
      pgError('22P02'), // malformed input
      pgError('42P01'), // undefined table
      wrapped(pgError('40001')), // serialization failure
      new Error('Cannot read properties of undefined'),
    ])
      expect(isDatabaseUnavailable(err), err.message).toBe(false);
  });
});
