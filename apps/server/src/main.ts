import { buildApp } from './app';
import { loadConfig } from './config';
import { scheduleOrphanSweep } from './maintenance/orphan-sweep';
import { createBlobStore } from './platform/blob-store/index';
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

const sweepStore = createBlobStore(config);
let stopSweeping = () => {};

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  stopSweeping();
  sweepStore.close?.();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
for (const warning of configurationWarnings(config)) app.log.warn(warning);
stopSweeping = scheduleOrphanSweep({
  db: database.db,
  blobStore: sweepStore,
  log: app.log,
  intervalMinutes: config.orphanSweepIntervalMinutes,
});
if (config.oidc.embedded) printDemoLogins(console, config);
