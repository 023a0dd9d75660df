import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { identityAccounts, users } from '../src/db/schema/accounts';
import { publicJwks } from '../src/auth/keys';
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

const get = (url: string) => issuer.app.inject({ method: 'GET', url });

describe('embedded issuer: discovery, assets and errors', () => {
  it('publishes discovery with every endpoint under the public /oidc path', async () => {
    const res = await get('/oidc/.well-known/openid-configuration');
    expect(res.statusCode).toBe(200);
    const doc = res.json<Record<string, unknown>>();
    const base = `${issuer.config.publicUrl}/oidc`;
    expect(doc.issuer).toBe(issuer.config.oidc.issuer);
    expect(doc.authorization_endpoint).toBe(`${base}/auth`);
    expect(doc.token_endpoint).toBe(`${base}/token`);
    expect(doc.jwks_uri).toBe(`${base}/jwks`);
    expect(doc.userinfo_endpoint).toBe(`${base}/me`);
    expect(doc.end_session_endpoint).toBe(`${base}/session/end`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);

    const keys = (await get('/oidc/jwks')).json<{ keys: { kid: string; d?: string }[] }>().keys;
    expect(keys.map((k) => [k.kid, k.d])).toEqual(
      publicJwks(issuer.keys).keys.map((k) => [k.kid, undefined]),
    );
  });

  it('serves the stylesheet and the logout script', async () => {
    const css = await get('/oidc/assets/login.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('#0B5563');
    const js = await get('/oidc/assets/logout.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
  });

  it('renders authorization errors as a branded page without internals', async () => {
    const res = await get('/oidc/auth?client_id=nobody&response_type=code');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Flowline');
    expect(res.body).toContain('Something went wrong');
    expect(res.body).not.toMatch(/at .+\.js:\d+/);
  });

  it('requires PKCE', async () => {
    const params = new URLSearchParams({
      client_id: issuer.config.oidc.clientId,
      redirect_uri: `${issuer.config.publicUrl}/callback`,
      response_type: 'code',
      scope: 'openid',
    });
    const res = await get(`/oidc/auth?${params}`);
    expect(new URL(locationOf(res)).searchParams.get('error')).toBe('invalid_request');
  });

  it('shows a signed-out page when no return address is given', async () => {
    const res = await get('/oidc/session/end/success');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You are signed out');
    expect(res.body).toContain(`href="${issuer.config.publicUrl}/landingpage"`);
  });
});

describe('embedded issuer: temporary password, tokens, refresh and sign-out', () => {
  const email = 'Dana.Driller@example.com';
  const temporary = 'Temporary-pass-1';
  const fresh = 'Brand-new-pass-2';
  let accountId: string;

  beforeAll(async () => {
    accountId = await createLocalAccount(database.db, {
      email,
      password: temporary,
      temporary: true,
    });
    await database.db
      .insert(users)
      .values({ emailAddress: email.toLowerCase(), firstName: 'Dana', lastName: 'Driller' });
  });

  it('walks the whole flow', async () => {
    const b = browser(issuer.app);
    const { verifier, challenge } = pkce();
    const interaction = await issuer.startLogin(b, challenge);

    const page = await b.get(interaction);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Sign in to Flowline');
    expect(page.body).toContain('The document exchange network for the oil-and-gas industry');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toMatch(
      /<input id="email" name="email" type="email" autocomplete="username"/,
    );
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toContain('>Sign in</button>');
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)/);

    const wrong = await b.post(`${interaction}/login`, { email, password: 'not-the-password-1' });
    expect([200, 400]).toContain(wrong.statusCode);
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toContain('Invalid email or password.');
    expect(wrong.body).toContain(`value="${email}"`);
    const unknown = await b.post(`${interaction}/login`, {
      email: 'nobody@example.com',
      password: temporary,
    });
    expect(unknown.body).toContain('Invalid email or password.');

    const temp = await b.post(`${interaction}/login`, {
      email: email.toUpperCase(),
      password: temporary,
    });
    const passwordPath = pathOf(locationOf(temp));
    expect(passwordPath).toBe(`${interaction}/password`);
    // No code yet: the interaction page keeps sending the user back to the password change.
    expect(pathOf(locationOf(await b.get(interaction)))).toBe(passwordPath);

    const change = await b.get(passwordPath);
    expect(change.statusCode).toBe(200);
    expect(change.body).toContain('Change your password');
    expect(change.body).toContain('<label for="newPassword">New password</label>');
    expect(change.body).toContain('<label for="confirmPassword">Confirm new password</label>');
    expect(change.body).toContain('>Change password</button>');
    // The rule answers with the form's message, not the browser's bubble (issue 27 item 29).
    expect(change.body).toMatch(/<form [^>]*\/password" class="form" novalidate>/);

    const submit = (newPassword: string, confirmPassword = newPassword) =>
      b.post(passwordPath, { newPassword, confirmPassword });
    expect((await submit(fresh, 'Brand-new-pass-3')).body).toContain('Passwords do not match.');
    expect((await submit(temporary)).body).toContain(
      'The new password must be different from the temporary password.',
    );
    expect((await submit('short1')).body).toContain('Password must be at least 10 characters');
    const changed = await follow(b, await submit(fresh));
    expect(changed.finalUrl).toMatch(/\/callback\?code=/);

    const [row] = await database.db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.id, accountId));
    expect(row?.passwordIsTemporary).toBe(false);
    expect(row?.passwordChangedAt).toBeInstanceOf(Date);
    expect(row?.lastLoginAt).toBeInstanceOf(Date);

    const tokens = await issuer.exchangeCode(changed.finalUrl ?? '', verifier);
    expect(tokens.token_type).toBe('Bearer');
    const access = await issuer.verifyJwt(tokens.access_token, issuer.config.oidc.audience);
    expect(access.protectedHeader.alg).toBe('RS256');
    expect(access.payload).toMatchObject({ sub: accountId, email });
    const { exp = 0, iat = 0 } = access.payload;
    expect(exp - iat).toBe(issuer.config.oidc.accessTokenTtlSeconds);
    const idToken = await issuer.verifyJwt(tokens.id_token, issuer.config.oidc.clientId);
    expect(idToken.payload).toMatchObject({
      sub: accountId,
      email,
      given_name: 'Dana',
      family_name: 'Driller',
      nonce: 'n-1',
    });

    // Refresh: a new JWT access token and a rotated refresh token.
    const refreshed = await issuer.refresh(b, tokens.refresh_token ?? '');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const renewed = refreshed.json<{ access_token: string; refresh_token: string }>();
    const renewedAccess = await issuer.verifyJwt(renewed.access_token, issuer.config.oidc.audience);
    expect(renewedAccess.payload.email).toBe(email);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);

    // A second authorization in the same browser needs no login (the session is kept).
    const again = await follow(b, await b.get(issuer.authorizeUrl(pkce().challenge)));
    expect(again.finalUrl).toMatch(/\/callback\?code=/);

    // Issue 10 item 7: a bare link from another site (no id_token_hint) only asks; the page
    // does not submit itself and the session survives.
    const bare = await b.get('/oidc/session/end');
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('Do you want to sign out of Flowline?');
    expect(bare.body).not.toContain('logout.js');
    const stillIn = await follow(b, await b.get(issuer.authorizeUrl(pkce().challenge)));
    expect(stillIn.finalUrl).toMatch(/\/callback\?code=/);

    // Sign out: the confirmation page submits itself (logout.js) and keeps a visible button.
    const endParams = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${issuer.config.publicUrl}/landingpage`,
      state: 'bye',
    });
    const logoutPage = await b.get(`/oidc/session/end?${endParams}`);
    expect(logoutPage.statusCode).toBe(200);
    expect(logoutPage.body).toContain('<script src="/oidc/assets/logout.js" defer></script>');
    expect(logoutPage.body).toContain('>Sign out</button>');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(logoutPage.body);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logoutPage.body)?.[1] ?? '';
    expect(pathOf(action?.[1] ?? '')).toBe('/oidc/session/end/confirm');
    const confirmed = await b.post('/oidc/session/end/confirm', { xsrf, logout: 'yes' });
    expect(locationOf(confirmed)).toBe(`${issuer.config.publicUrl}/landingpage?state=bye`);

    // The session is gone: a new authorization asks for the password again; refresh tokens are dead.
    const afterLogout = await b.get(issuer.authorizeUrl(pkce().challenge));
    expect((await b.get(pathOf(locationOf(afterLogout)))).body).toContain('Sign in to Flowline');
    const deadRefresh = await issuer.refresh(b, renewed.refresh_token);
    expect(deadRefresh.statusCode).toBe(400);
    expect(deadRefresh.json<{ error: string }>().error).toBe('invalid_grant');
  });
});

describe('embedded issuer: origins (issue 10 item 7, issue 11 item 23)', () => {
  const authorize = (redirectUri: string) =>
    `/oidc/auth?${new URLSearchParams({
      client_id: issuer.config.oidc.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    })}`;

  it('accepts the loopback aliases of PUBLIC_URL and names the address for any other', async () => {
    const alias = await get(authorize('http://127.0.0.1:3999/callback'));
    expect(pathOf(locationOf(alias))).toMatch(/^\/oidc\/interaction\//);
    const other = await get(authorize('http://flowline.internal:3999/callback'));
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('Flowline is served at http://localhost:3999');
  });

  it('answers CORS on the token endpoint only for the app itself', async () => {
    const preflight = (origin: string) =>
      issuer.app.inject({
        method: 'OPTIONS',
        url: '/oidc/token',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const evil = await preflight('https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const evilPost = await issuer.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `grant_type=refresh_token&refresh_token=x&client_id=${issuer.config.oidc.clientId}`,
    });
    expect(evilPost.headers['access-control-allow-origin']).toBeUndefined();
    const own = await issuer.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        origin: 'http://localhost:3999',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `grant_type=refresh_token&refresh_token=x&client_id=${issuer.config.oidc.clientId}`,
    });
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:3999');
  });
});
