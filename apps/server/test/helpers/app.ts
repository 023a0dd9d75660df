import { SignJWT, importJWK } from 'jose';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { generateSigningKeys, type SigningKeys } from '../../src/auth/keys';
import { Queue } from '../../src/platform/jobs/types';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  config: AppConfig;
  keys: SigningKeys;
  /** A bearer token the embedded issuer would have issued for this subject. */
  tokenFor(
    user: { externalId: string | null; emailAddress?: string },
    options?: { expiresIn?: string; audience?: string; issuer?: string },
  ): Promise<string>;
  /** app.inject with the user's bearer token and, when given, the Company-Id header. */
  as(
    user: { externalId: string | null; emailAddress?: string },
    companyId?: number,
  ): (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Mail is queued and delivered by a worker: a test reads it right after the request that sent
 * it, so each inject first works the mail queue that request filled (no sleeps).
 */
function deliverMailBeforeAnswering(app: FastifyInstance) {
  if (!app.jobs.runsWorkers) return;
  const inject = app.inject.bind(app) as (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  const injectThenDeliver = async (opts: InjectOptions) => {
    const res = await inject(opts);
    // Notification mails wait in their per-user digest job first (docs/notifications.md).
    if (app.jobs.sentSinceDrain.has(Queue.notificationMail))
      await app.jobs.drain(Queue.notificationMail);
    if (app.jobs.sentSinceDrain.has(Queue.mail)) await app.jobs.drain(Queue.mail);
    return res;
  };
  app.inject = injectThenDeliver as FastifyInstance['inject'];
}

// One key pair per worker (files share the worker's modules: vitest.config.ts `isolate: false`):
// an RSA key generation is 0.1–0.5 s of CPU, and ~90 test apps are built per run. Nothing checks
// that two separately built apps sign differently; a test that needs a stranger's key makes one.
let workerKeys: Promise<SigningKeys> | undefined;

/**
 * The real application on a clean database of its own, with the embedded issuer's keys.
 * `sameAs` builds a second instance on another app's database and keys (as two processes
 * behind a load balancer), or on a database the test opened itself; closing it leaves that
 * database open.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  sameAs?: Pick<TestApp, 'database'> & Partial<Pick<TestApp, 'keys'>>,
  /** Registers test-only routes or hooks before the app is ready. */
  beforeReady?: (app: FastifyInstance, database: Database) => void,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3999',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: '/nonexistent',
    NOTIFICATION_MAIL_DELAY_SECONDS: '0',
    ...env,
  });
  const database = sameAs?.database ?? (await createTestDatabase());
  const keys = sameAs?.keys ?? (await (workerKeys ??= generateSigningKeys()));
  const logger = process.env.TEST_LOG_LEVEL ? undefined : false;
  const app = await buildApp({ config, database, keys, logger });
  beforeReady?.(app, database);
  await app.ready();
  deliverMailBeforeAnswering(app);

  const [jwk] = keys.privateJwks.keys;
  if (!jwk) throw new Error('no signing key');
  const privateKey = await importJWK(jwk, 'RS256');

  const tokenFor: TestApp['tokenFor'] = async (user, options = {}) => {
    const jwt = new SignJWT({ email: user.emailAddress })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(options.issuer ?? config.oidc.issuer)
      .setAudience(options.audience ?? config.oidc.audience)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '10m');
    if (user.externalId) jwt.setSubject(user.externalId);
    return jwt.sign(privateKey);
  };

  return {
    app,
    database,
    db: database.db,
    config,
    keys,
    tokenFor,
    as: (user, companyId) => async (opts) => {
      const token = await tokenFor(user);
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        ...(opts.headers as Record<string, string>),
      };
      if (companyId !== undefined) headers['company-id'] = String(companyId);
      return app.inject({ ...opts, headers });
    },
    close: async () => {
      await app.close();
      if (!sameAs) await database.close();
    },
  };
}
