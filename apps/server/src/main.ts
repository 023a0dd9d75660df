import { buildApp } from './app';
import { loadConfig } from './config';
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
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
for (const warning of configurationWarnings(config)) app.log.warn(warning);
if (config.oidc.embedded) printDemoLogins(console, config);
