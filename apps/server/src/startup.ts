import type { FastifyBaseLogger } from 'fastify';
import { isLoopbackHost, type AppConfig } from './config';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './db/client';
import { grantJobSchemaSql, runtimeRoleWarnings } from './db/runtime-role';
import { installJobSchema, JOB_SCHEMA } from './platform/jobs/engine';
import { demoLoginsText, isDatabaseEmpty, seedDemoData } from './demo/demo';
import { seedReferenceData } from './db/seed/reference-data';
import { loadOrCreateSigningKeys, type SigningKeys } from './auth/keys';
import { createBlobStore } from './platform/blob-store/index';
import { SecretKeyError } from './platform/crypto/envelope';
import { keyRingFor } from './platform/crypto/key-ring';
import { encryptLegacySecrets } from './maintenance/secrets-at-rest';

/**
 * Opens and migrates the configured database, loads the reference data and encrypts secrets an
 * older version stored in plain text (docs/secrets-at-rest.md).
 */
export async function prepareDatabase(config: AppConfig): Promise<Database> {
  if (config.databaseUrl && config.databaseMigrationUrl) await prepareSchemaAsOwner(config);
  const database = await openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    pgliteDir: `${config.dataDir}/db`,
    readUrls: config.databaseReadUrls,
    maxReadLagMs: config.databaseReadMaxLagMs,
  });
  if (!config.databaseMigrationUrl) await database.migrate();
  await seedReferenceData(database.db);
  await encryptLegacySecrets(database.db, keyRingFor(config));
  return database;
}

/**
 * With DATABASE_MIGRATION_URL: migrations and pg-boss's schema and queues run as the schema
 * owner, which then grants the runtime group (flowline_runtime) the job tables; DATABASE_URL's
 * runtime role only reads and writes rows (docs/row-level-security.md).
 */
async function prepareSchemaAsOwner(config: AppConfig): Promise<void> {
  const owner = await openDatabase({ url: config.databaseMigrationUrl, poolSize: 2 });
  try {
    await owner.migrate();
    await installJobSchema(owner, silentLog);
    for (const statement of grantJobSchemaSql(JOB_SCHEMA))
      await owner.db.execute(sql.raw(statement));
  } finally {
    await owner.close();
  }
}

const silentLog = { debug() {}, info() {}, warn() {}, error() {} };

/** Start-up warnings about DATABASE_URL's role (superuser, BYPASSRLS, owner); server only. */
export async function databaseRoleWarnings(database: Database): Promise<string[]> {
  return database.kind === 'postgres' ? runtimeRoleWarnings(database.db) : [];
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

/** A start-up problem the operator fixes in the configuration: main prints only its message. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * The embedded issuer's keys, stored encrypted in the database. An instance whose key ring does
 * not open them (a second instance without the first one's DATA_ENCRYPTION_KEYS, which generated
 * a key of its own into its DATA_DIR) stops with what to set instead of a decryption stack.
 */
export async function loadIssuerKeys(
  config: AppConfig,
  database: Database,
): Promise<SigningKeys | null> {
  if (!config.oidc.embedded) return null;
  try {
    return await loadOrCreateSigningKeys(database.db, keyRingFor(config));
  } catch (error) {
    if (!(error instanceof SecretKeyError)) throw error;
    const where = config.dataEncryptionKeys
      ? 'DATA_ENCRYPTION_KEYS'
      : `the key generated into ${config.dataDir}/keys`;
    throw new StartupError(
      `This database's secrets were encrypted by another instance, and ${where} does not open them. ` +
        "Every instance on one database needs the first instance's DATA_ENCRYPTION_KEYS (without it, the line in that instance's DATA_DIR/keys/data-encryption.keys), " +
        'the same SIGNING_P12_PATH (and SIGNING_P12_PASSPHRASE) and the shared file store (BLOB_STORE=s3 or one shared DATA_DIR/files); see README, "Several instances". ' +
        `(${error.message})`,
      { cause: error },
    );
  }
}

export function printDemoLogins(log: FastifyBaseLogger | Console, config: AppConfig) {
  log.info(`\n\nFlowline is running at ${config.publicUrl}\n${demoLoginsText()}\n`);
}

/** Configurations that work but put users at risk; logged at start so an operator sees them. */
export function configurationWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (!isLoopbackHost(config.host) && !config.smtpUrl)
    warnings.push(
      `Listening on ${config.host} without SMTP_URL: mail (temporary passwords, invitations) is only kept locally and never reaches users. Set SMTP_URL to a real mail server.`,
    );
  if (config.databaseUrl && config.blobStore === 'fs')
    warnings.push(
      `DATABASE_URL is set but files are stored in the local folder ${config.dataDir}/files: a second instance on this database will answer 404 for files uploaded through this one. Use BLOB_STORE=s3 (or one shared folder) when running several instances.`,
    );
  if (config.databaseUrl && !config.dataEncryptionKeys)
    warnings.push(
      `DATABASE_URL is set but DATA_ENCRYPTION_KEYS is not: bank details and keys are encrypted with a key generated into ${config.dataDir}/keys, which a second instance does not share (it would generate its own and fail to read this one's data) and which every backup of the database needs. Set DATA_ENCRYPTION_KEYS (docs/secrets-at-rest.md).`,
    );
  if (config.databaseUrl && !config.signing.p12Path)
    warnings.push(
      `DATABASE_URL is set but SIGNING_P12_PATH is not: returned division orders are signed with a self-signed certificate generated into ${config.dataDir}/signing, and each instance with its own DATA_DIR generates its own. Set SIGNING_P12_PATH to your organisation's certificate (docs/signing.md).`,
    );
  if (config.jobWorkers === 'off' && !config.databaseUrl)
    warnings.push(
      'JOB_WORKERS=off with the embedded database: mail and other background jobs are queued but nothing works them (npm run worker needs DATABASE_URL). Use JOB_WORKERS=in-process.',
    );
  return warnings;
}
