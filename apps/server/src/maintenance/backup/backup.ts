import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AppConfig } from '../../config';
import { pgliteHolder } from '../../db/pglite-lock';
import { createBlobStore } from '../../platform/blob-store/index';
import {
  appVersion,
  BackupError,
  binaryMajor,
  connectionForChild,
  DATA_DIR_PARTS,
  DATA_PREFIX,
  databaseKindOf,
  FILES_PREFIX,
  MANIFEST_NAME,
  migrationLevel,
  openPglite,
  pgliteDirOf,
  pgliteQuery,
  PGLITE_PART,
  POSTGRES_PART,
  runTool,
  serverVersion,
  walkFiles,
  withServer,
  type Manifest,
  type ManifestPart,
} from './archive';
import { createTarWriter } from './tar';

export interface BackupOptions {
  config: AppConfig;
  /** The archive to write; must not exist. */
  out: string;
  log?: (message: string) => void;
}

/** backups/flowline-<kind>-2026-11-25T15-38-06Z.tar */
export function defaultBackupName(config: AppConfig, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return `flowline-${databaseKindOf(config)}-${stamp}.tar`;
}

/**
 * `npm run backup`: one tar archive holding the database dump (taken FIRST: files written after
 * it are orphans the sweep removes, files missing from it would be lost), then every stored file,
 * then the keys the app generated into DATA_DIR, then manifest.json with each part's SHA-256.
 * Written as `<out>.partial` and renamed at the end, so a file named `out` is always complete.
 */
export async function createBackup({ config, out, log = () => undefined }: BackupOptions) {
  const kind = databaseKindOf(config);
  const target = path.resolve(out);
  if (fs.existsSync(target))
    throw new BackupError(`${target} already exists; choose another --out.`);
  const partial = `${target}.partial`;
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  await fs.promises.rm(partial, { force: true });
  const writer = await createTarWriter(partial);
  const parts: ManifestPart[] = [];
  const add = async (name: string, size: number, source: Parameters<typeof writer.add>[2]) => {
    parts.push({ name, size, sha256: await writer.add(name, size, source) });
  };
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'flowline-backup-'));
  try {
    // 1. The database, at one point in time.
    let database: Manifest['database'];
    if (kind === 'pglite') {
      const dir = pgliteDirOf(config);
      const holder = pgliteHolder(dir);
      if (holder !== null)
        throw new BackupError(
          `The embedded database in ${dir} is open in process ${holder} (a running server or npm run seed). Stop it, then run the backup again: the embedded database is backed up while nothing has it open (docs/backup-and-restore.md).`,
        );
      if (!fs.existsSync(dir) || fs.readdirSync(dir).length === 0)
        throw new BackupError(`There is no embedded database in ${dir} (check DATA_DIR).`);
      log(`Dumping the embedded database in ${dir}…`);
      const pglite = await openPglite(dir);
      let dump: Blob;
      try {
        const query = pgliteQuery(pglite);
        database = {
          kind,
          serverVersion: await serverVersion(query),
          migrations: await migrationLevel(query),
          dumpTool: 'PGlite dumpDataDir',
        };
        dump = await pglite.dumpDataDir('none');
      } finally {
        await pglite.close();
      }
      // PGlite hands the dump over as a Blob: streamed into the archive, not copied again.
      await add(PGLITE_PART, dump.size, Readable.fromWeb(dump.stream() as WebReadableStream));
    } else {
      // The schema owner's connection when there is one: the runtime role may not read everything.
      const url = config.databaseMigrationUrl ?? config.databaseUrl!;
      const { version, major, migrations } = await withServer(url, async (query) => {
        const [row] = await query(`SELECT current_setting('server_version_num')::int AS v`);
        return {
          version: await serverVersion(query),
          major: Math.floor(Number(row?.v ?? 0) / 10000),
          migrations: await migrationLevel(query),
        };
      });
      const dumpMajor = await binaryMajor('pg_dump');
      if (dumpMajor < major)
        throw new BackupError(
          `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${major} server. Install postgresql-client-${major} or set PG_BIN_DIR to its bin folder.`,
        );
      log('Dumping the PostgreSQL database (pg_dump -Fc, one snapshot)…');
      const file = path.join(scratch, 'postgres.dump');
      const { dbname, env } = connectionForChild(url);
      await runTool('pg_dump', ['-Fc', '--file', file, '--dbname', dbname], env);
      database = { kind, serverVersion: version, migrations, dumpTool: `pg_dump ${dumpMajor} -Fc` };
      const { size } = await fs.promises.stat(file);
      await add(POSTGRES_PART, size, fs.createReadStream(file));
      await fs.promises.rm(file, { force: true });
    }

    // 2. The files, after the dump: every stored blob, referenced or not.
    let count = 0;
    let bytes = 0;
    if (config.blobStore === 'fs') {
      log(`Adding the files in ${path.join(config.dataDir, 'files')}…`);
      const store = createBlobStore(config);
      for await (const entry of store.list()) {
        await add(`${FILES_PREFIX}${entry.key}`, entry.size, await store.get(entry.key));
        count += 1;
        bytes += entry.size;
      }
    } else {
      log(`Files are in the bucket ${config.s3?.bucket}: not copied (docs/backup-and-restore.md).`);
    }

    // 3. What the app generated into DATA_DIR and needs to read the data (keys, certificate).
    for (const dirName of DATA_DIR_PARTS) {
      const dir = path.join(config.dataDir, dirName);
      for (const rel of await walkFiles(dir)) {
        const file = path.join(dir, rel);
        const { size } = await fs.promises.stat(file);
        await add(`${DATA_PREFIX}${dirName}/${rel}`, size, fs.createReadStream(file));
      }
    }

    const manifest: Manifest = {
      format: 'flowline-backup',
      formatVersion: 1,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      database,
      files: {
        store: config.blobStore,
        bucket: config.blobStore === 's3' ? (config.s3?.bucket ?? null) : null,
        endpoint: config.blobStore === 's3' ? (config.s3?.endpoint ?? null) : null,
        count,
        bytes,
      },
      parts,
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writer.add(MANIFEST_NAME, json.length, json);
    await writer.finish();
    await fs.promises.rename(partial, target);
    log(`Backup written to ${target} (${parts.length} parts, ${count} files).`);
    return { file: target, manifest };
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}
