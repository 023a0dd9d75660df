import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { demoLoginsText, isDatabaseEmpty, seedDemoData } from './db/seed/demo';
import { seedReferenceData } from './db/seed/reference-data';
import { loadOrCreateSigningKeys, type SigningKeys } from './auth/keys';
import { createBlobStore } from './platform/blob-store/index';

/** Opens and migrates the configured database and loads the reference data. */
export async function prepareDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: `${config.dataDir}/db`,
  });
  await database.migrate();
  await seedReferenceData(database.db);
  return database;
}

/**
 * Seeds the demo companies and people into an empty database: by default only for the embedded
 * database (`auto`), always with SEED_DEMO_DATA=always, never with SEED_DEMO_DATA=never.
 * Returns whether it seeded.
 */
export async function seedDemoIfWanted(config: AppConfig, database: Database): Promise<boolean> {
  const wanted =
    config.seedDemoData === 'always' ||
    (config.seedDemoData === 'auto' && database.kind === 'pglite');
  if (!wanted || !(await isDatabaseEmpty(database.db))) return false;
  const blobStore = createBlobStore(config);
  try {
    await seedDemoData(database.db, blobStore);
  } finally {
    blobStore.close?.();
  }
  return true;
}

export async function loadIssuerKeys(
  config: AppConfig,
  database: Database,
): Promise<SigningKeys | null> {
  return config.oidc.embedded ? loadOrCreateSigningKeys(database.db) : null;
}

export function printDemoLogins(log: FastifyBaseLogger | Console, config: AppConfig) {
  log.info(`\n\nFlowline is running at ${config.publicUrl}\n${demoLoginsText()}\n`);
}
