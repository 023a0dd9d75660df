import { pino } from 'pino';
import { loadConfig } from './config';
import { registerJobHandlers } from './jobs/index';
import { scheduleOrphanSweep } from './maintenance/orphan-sweep-job';
import { scheduleExpiryReminders } from './modules/legal-documents/expiry-reminders';
import { scheduleDivisionOrderReminders } from './modules/division-orders/reminder-job';
import { scheduleApprovalReminders } from './modules/approvals/reminder-job';
import { createBlobStore } from './platform/blob-store/index';
import { createJobEngine } from './platform/jobs/index';
import { createMailTransport } from './platform/mail/mail-queue';
import { databaseRoleWarnings, prepareDatabase } from './startup';

/**
 * `npm run worker`: works the job queues without serving HTTP, for deployments that run the API
 * with JOB_WORKERS=off (docs/jobs.md). Any number of these may run against one PostgreSQL.
 */
const config = loadConfig();
if (!config.databaseUrl)
  throw new Error(
    'npm run worker needs DATABASE_URL: the embedded database belongs to the API process, which works the queues itself (JOB_WORKERS=in-process).',
  );
const log = pino({ level: config.logLevel, name: 'flowline-worker' });
const database = await prepareDatabase(config);
for (const warning of await databaseRoleWarnings(database)) log.warn(warning);
const blobStore = createBlobStore(config);
const engine = createJobEngine(
  database,
  { runWorkers: true, maintenanceIntervalSeconds: config.jobMaintenanceIntervalSeconds },
  log,
);
const { transport } = createMailTransport(config, database.db);
registerJobHandlers(engine, {
  config,
  database,
  db: database.db,
  blobStore,
  mailTransport: transport,
  log,
});
// The handlers are in place before the queues are worked: a stop that arrives while the worker
// starts (a job may already be running) waits for the start, then stops it cleanly.
let started: Promise<void> | null = null;
const shutdown = async (signal: string) => {
  log.info({ signal }, 'worker shutting down');
  await started?.catch(() => undefined);
  await engine.stop();
  blobStore.close?.();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

started = (async () => {
  await engine.start();
  await scheduleOrphanSweep(engine, config);
  await scheduleExpiryReminders(engine);
  await scheduleDivisionOrderReminders(engine);
  await scheduleApprovalReminders(engine);
})();
await started;
log.info('worker started: working the job queues');
