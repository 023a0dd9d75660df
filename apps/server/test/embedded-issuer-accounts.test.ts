import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { identityAccounts } from '../src/db/schema/accounts';
import { createLocalAccount } from '../src/auth/embedded-issuer/accounts';
import { browser, follow, locationOf, pathOf, pkce } from './helpers/oidc-browser';
import { buildIssuerApp, openIssuerDatabase, type IssuerApp } from './helpers/embedded-issuer';

let database: Database;
let issuer: IssuerApp;

beforeAll(async () => {
  database = await openIssuerDatabase();
  issuer = await buildIssuerApp(database);
});
afterAll(async () => {
  await issuer.app.close();
  await database.close();
});

describe('embedded issuer: regular accounts and refusals', () => {
  it('signs a regular account straight in, records the login and refuses refresh replay', async () => {
    const email = 'pat.pipeline@example.com';
    const id = await createLocalAccount(database.db, {
      email,
      password: 'Regular-pass-9',
      temporary: false,
    });
    const b = browser(issuer.app);
    const { verifier, challenge } = pkce();
    const interaction = await issuer.startLogin(b, challenge);
    const done = await follow(
      b,
      await b.post(`${interaction}/login`, { email, password: 'Regular-pass-9' }),
    );
    expect(done.finalUrl).toMatch(/\/callback\?code=/);
    const tokens = await issuer.exchangeCode(done.finalUrl ?? '', verifier);
    expect(
      (await issuer.verifyJwt(tokens.access_token, issuer.config.oidc.audience)).payload.sub,
    ).toBe(id);
    const [row] = await database.db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.id, id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);

    // Replaying a rotated refresh token is refused and revokes the grant (the rotated one dies too).
    const first = await issuer.refresh(b, tokens.refresh_token ?? '');
    expect(first.statusCode).toBe(200);
    expect((await issuer.refresh(b, tokens.refresh_token ?? '')).statusCode).toBe(400);
    const rotated = first.json<{ refresh_token: string }>().refresh_token;
    expect((await issuer.refresh(b, rotated)).statusCode).toBe(400);
  });

  it('issues no code when a temporary-password login skips the password change', async () => {
    const email = 'skipper@example.com';
    await createLocalAccount(database.db, { email, password: 'Temporary-pass-7', temporary: true });
    const b = browser(issuer.app);
    const interaction = await issuer.startLogin(b, pkce().challenge);
    const temp = await b.post(`${interaction}/login`, { email, password: 'Temporary-pass-7' });
    expect(pathOf(locationOf(temp))).toBe(`${interaction}/password`);
    const uid = interaction.split('/').pop() ?? '';
    const skipped = await follow(b, await b.get(`/oidc/auth/${uid}`));
    expect(skipped.finalUrl ?? '').not.toContain('code=');
  });

  it('refuses an inactive account with the same message', async () => {
    const email = 'gone@example.com';
    const id = await createLocalAccount(database.db, {
      email,
      password: 'Inactive-pass-1',
      temporary: false,
    });
    await database.db
      .update(identityAccounts)
      .set({ isActive: false })
      .where(eq(identityAccounts.id, id));
    const b = browser(issuer.app);
    const interaction = await issuer.startLogin(b, pkce().challenge);
    const res = await b.post(`${interaction}/login`, { email, password: 'Inactive-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Invalid email or password.');
  });

  it('shows an expired page for a login post without the interaction cookie', async () => {
    const interaction = await issuer.startLogin(browser(issuer.app), pkce().challenge);
    const res = await browser(issuer.app).post(`${interaction}/login`, {
      email: 'x@example.com',
      password: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Your sign-in has expired');
  });

  it('rate limits sign-in attempts per IP', async () => {
    const limited = await buildIssuerApp(database, { LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      // A fresh address: the counters live in the database this file's tests share.
      const b = browser(limited.app, { remoteAddress: '198.51.100.7' });
      const interaction = await limited.startLogin(b, pkce().challenge);
      const attempt = () =>
        b.post(`${interaction}/login`, { email: 'a@example.com', password: 'wrong' });
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(400);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body).toContain(
        'Too many sign-in attempts. Please wait a minute and try again.',
      );
      expect(blocked.body).toContain('value="a@example.com"');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.headers['x-error-code']).toBe('login_rate_limited');
    } finally {
      await limited.app.close();
    }
  });
});
