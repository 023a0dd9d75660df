import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { pgliteHolder } from '../../db/pglite-lock';
import { createBlobStore } from '../../platform/blob-store/index';
import { prepareDatabase } from '../../startup';
import {
  BackupError,
  binaryMajor,
  connectionForChild,
  DATA_DIR_PARTS,
  DATA_PREFIX,
  databaseKindOf,
  FILES_PREFIX,
  MANIFEST_NAME,
  migrationLevel,
  pgliteDirOf,
  pgliteQuery,
  PGLITE_PART,
  POSTGRES_PART,
  runTool,
  userRelationCount,
  walkFiles,
  withServer,
  zManifest,
  type Manifest,
} from './archive';
import { extractPgliteDump, extractTar, TarFormatError, type ExtractedEntry } from './tar';
import { ensureTenantRole } from '../../db/tenant-role';

export interface RestoreOptions {
  config: AppConfig;
  from: string;
  /** Restore into a target that holds data: what was there is moved aside / replaced. */
  force?: boolean;
  log?: (message: string) => void;
}

/** Where an archive entry was extracted to under the staging folder. */
export const stagedPath = (staging: string, name: string) => path.join(staging, ...name.split('/'));

/**
 * Extracts the archive into `staging` (an empty folder), hashing every entry on the way, then
 * checks each part against the manifest (names, sizes, SHA-256) — before anything is written to
 * the target. Throws BackupError naming the first problem.
 */
export async function verifyBackup(file: string, staging: string): Promise<Manifest> {
  const damaged = (why: string) =>
    new BackupError(`${file} is damaged or was changed (${why}); nothing was restored.`);
  let list: ExtractedEntry[];
  try {
    list = await extractTar(file, staging);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !fs.existsSync(file))
      throw new BackupError(`${file} does not exist.`);
    if (error instanceof TarFormatError) throw damaged(error.message);
    throw error;
  }
  const entries = new Map<string, ExtractedEntry>();
  for (const entry of list) {
    if (entries.has(entry.name)) throw damaged(`${entry.name} appears twice`);
    entries.set(entry.name, entry);
  }
  if (!entries.has(MANIFEST_NAME)) throw damaged('no manifest.json');
  let manifest: Manifest;
  try {
    manifest = zManifest.parse(
      JSON.parse(await fs.promises.readFile(stagedPath(staging, MANIFEST_NAME), 'utf8')),
    );
  } catch {
    throw damaged('manifest.json is not a Flowline backup manifest');
  }
  const listed = new Set(manifest.parts.map((p) => p.name));
  for (const name of entries.keys())
    if (name !== MANIFEST_NAME && !listed.has(name))
      throw damaged(`${name} is not in the manifest`);
  for (const part of manifest.parts) {
    const entry = entries.get(part.name);
    if (!entry) throw damaged(`${part.name} is missing`);
    if (entry.size !== part.size) throw damaged(`${part.name} has the wrong size`);
    if (entry.sha256 !== part.sha256) throw damaged(`${part.name} does not match its SHA-256`);
    if (part.name.startsWith(FILES_PREFIX) || part.name.startsWith(DATA_PREFIX)) {
      // Names become paths: nothing may climb out of the target folder.
      const rel = part.name.split('/').slice(1);
      if (rel.some((s) => s === '' || s === '.' || s === '..'))
        throw damaged(`${part.name} is not a safe path`);
    }
  }
  const dbPart = manifest.database.kind === 'pglite' ? PGLITE_PART : POSTGRES_PART;
  if (!entries.has(dbPart)) throw damaged(`${dbPart} is missing`);
  return manifest;
}

/**
 * `npm run restore`: verifies the whole archive, refuses a target that holds data (unless
 * force), restores the database, then the files and DATA_DIR keys, then migrates up (a backup
 * of an older version is brought to this version's schema) as the server does at start.
 */
export async function restoreBackup({
  config,
  from,
  force = false,
  log = () => undefined,
}: RestoreOptions) {
  const file = path.resolve(from);
  log(`Checking ${file}…`);
  // The archive is extracted into a staging folder inside DATA_DIR (room for the whole archive
  // next to where it goes), checked there, and removed at the end whatever happens.
  const dataDirExisted = fs.existsSync(config.dataDir);
  await fs.promises.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const staging = await fs.promises.mkdtemp(path.join(config.dataDir, '.restore-'));
  let restored = false;
  try {
    const result = await restoreStaged({ config, file, staging, force, log });
    restored = true;
    return result;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
    if (!restored && !dataDirExisted)
      await fs.promises.rmdir(config.dataDir).catch(() => undefined);
  }
}

