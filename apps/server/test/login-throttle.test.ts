import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { devMailbox, loginThrottles } from '../src/db/schema/index';
import { createLocalAccount } from '../src/auth/embedded-issuer/accounts';
import { lockSeconds } from '../src/auth/embedded-issuer/login-throttle';
import { createDevMailbox } from '../src/platform/mail/mailer';
import { browser, follow, pkce } from './helpers/oidc-browser';
import { buildIssuerApp, openIssuerDatabase, type IssuerApp } from './helpers/embedded-issuer';

// Issue 10 item 3: per-IP limits that X-Forwarded-For cannot dodge, and a per-account lock that
// holds across instances because its counters live in PostgreSQL.
let database: Database;
const apps: IssuerApp[] = [];

beforeAll(async () => {
  database = await openIssuerDatabase();
});
afterAll(async () => {
  for (const a of apps) await a.app.close();
  await database.close();
});

async function issuer(env: Record<string, string>) {
  const a = await buildIssuerApp(database, env, { mailer: createDevMailbox(database.db) });
  apps.push(a);
  return a;
}

describe('per-address limit', () => {
  it('ignores a spoofed X-Forwarded-For when TRUST_PROXY is unset', async () => {
    const a = await issuer({ LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const b = browser(a.app, {
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      const interaction = await a.startLogin(b, pkce().challenge);
      const res = await b.post(`${interaction}/login`, { email: 'x@example.com', password: 'no' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429, 429]);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const a = await issuer({ LOGIN_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '192.0.2.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const b = browser(a.app, {
        remoteAddress: '192.0.2.1',
        headers: { 'x-forwarded-for': `203.0.113.${50 + i}` },
      });
      const interaction = await a.startLogin(b, pkce().challenge);
      const res = await b.post(`${interaction}/login`, { email: 'y@example.com', password: 'no' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400]);
  });
});

describe('per-account lock', () => {
  it('locks after 10 failures on either instance, tells the account once, and unlocks', async () => {
    const email = 'locked.out@example.com';
    const password = 'Right-password-1';
    await createLocalAccount(database.db, { email, password, temporary: false });
    const [a, b] = [
      await issuer({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }),
      await issuer({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }),
    ];
    const attempt = async (on: IssuerApp, pw: string, address: string) => {
      const br = browser(on.app, { remoteAddress: address });
      const interaction = await on.startLogin(br, pkce().challenge);
      return { br, res: await br.post(`${interaction}/login`, { email, password: pw }) };
    };
    for (let i = 0; i < 10; i++) {
      const { res } = await attempt(i % 2 ? b : a, 'wrong', `203.0.113.${100 + i}`);
      expect(res.statusCode).toBe(400);
    }
    // The right password from a new address on the other instance is refused while locked.
    const { res: locked } = await attempt(b, password, '203.0.113.200');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['x-error-code']).toBe('login_rate_limited');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const notices = await database.db
      .select({ subject: devMailbox.subject })
      .from(devMailbox)
      .where(sql`${devMailbox.to} @> ${JSON.stringify([email])}::jsonb`);
    expect(notices).toEqual([{ subject: 'Sign-in to Flowline paused after failed attempts' }]);

    await database.db
      .update(loginThrottles)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginThrottles.key, `account:${email}`));
    const { br, res: ok } = await attempt(a, password, '203.0.113.201');
    expect((await follow(br, ok)).finalUrl).toContain('/callback?code=');
    const left = await database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `account:${email}`));
    expect(left).toEqual([]);
  });

  it('backs off exponentially up to 15 minutes', () => {
    expect([10, 11, 12, 14, 30].map(lockSeconds)).toEqual([60, 120, 240, 900, 900]);
  });
});
