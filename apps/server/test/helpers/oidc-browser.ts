import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A cookie jar for app.inject: keeps cookies by name and path, sends those whose path matches. */
export class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  store(res: LightMyRequestResponse) {
    const header = res.headers['set-cookie'];
    const lines = Array.isArray(header) ? header : header ? [header] : [];
    for (const line of lines) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eqAt = pair.indexOf('=');
      const name = pair.slice(0, eqAt);
      const value = pair.slice(eqAt + 1);
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attrs.some(
        (a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now(),
      );
      const key = `${name};${path}`;
      if (!value || expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url, 'http://x');
    return [...this.cookies.values()]
      .filter(
        (c) =>
          pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

export interface Browser {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, form: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** `from` sets the socket address and extra headers of every request (e.g. a spoofed X-Forwarded-For). */
export function browser(
  app: FastifyInstance,
  from: { remoteAddress?: string; headers?: Record<string, string> } = {},
): Browser {
  const jar = new CookieJar();
  const send = async (opts: InjectOptions & { url: string }) => {
    const res = await app.inject({
      ...opts,
      ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
      headers: { ...from.headers, ...opts.headers, cookie: jar.header(opts.url) },
    });
    jar.store(res);
    return res;
  };
  return {
    get: (url) => send({ method: 'GET', url }),
    post: (url, form) =>
      send({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      }),
  };
}

export const pathOf = (location: string) => {
  const url = new URL(location, 'http://localhost:3999');
  return `${url.pathname}${url.search}`;
};

export function locationOf(res: LightMyRequestResponse): string {
  expect([302, 303]).toContain(res.statusCode);
  return String(res.headers.location);
}

/** Follows redirects inside the issuer until one leaves /oidc (the client callback) or a page is shown. */
export async function follow(
  b: Browser,
  res: LightMyRequestResponse,
): Promise<LightMyRequestResponse & { finalUrl?: string }> {
  let current = res;
  for (let i = 0; i < 10 && [302, 303].includes(current.statusCode); i++) {
    const location = String(current.headers.location);
    if (!pathOf(location).startsWith('/oidc/'))
      return Object.assign(current, { finalUrl: location });
    current = await b.get(pathOf(location));
  }
  return current;
}

export function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}
