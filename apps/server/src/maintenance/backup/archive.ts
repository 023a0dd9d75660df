import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { migrationsFolder } from '../../db/client';

/** What backup and restore share: the manifest, database access, the binaries of PostgreSQL. */

export const MANIFEST_NAME = 'manifest.json';
export const PGLITE_PART = 'database/pglite-datadir.tar';
export const POSTGRES_PART = 'database/postgres.dump';
export const FILES_PREFIX = 'files/';
/** Parts of DATA_DIR the app needs besides the database and the files (generated keys). */
export const DATA_DIR_PARTS = ['keys', 'signing'] as const;
export const DATA_PREFIX = 'data/';

/** A refusal with a message for the operator (the command prints it and exits 1). */
export class BackupError extends Error {
  override name = 'BackupError';
}

const zPart = z.object({
  name: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const zManifest = z.object({
  format: z.literal('flowline-backup'),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** SELECT version() of the database the dump came from. */
    serverVersion: z.string(),
    /** Applied migrations: how many and the latest's tag (docs/backup-and-restore.md). */
    migrations: z.object({ count: z.number().int(), latest: z.string().nullable() }),
    dumpTool: z.string(),
  }),
  files: z.object({
    store: z.enum(['fs', 's3']),
    /** BLOB_STORE=s3: the bucket is not copied; it is recorded so a restore knows where. */
    bucket: z.string().nullable(),
    endpoint: z.string().nullable(),
    count: z.number().int(),
    bytes: z.number().int(),
  }),
  parts: z.array(zPart),
});
export type Manifest = z.infer<typeof zManifest>;
export type ManifestPart = z.infer<typeof zPart>;

export type DatabaseKind = 'pglite' | 'postgres';

export const databaseKindOf = (config: AppConfig): DatabaseKind =>
  config.databaseUrl ? 'postgres' : 'pglite';

export const pgliteDirOf = (config: AppConfig) => path.join(config.dataDir, 'db');

export function appVersion(): string {
  const file = path.resolve(import.meta.dirname, '../../../package.json');
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The journal's migration tags by their `when` (drizzle records `when` as created_at). */
function journalTags(): Map<string, string> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  return new Map(journal.entries.map((e) => [String(e.when), e.tag]));
}

export type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

export const pgliteQuery =
  (pglite: PGlite): Query =>
  async (text, values) =>
    (await pglite.query<Record<string, unknown>>(text, values)).rows;

export async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir: dir, loadDataDir, extensions: { pg_trgm, btree_gin } });
}

/** One connection to the server for the duration of `work`. */
export async function withServer<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text, values) => (await client.query(text, values)).rows);
  } finally {
    await client.end();
  }
}

export async function migrationLevel(query: Query): Promise<Manifest['database']['migrations']> {
  const [exists] = await query(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS e`,
  );
  if (!exists?.e) return { count: 0, latest: null };
  const [row] = await query(
    'SELECT count(*)::int AS n, max(created_at)::text AS latest FROM drizzle.__drizzle_migrations',
  );
  const latest = row?.latest == null ? null : String(row.latest);
  return {
    count: Number(row?.n ?? 0),
    latest: latest === null ? null : (journalTags().get(latest) ?? latest),
  };
}

export async function serverVersion(query: Query): Promise<string> {
  const [row] = await query('SELECT version() AS v');
  return String(row?.v ?? 'unknown');
}

/** Tables, sequences and views outside the system schemas: a database holding any is not empty. */
export async function userRelationCount(query: Query): Promise<number> {
  const [row] = await query(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
        AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'
        AND c.relkind IN ('r', 'p', 'S', 'v', 'm')`,
  );
  return Number(row?.n ?? 0);
}

const run = promisify(execFile);

/** pg_dump / pg_restore: PG_BIN_DIR when set (another client version), else the PATH. */
export function pgBinary(name: 'pg_dump' | 'pg_restore'): string {
  const dir = process.env.PG_BIN_DIR;
  return dir ? path.join(dir, name) : name;
}

export async function binaryMajor(name: 'pg_dump' | 'pg_restore'): Promise<number> {
  let out: string;
  try {
    ({ stdout: out } = await run(pgBinary(name), ['--version']));
  } catch {
    throw new BackupError(
      `${name} was not found. Install the PostgreSQL client of the server's version (Debian: apt-get install postgresql-client-15) or set PG_BIN_DIR to its bin folder.`,
    );
  }
  const match = /(\d+)(?:\.\d+)?/.exec(out);
  return match ? Number(match[1]) : 0;
}

/**
 * The connection string without its password, which goes to the child process's environment
 * (PGPASSWORD), not its command line (visible to every user of the machine).
 */
export function connectionForChild(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { dbname: u.toString(), env };
}

export async function runTool(
  name: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    await run(pgBinary(name), args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${name} failed: ${stderr || (error as Error).message}`);
  }
}

/** Every regular file under `dir`, as paths relative to it with '/' separators. */
export async function walkFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const visit = async (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await visit(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  await visit('');
  return out.sort();
}

/**
 * A path the user typed: relative to the folder the command was started from (npm runs the
 * workspace script in apps/server and keeps the original folder in INIT_CWD).
 */
export function userPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}
