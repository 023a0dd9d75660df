// Issue 28 item 1: TRUST_PROXY behind a real reverse proxy. A bare hop count (`TRUST_PROXY=1`, which
// Fastify ignores: it trusts nothing then) is refused at start; an address, a CIDR range or a name,
// optionally with TRUST_PROXY_HOPS, gives each client its own address: its own sign-in limit and
// its own address in the signing evidence. The proxy is a small node:http one on 127.0.0.1 that
// appends the client's socket address to X-Forwarded-For, as nginx's
// $proxy_add_x_forwarded_for does; the clients connect from 127.0.0.2 and 127.0.0.3.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import { fastifyTrustProxy, loadConfig } from '../src/config';
import { esignConsents } from '../src/db/schema/index';
import { ESIGN_CONSENT_VERSION } from '../src/modules/signing/consent-text';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember } from './helpers/factories';
import { browser, locationOf, pathOf, pkce } from './helpers/oidc-browser';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A reverse proxy on 127.0.0.1 in front of `target`, appending the client to X-Forwarded-For. */
async function startProxy(target: number): Promise<number> {
  const proxy = http.createServer((req, res) => {
    const prior = req.headers['x-forwarded-for'];
    const client = req.socket.remoteAddress ?? '';
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': prior ? `${prior}, ${client}` : client },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  return (proxy.address() as AddressInfo).port;
}

/** The real server listening on HTTP, behind the proxy. */
async function behindProxy(env: Record<string, string>) {
  const t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10', ...env });
  closers.push(() => t.close());
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const proxyPort = await startProxy((t.app.server.address() as AddressInfo).port);
  return { t, proxyPort };
}

/** An `app.inject` look-alike that sends over HTTP through the proxy from `localAddress`. */
function client(proxyPort: number, localAddress: string): FastifyInstance {
  const inject = (opts: InjectOptions) =>
    new Promise<LightMyRequestResponse>((resolve, reject) => {
      const payload =
        opts.payload === undefined
          ? undefined
          : typeof opts.payload === 'string'
            ? opts.payload
            : JSON.stringify(opts.payload);
      const headers = { ...(opts.headers as Record<string, string>) };
      if (payload !== undefined && !headers['content-type'])
        headers['content-type'] = 'application/json';
      const req = http.request(
        {
          host: '127.0.0.1',
          port: proxyPort,
          localAddress,
          method: opts.method ?? 'GET',
          path: String(opts.url),
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve({
              statusCode: res.statusCode ?? 0,
              headers: res.headers,
              body,
              payload: body,
              json: () => JSON.parse(body) as unknown,
            } as unknown as LightMyRequestResponse);
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { inject } as unknown as FastifyInstance;
}

async function failSignIn(app: FastifyInstance, t: TestApp, n: number) {
  const b = browser(app);
  const params = new URLSearchParams({
    client_id: t.config.oidc.clientId,
    redirect_uri: `${t.config.publicUrl}/callback`,
    response_type: 'code',
    scope: 'openid',
    state: 's',
    nonce: 'n',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  });
  const interaction = pathOf(locationOf(await b.get(`/oidc/auth?${params}`)));
  // A new e-mail each time: the per-account lock stays out of the way of the per-address limit.
  const res = await b.post(`${interaction}/login`, {
    email: `nobody.${n}@example.com`,
    password: 'wrong',
  });
  return res.statusCode;
}

describe('TRUST_PROXY at start', () => {
  it('refuses a bare hop count with a message that shows what works', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(
      /TRUST_PROXY=1 trusts no proxy.*TRUST_PROXY=127\.0\.0\.1/s,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,proxy.example' })).toThrow(
      /not an address.*proxy\.example/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/0' })).toThrow(/not an address/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '2' })).toThrow(/TRUST_PROXY_HOPS needs/);
  });

  it('accepts addresses, CIDR ranges and names, with a hop count only beside them', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
    ]);
    const chain = loadConfig({ TRUST_PROXY: '10.0.0.0/8', TRUST_PROXY_HOPS: '2' }).trustProxy;
    expect(chain).toEqual({ addresses: ['10.0.0.0/8'], hops: 2 });
    const trust = fastifyTrustProxy(chain) as (address: string, hop: number) => boolean;
    expect(trust('10.2.3.4', 0)).toBe(true);
    expect(trust('::ffff:10.2.3.4', 0)).toBe(true);
    expect(trust('192.0.2.1', 0)).toBe(false);
    expect(trust('192.0.2.1', 1)).toBe(true);
    expect(trust('192.0.2.1', 2)).toBe(false);
  });
});

describe.each([
  ['the proxy address', { TRUST_PROXY: '127.0.0.1' }],
  ['the proxy address with a hop count', { TRUST_PROXY: '127.0.0.1/32', TRUST_PROXY_HOPS: '1' }],
])('behind a reverse proxy (TRUST_PROXY = %s)', (_, env) => {
  it('gives each client its own sign-in limit, whatever X-Forwarded-For it sends', async () => {
    const { t, proxyPort } = await behindProxy(env);
    // A forges an address of its own; the proxy appends A's real one, which is what counts.
    const a = client(proxyPort, '127.0.0.2');
    const forging = {
      inject: (opts: InjectOptions) =>
        a.inject({
          ...opts,
          headers: {
            ...(opts.headers as Record<string, string>),
            'x-forwarded-for': '203.0.113.77',
          },
        }),
    } as unknown as FastifyInstance;
    const b = client(proxyPort, '127.0.0.3');
    const fromA: number[] = [];
    for (let i = 0; i < 11; i++) fromA.push(await failSignIn(i % 2 ? forging : a, t, i));
    expect(fromA.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(fromA[10]).toBe(429);
    expect(await failSignIn(b, t, 100)).toBe(400);
    expect(await failSignIn(a, t, 101)).toBe(429);
  }, 120_000);

  it("records each signer's own address in the signing evidence (ESIGN consent)", async () => {
    const { t, proxyPort } = await behindProxy(env);
    const company = await buildCompany(t.db);
    for (const [address, n] of [
      ['127.0.0.2', 1],
      ['127.0.0.3', 2],
    ] as const) {
      const user = await buildMember(t.db, company, [Role.Administrator], {
        emailAddress: `signer.${n}@example.com`,
      });
      const res = await client(proxyPort, address).inject({
        method: 'POST',
        url: '/api/esign/consent',
        payload: { version: ESIGN_CONSENT_VERSION },
        headers: { authorization: `Bearer ${await t.tokenFor(user)}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.db
        .select()
        .from(esignConsents)
        .where(eq(esignConsents.userId, user.id));
      expect(row?.ip).toBe(address);
    }
  }, 120_000);
});
