// Signing a virtual user in through the embedded issuer the way the SPA's browser does
// (authorization code + PKCE): /oidc/auth → the login page → POST the form → consent (granted by
// the issuer for the first-party client) → the callback's code → /oidc/token. The access token is
// renewed with the refresh token before it expires, as oidc-client-ts does in the SPA.
import crypto from 'node:crypto';
import type { Answer, UserHttp } from './http';

export const CLIENT_ID = 'flowline-web';

export interface Session {
  refreshToken: string;
  expiresAt: number;
}

const pathOf = (location: string) => {
  const url = new URL(location, 'http://x');
  return `${url.pathname}${url.search}`;
};

/** Follows the issuer's redirects until one leaves /oidc (the callback with the code). */
async function follow(http: UserHttp, first: Answer): Promise<string> {
  let res = first;
  for (let hop = 0; hop < 10; hop++) {
    if (res.status !== 302 && res.status !== 303)
      throw new Error(`sign-in stopped at ${res.status}: ${res.text.slice(0, 200)}`);
    const location = res.headers.get('location') ?? '';
    const path = pathOf(location);
    if (!path.startsWith('/oidc/')) return location;
    const label = path.startsWith('/oidc/interaction/')
      ? 'GET /oidc/interaction/{uid}'
      : 'GET /oidc/auth/{uid}';
    res = await http.call(label, 'GET', path, { auth: false });
  }
  throw new Error('sign-in: too many redirects');
}

export async function signIn(
  http: UserHttp,
  publicUrl: string,
  email: string,
  password: string,
): Promise<Session> {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${publicUrl}/callback`;
  const state = crypto.randomBytes(8).toString('hex');
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    state,
    nonce: crypto.randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const start = await http.call('GET /oidc/auth', 'GET', `/oidc/auth?${params}`, { auth: false });
  const interaction = pathOf(start.headers.get('location') ?? '');
  if (!/^\/oidc\/interaction\/[\w-]+$/.test(interaction))
    throw new Error(`sign-in: no interaction (${start.status} ${start.text.slice(0, 200)})`);
  const page = await http.call('GET /oidc/interaction/{uid}', 'GET', interaction, { auth: false });
  if (page.status !== 200) throw new Error(`login page answered ${page.status}`);
  const submitted = await http.call(
    'POST /oidc/interaction/{uid}/login',
    'POST',
    `${interaction}/login`,
    { form: { email, password }, auth: false },
  );
  const callback = new URL(await follow(http, submitted));
  if (callback.searchParams.get('state') !== state) throw new Error('sign-in: state mismatch');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`sign-in: no code in ${callback}`);
  const tokens = await http.call('POST /oidc/token (code)', 'POST', '/oidc/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    },
    auth: false,
  });
  return accept(http, tokens);
}

function accept(http: UserHttp, res: Answer): Session {
  if (res.status !== 200) throw new Error(`token endpoint answered ${res.status}: ${res.text}`);
  const t = res.json<{ access_token: string; refresh_token?: string; expires_in: number }>();
  http.token = t.access_token;
  if (!t.refresh_token) throw new Error('no refresh token (offline_access)');
  return { refreshToken: t.refresh_token, expiresAt: Date.now() + t.expires_in * 1000 };
}

/** Renews the access token when it has less than a minute left (the refresh token rotates). */
export async function renewIfDue(http: UserHttp, session: Session): Promise<Session> {
  if (session.expiresAt - Date.now() > 60_000) return session;
  const res = await http.call('POST /oidc/token (refresh)', 'POST', '/oidc/token', {
    form: {
      grant_type: 'refresh_token',
      refresh_token: session.refreshToken,
      client_id: CLIENT_ID,
    },
    auth: false,
  });
  return accept(http, res);
}
