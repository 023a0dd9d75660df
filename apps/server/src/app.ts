import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { AppError } from './errors';
import { registerInputGuard } from './http/input-guard';
import websocket from '@fastify/websocket';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type AppConfig } from './config';
import type { Database } from './db/client';
import { runInRequestScope } from './db/tenant-scope';
import { registerReadYourWrites } from './http/read-your-writes';
import type { SigningKeys } from './auth/keys';
import { requestContextPlugin } from './auth/request-context';
import { createApiKeyStore } from './modules/api-keys/store';
import { createTokenVerifier, type TokenVerifier } from './auth/verify-token';
import { registerEmbeddedIssuer } from './auth/embedded-issuer/index';
import { registerErrorHandler } from './http/error-handler';
import { registerSecurity } from './http/security';
import { registerOpenApi } from './http/openapi';
import { registerSpa } from './http/spa';
import { apiModules } from './modules/index';
import { registerJobHandlers } from './jobs/index';
import { registerIdempotency } from './http/idempotency';
import { registerMetricsEndpoint } from './http/metrics-endpoint';
import { registerOperationalMetrics } from './http/operational-metrics';
import { createPlatform } from './platform/index';
import type { JobRuntime } from './platform/jobs/index';
import { startInboundListener, type InboundListener } from './modules/inbound-email/smtp-listener';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job engine: started with the app, stopped when it closes. */
    jobs: JobRuntime;
    /** The inbound SMTP listener (INBOUND_SMTP_PORT), once the app is ready; null = none. */
    inboundMail: InboundListener | null;
  }
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** The embedded issuer's keys; null when an external issuer is configured. */
  keys: SigningKeys | null;
  /** Replaces the token verifier (never needed in production; tests use the real one). */
  verifyToken?: TokenVerifier;
  logger?: boolean | object;
}

export type App = FastifyInstance;

/** Builds the whole application without listening: plugins, then the issuer, the API and the SPA. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // TRUST_PROXY(_HOPS): false, proxy addresses, or a check. The cast keeps the HTTP/1 overload.
    trustProxy: fastifyTrustProxy(config.trustProxy) as boolean,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  // First hook: an empty row-level-security scope per request, filled once the tenant is known
  // (auth/request-context.ts); every later hook and the handler run inside it.
  app.addHook('onRequest', (_req, _reply, done) => runInRequestScope(done));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  await registerSecurity(app, config);
  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      new AppError(
        429,
        'rate_limited',
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app);

  const { platform, mailTransport } = createPlatform(app, config, database);
  const { jobs } = platform;
  registerJobHandlers(jobs, {
    config,
    database,
    db: database.db,
    blobStore: platform.blobStore,
    mailTransport,
    log: app.log,
  });
  registerMetricsEndpoint(app, platform.metrics, config.metricsToken);
  registerOperationalMetrics(platform.metrics, database);
  // Every instance can queue; it works the queues only with JOB_WORKERS=in-process.
  await jobs.start();
  app.decorate('jobs', jobs);
  if (config.oidc.embedded) {
    if (!deps.keys) throw new Error('The embedded issuer needs signing keys');
    const issuerDeps = { config, db: database.db, keys: deps.keys, mailer: platform.mailer };
    await registerEmbeddedIssuer(app, issuerDeps);
  }

  const verifyToken = deps.verifyToken ?? createTokenVerifier(config, deps.keys);
  await app.register(requestContextPlugin, {
    db: database.db,
    database,
    verifyToken,
    apiKeyFailuresPerMinute: config.rateLimits.apiKeyFailures,
    apiKeys: createApiKeyStore(database.db),
  });
  // After the request context (it needs the tenant), before the routes it covers.
  registerIdempotency(app, database.db);
  registerReadYourWrites(app, database);
  await app.register(
    async (api) => {
      for (const mod of apiModules)
        await api.register(mod, {
          config,
          db: database.db,
          readDb: database.readDb,
          database,
          verifyToken,
          ...platform,
        });
    },
    { prefix: '/api' },
  );

  // Invoices by e-mail (docs/inbound-email.md): listens once the app is ready, stops with it.
  app.decorate('inboundMail', null);
  const inboundPort = config.inboundMail.port;
  if (inboundPort !== null) {
    app.addHook('onReady', async () => {
      app.inboundMail = await startInboundListener(
        { db: database.db, blobStore: platform.blobStore, jobs, config: config.inboundMail },
        app.log,
        { host: config.inboundMail.host, port: inboundPort },
      );
      app.log.info({ port: app.inboundMail.port }, 'inbound SMTP listener ready');
    });
    app.addHook('onClose', async () => {
      await app.inboundMail?.close();
    });
  }

  await registerSpa(app, config);
  return app;
}
