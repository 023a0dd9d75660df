import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { expect } from 'vitest';
import { fastifyTrustProxy, loadConfig, type AppConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { Mailer } from '../../src/platform/mail/mailer';
import { createTestDatabase } from './database';
import { generateSigningKeys, publicJwks, type SigningKeys } from '../../src/auth/keys';
import { registerEmbeddedIssuer } from '../../src/auth/embedded-issuer/index';
import { browser, locationOf, pathOf, type Browser } from './oidc-browser';

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
}

export interface IssuerApp {
  app: FastifyInstance;
  config: AppConfig;
  keys: SigningKeys;
  authorizeUrl(challenge: string): string;
  /** Starts an authorization request and returns the interaction page's path. */
  startLogin(b: Browser, challenge: string): Promise<string>;
  exchangeCode(callbackUrl: string, verifier: string): Promise<TokenResponse>;
  refresh(b: Browser, refreshToken: string): ReturnType<Browser['post']>;
  verifyJwt(token: string, audience: string): ReturnType<typeof jwtVerify>;
}

/** A clean migrated database of the suite's kind (PGlite, or the PostgreSQL server). */
export function openIssuerDatabase(): Promise<Database> {
  return createTestDatabase();
}

/** A minimal Fastify app with only what the issuer needs (form bodies, route rate limits). */
export async function buildIssuerApp(
  database: Database,
  env: Record<string, string> = {},
  extra: { mailer?: Mailer } = {},
): Promise<IssuerApp> {
  const config = loadConfig({ PORT: '3999', NODE_ENV: 'test', ...env });
  const keys = await generateSigningKeys();
  // The cast picks Fastify's HTTP/1 overload; the union of trustProxy forms confuses inference.
  const app = Fastify({
    logger: false,
    trustProxy: fastifyTrustProxy(config.trustProxy) as boolean,
  });
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  await registerEmbeddedIssuer(app, { config, db: database.db, keys, mailer: extra.mailer });
  await app.ready();

  const { clientId } = config.oidc;
  const redirectUri = `${config.publicUrl}/callback`;
  const authorizeUrl = (challenge: string) => {
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      state: 'st-1',
      nonce: 'n-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    return `/oidc/auth?${params}`;
  };

  return {
    app,
    config,
    keys,
    authorizeUrl,
    async startLogin(b, challenge) {
      const interaction = pathOf(locationOf(await b.get(authorizeUrl(challenge))));
      expect(interaction).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
      return interaction;
    },
    async exchangeCode(callbackUrl, verifier) {
      const url = new URL(callbackUrl);
      expect(`${url.origin}${url.pathname}`).toBe(redirectUri);
      expect(url.searchParams.get('state')).toBe('st-1');
      const code = url.searchParams.get('code');
      expect(code).toBeTruthy();
      const res = await browser(app).post('/oidc/token', {
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: redirectUri,
        client_id: clientId,
        code_verifier: verifier,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TokenResponse>();
    },
    refresh: (b, refreshToken) =>
      b.post('/oidc/token', {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: clientId,
      }),
    verifyJwt: (token, audience) =>
      jwtVerify(token, createLocalJWKSet(publicJwks(keys)), {
        issuer: config.oidc.issuer,
        audience,
      }),
  };
}