async function restoreStaged({
  config,
  file,
  staging,
  force,
  log,
}: {
  config: AppConfig;
  file: string;
  staging: string;
  force: boolean;
  log: (message: string) => void;
}) {
  const manifest = await verifyBackup(file, staging);
  const staged = (name: string) => stagedPath(staging, name);
  const kind = databaseKindOf(config);
  if (manifest.database.kind !== kind)
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'This backup is of the embedded database: restore it without DATABASE_URL.'
        : 'This backup is of a PostgreSQL server: set DATABASE_URL to the (empty) database to restore into.',
    );
  const fileParts = manifest.parts.filter((p) => p.name.startsWith(FILES_PREFIX));
  const dataParts = manifest.parts.filter((p) => p.name.startsWith(DATA_PREFIX));

  // What the target holds already.
  const occupied: string[] = [];
  const pgliteDir = pgliteDirOf(config);
  if (kind === 'pglite') {
    const holder = pgliteHolder(pgliteDir);
    if (holder !== null)
      throw new BackupError(
        `The embedded database in ${pgliteDir} is open in process ${holder}. Stop it before restoring.`,
      );
    if (fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0)
      occupied.push(`the embedded database ${pgliteDir}`);
  } else {
    const relations = await withServer(ownerUrl(config), userRelationCount);
    if (relations > 0) occupied.push(`the database (${relations} tables and sequences)`);
  }
  const filesDir = path.join(config.dataDir, 'files');
  if (config.blobStore === 'fs' && (await walkFiles(filesDir)).some((f) => !f.startsWith('.tmp/')))
    occupied.push(`the file store ${filesDir}`);
  for (const dirName of DATA_DIR_PARTS) {
    const dir = path.join(config.dataDir, dirName);
    if (
      dataParts.some((p) => p.name.startsWith(`${DATA_PREFIX}${dirName}/`)) &&
      (await walkFiles(dir)).length
    )
      occupied.push(dir);
  }
  if (occupied.length && !force)
    throw new BackupError(
      `The target is not empty: ${occupied.join(', ')}. Restore into an empty DATA_DIR / database, or pass --force to replace what is there.`,
    );

  // --force: the embedded parts are moved aside, not deleted.
  if (occupied.length) {
    const aside = path.join(
      config.dataDir,
      `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    const move = async (name: string) => {
      const from = path.join(config.dataDir, name);
      if (!fs.existsSync(from)) return;
      await fs.promises.mkdir(aside, { recursive: true, mode: 0o700 });
      await fs.promises.rename(from, path.join(aside, name));
      log(`Moved ${from} to ${aside}.`);
    };
    if (kind === 'pglite') await move('db');
    if (config.blobStore === 'fs') await move('files');
    for (const dirName of DATA_DIR_PARTS)
      if (dataParts.some((p) => p.name.startsWith(`${DATA_PREFIX}${dirName}/`)))
        await move(dirName);
  }

  // 1. The database.
  if (kind === 'pglite') {
    log(`Restoring the embedded database into ${pgliteDir}…`);
    await fs.promises.mkdir(pgliteDir, { recursive: true, mode: 0o700 });
    await extractPgliteDump(staged(PGLITE_PART), pgliteDir);
  } else {
    await binaryMajor('pg_restore');
    // The dump's grants and policies name the row-level-security role, which a new server lacks.
    await ensureTenantRole(ownerUrl(config));
    log('Restoring the PostgreSQL database (pg_restore, one transaction)…');
    const { dbname, env } = connectionForChild(ownerUrl(config));
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        ...(force ? ['--clean', '--if-exists'] : []),
        '--dbname',
        dbname,
        staged(POSTGRES_PART),
      ],
      env,
    );
  }

  // 2. The files.
  if (fileParts.length) {
    log(`Restoring ${fileParts.length} files…`);
    const store = createBlobStore(config);
    try {
      for (const part of fileParts)
        await store.put(
          part.name.slice(FILES_PREFIX.length),
          fs.createReadStream(staged(part.name)),
        );
    } finally {
      store.close?.();
    }
  }
  if (manifest.files.store === 's3')
    log(
      `The backup's files are in the bucket ${manifest.files.bucket}: point BLOB_STORE=s3 / S3_BUCKET at it (or its replica).`,
    );

  // 3. Keys and the certificate the app generated into DATA_DIR (moved from the staging folder).
  for (const part of dataParts) {
    const target = path.join(config.dataDir, ...part.name.slice(DATA_PREFIX.length).split('/'));
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.promises.chmod(staged(part.name), 0o600);
    await fs.promises.rename(staged(part.name), target);
  }

  // 4. Migrations up to this version, reference data, as at start.
  log('Migrating to this version…');
  const database = await prepareDatabase(config);
  let migrations: Manifest['database']['migrations'];
  try {
    migrations =
      database.raw.kind === 'pglite'
        ? await migrationLevel(pgliteQuery(database.raw.pglite))
        : await withServer(database.raw.migrationUrl ?? database.raw.url, migrationLevel);
  } finally {
    await database.close();
  }
  log(
    `Restored: ${manifest.database.migrations.latest ?? 'no migrations'} → ${migrations.latest ?? 'none'}, ${fileParts.length} files.`,
  );
  return { manifest, migrations, files: fileParts.length };
}

/** The schema owner's connection (DATABASE_MIGRATION_URL), else DATABASE_URL. */
function ownerUrl(config: AppConfig): string {
  return config.databaseMigrationUrl ?? config.databaseUrl!;
}
