import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { createBlobStore, type BlobStore } from './blob-store/index';
import { createJobEngine, type JobRuntime } from './jobs/index';
import { registerDevMailPage } from './mail/dev-mail-page';
import { createMailTransport, createQueuedMailer } from './mail/mail-queue';
import { createMetrics, type Metrics } from './metrics';
import type { Mailer } from './mail/mailer';
import { createRealtimeHub, type RealtimeHub } from './realtime/hub';

/** The services behind the API, each with an embedded and a production implementation. */
export interface Platform {
  /** Queues mail (Queue.mail); a worker delivers it. */
  mailer: Mailer;
  blobStore: BlobStore;
  realtime: RealtimeHub;
  /** The durable job engine (pg-boss); started by app.ts, workers per JOB_WORKERS. */
  jobs: JobRuntime;
  /** Prometheus metrics (docs/operations.md): modules add the series they hold. */
  metrics: Metrics;
}

/** The platform, plus the real mail transport, which only job handlers get. */
export function createPlatform(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
): { platform: Platform; mailTransport: Mailer } {
  const jobs = createJobEngine(
    database,
    {
      runWorkers: config.jobWorkers === 'in-process',
      maintenanceIntervalSeconds: config.jobMaintenanceIntervalSeconds,
    },
    app.log,
  );
  // First (onClose hooks run in order): running jobs finish while the stores are still open.
  app.addHook('onClose', () => jobs.stop());
  const blobStore = createBlobStore(config);
  app.addHook('onClose', async () => blobStore.close?.());
  const realtime = createRealtimeHub(database);
  app.addHook('onClose', () => realtime.close());
  const { transport, devMailbox } = createMailTransport(config, database.db);
  // Never in production and only on request: the page is unauthenticated and shows every mail,
  // temporary passwords included, so it also answers loopback sockets only.
  if (devMailbox && config.devMailbox && config.env !== 'production')
    registerDevMailPage(app, devMailbox);
  return {
    platform: {
      mailer: createQueuedMailer(jobs, {
        db: database.db,
        delaySeconds: config.notificationMailDelaySeconds,
      }),
      blobStore,
      realtime,
      jobs,
      metrics: createMetrics(),
    },
    mailTransport: transport,
  };
}
