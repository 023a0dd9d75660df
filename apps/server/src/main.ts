import { buildApp } from './app';
import { loadConfig } from './config';
import { scheduleOrphanSweep } from './maintenance/orphan-sweep-job';
import {
  configurationWarnings,
  loadIssuerKeys,
  prepareDatabase,
  printDemoLogins,
  seedDemoIfWanted,
} from './startup';

const config = loadConfig();
const database = await prepareDatabase(config);
await seedDemoIfWanted(config, database);
const app = await buildApp({ config, database, keys: await loadIssuerKeys(config, database) });

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
// With JOB_WORKERS=off the worker processes schedule maintenance.
if (app.jobs.runsWorkers) await scheduleOrphanSweep(app.jobs, config);
if (config.oidc.embedded) printDemoLogins(console, config);
