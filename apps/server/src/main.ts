import { buildApp } from './app';
import { loadConfig } from './config';
import { scheduleOrphanSweep } from './maintenance/orphan-sweep-job';
import { scheduleExpiryReminders } from './modules/legal-documents/expiry-reminders';
import { scheduleDivisionOrderReminders } from './modules/division-orders/reminder-job';
import { scheduleApprovalReminders } from './modules/approvals/reminder-job';
import {
  configurationWarnings,
  databaseRoleWarnings,
  loadIssuerKeys,
  prepareDatabase,
  printDemoLogins,
  seedDemoIfWanted,
  StartupError,
} from './startup';

const config = loadConfig();
const database = await prepareDatabase(config);
await seedDemoIfWanted(config, database);
const keys = await loadIssuerKeys(config, database).catch(async (error: unknown) => {
  if (!(error instanceof StartupError)) throw error;
  // A configuration the operator must fix: the message says what, without a stack.
  console.error(`Flowline cannot start: ${error.message}`);
  await database.close();
  process.exit(1);
});
const app = await buildApp({ config, database, keys });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  // Closing the app stops the job engine first: running jobs get a few seconds to finish.
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
for (const warning of configurationWarnings(config)) app.log.warn(warning);
for (const warning of await databaseRoleWarnings(database)) app.log.warn(warning);
// With JOB_WORKERS=off the worker processes schedule maintenance.
if (app.jobs.runsWorkers) {
  await scheduleOrphanSweep(app.jobs, config);
  await scheduleExpiryReminders(app.jobs);
  await scheduleDivisionOrderReminders(app.jobs);
  await scheduleApprovalReminders(app.jobs);
}
if (config.oidc.embedded) printDemoLogins(console, config);
