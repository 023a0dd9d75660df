import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { holdPgliteLock } from './pglite-lock';
import { parseLsn, ReadRoutingPool } from './read-replicas';
import * as schema from './schema/index';
import { TenantScopedPool, tenantScopedPglite } from './tenant-scoped-driver';

export type Schema = typeof schema;
/** The one database type used by repositories, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * For the reads that dominate (lists, search, type-ahead, dashboards, history): a streaming
   * replica when DATABASE_READ_URL names healthy ones that have replayed the caller's last write,
   * else the primary (docs/read-replicas.md). The same as `db` without replicas.
   */
  readDb: Db;
  /** The replicas' router and health; null without DATABASE_READ_URL. */
  replicas: ReadRoutingPool | null;
  /** The primary's current WAL position (after a write commits); null for the embedded database. */
  currentWalLsn(): Promise<bigint | null>;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel: every NOTIFY on it, from any connection or instance, calls onPayload.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The server pool's connections (metrics); null for the embedded database (one connection). */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  /** The connection underneath, for pg-boss (the job engine), which brings its own SQL. */
  raw:
    | { kind: 'pglite'; pglite: PGlite }
    | {
        kind: 'postgres';
        url: string;
        /** The schema owner's connection (DATABASE_MIGRATION_URL), when it is another role. */
        migrationUrl: string | null;
      };
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  /** PostgreSQL connection string; null for the embedded PGlite database. */
  url: string | null;
  /**
   * The schema owner's connection string (DATABASE_MIGRATION_URL): migrate() runs through it when
   * the application connects as a runtime role (docs/row-level-security.md). Server only.
   */
  migrationUrl?: string | null;
  /** Data directory of the embedded database. */
  pgliteDir?: string;
  /** An existing PGlite instance (tests load one from a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
  /** DATABASE_READ_URL's replicas (server only). */
  readUrls?: string[];
  /** DATABASE_READ_MAX_LAG_MS: a replica further behind is skipped. */
  maxReadLagMs?: number;
}

/** Arbitrary constant: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 7_263_001;

/** Several instances may start at once against one server: only one migrates at a time. */
async function migrateWithLock(pool: TenantScopedPool | pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
    const scopedPool = new TenantScopedPool(pool);
    const db = drizzlePg(scopedPool as unknown as pg.Pool, { schema }) as unknown as Db;
    const replicas = opts.readUrls?.length
      ? new ReadRoutingPool(scopedPool, {
          urls: opts.readUrls,
          maxLagMs: opts.maxReadLagMs ?? 10_000,
          poolSize: opts.poolSize,
        })
      : null;
    await replicas?.start();
    const readDb = replicas
      ? (drizzlePg(replicas as unknown as pg.Pool, { schema }) as unknown as Db)
      : db;
    return {
      db,
      readDb,
      replicas,
      currentWalLsn: async () => {
        const { rows } = await pool.query('SELECT pg_current_wal_lsn()::text AS lsn');
        return parseLsn((rows[0] as { lsn: string }).lsn);
      },
      kind: 'postgres',
      migrate: async () => {
        if (!opts.migrationUrl) return migrateWithLock(scopedPool);
        const owner = new pg.Pool({ connectionString: opts.migrationUrl, max: 1 });
        try {
          await migrateWithLock(owner);
        } finally {
          await owner.end();
        }
      },
      listen: (channel, onPayload) => listenOnServer(opts.url!, channel, onPayload),
      close: async () => {
        await replicas?.end();
        await scopedPool.end();
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
      raw: { kind: 'postgres', url: opts.url, migrationUrl: opts.migrationUrl ?? null },
    };
  }
  let client = opts.pglite;
  let release: () => void = () => undefined;
  if (!client) {
    if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
    client = await PGlite.create({ dataDir: opts.pgliteDir, extensions: { pg_trgm, btree_gin } });
    // Tells `npm run backup` / `restore` this process has the data directory open.
    if (opts.pgliteDir) release = holdPgliteLock(opts.pgliteDir);
  }
  const pglite = client;
  const db = drizzlePglite(tenantScopedPglite(pglite), { schema }) as unknown as Db;
  return {
    db,
    readDb: db,
    replicas: null,
    currentWalLsn: async () => null,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    close: async () => {
      await pglite.close();
      release();
    },
    poolStats: () => null,
    raw: { kind: 'pglite', pglite },
  };
}

const RELISTEN_DELAY_MS = 1000;

/**
 * A dedicated connection (LISTEN cannot share a pooled one) that reconnects after a failure, so
 * a database restart interrupts real-time delivery only briefly.
 */
async function listenOnServer(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  // Until the server is back every attempt fails: keep trying, once a second.
  const reconnect = () => {
    if (stopped) return;
    setTimeout(() => {
      if (stopped) return;
      connect().catch((err: Error) => {
        console.error('PostgreSQL LISTEN reconnect failed:', err.message);
        reconnect();
      });
    }, RELISTEN_DELAY_MS).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    next.on('error', (err) => {
      console.error('PostgreSQL LISTEN connection error:', err.message);
      void next.end().catch(() => undefined);
      // While connecting, the failed connect() is retried by its caller instead.
      if (client !== next) return;
      client = null;
      reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      void next.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}
