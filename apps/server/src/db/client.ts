import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { holdPgliteLock } from './pglite-lock';
import * as schema from './schema/index';
import { TENANT_ROLE, tenantScopeCompanyId } from './tenant-scope';

export type Schema = typeof schema;
/** The one database type used by repositories, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel: every NOTIFY on it, from any connection or instance, calls onPayload.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The connection underneath, for pg-boss (the job engine), which brings its own SQL. */
  raw: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  /** PostgreSQL connection string; null for the embedded PGlite database. */
  url: string | null;
  /** Data directory of the embedded database. */
  pgliteDir?: string;
  /** An existing PGlite instance (tests load one from a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

/** Arbitrary constant: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 7_263_001;

/** Several instances may start at once against one server: only one migrates at a time. */
async function migrateWithLock(pool: TenantScopedPool): Promise<void> {
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
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateWithLock(scopedPool),
      listen: (channel, onPayload) => listenOnServer(opts.url!, channel, onPayload),
      close: () => scopedPool.end(),
      raw: { kind: 'postgres', url: opts.url },
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
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    close: async () => {
      await pglite.close();
      release();
    },
    raw: { kind: 'pglite', pglite },
  };
}

/**
 * Row-level security on PGlite (docs/row-level-security.md): PGlite is one session shared by
 * everything (pg-boss too), so no session state may be left behind. A query made in a tenant
 * scope runs in its own transaction that first sets the role and `app.company_id` locally; a
 * transaction begun in a tenant scope starts the same way. Anything else passes through.
 */
function tenantScopedPglite(pglite: PGlite): PGlite {
  const scopeTransaction = async (tx: Transaction, companyId: number) => {
    await tx.query(SCOPE_LOCALLY, [String(companyId)]);
  };
  return new Proxy(pglite, {
    get(target, prop, receiver) {
      if (prop === 'query')
        return (text: string, params?: unknown[], options?: QueryOptions) => {
          const companyId = tenantScopeCompanyId();
          if (companyId === null) return target.query(text, params, options);
          return target.transaction(async (tx) => {
            await scopeTransaction(tx, companyId);
            return tx.query(text, params, options);
          });
        };
      if (prop === 'transaction')
        return <T>(fn: (tx: Transaction) => Promise<T>) => {
          const companyId = tenantScopeCompanyId();
          if (companyId === null) return target.transaction(fn);
          return target.transaction(async (tx) => {
            await scopeTransaction(tx, companyId);
            return fn(tx);
          });
        };
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Role and company for the current transaction only (PGlite). */
const SCOPE_LOCALLY = `SELECT set_config('role', '${TENANT_ROLE}', true), set_config('app.company_id', $1, true)`;

/**
 * Row-level security on the PostgreSQL server: each pooled connection carries the scope of its
 * last checkout as session state (role + `app.company_id`), applied on checkout only when it
 * differs from what the checkout needs — one round trip on a change, none when the same company
 * (or no company) uses the connection again. Measured cheaper than scoping every statement in a
 * transaction of its own (docs/row-level-security.md). The class name contains 'Pool' because
 * drizzle checks it to check out a client for a transaction.
 */
class TenantScopedPool {
  /** The scope each pooled connection is in; absent = unscoped. */
  private readonly scopes = new WeakMap<pg.PoolClient, number>();

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    const wanted = tenantScopeCompanyId();
    const current = this.scopes.get(client) ?? null;
    if (wanted === current) return client;
    try {
      if (wanted === null) {
        await client.query(UNSCOPE_SESSION);
        this.scopes.delete(client);
      } else {
        // An integer from the verified tenant context: safe to inline (one simple-protocol trip).
        await client.query(scopeSession(wanted));
        this.scopes.set(client, wanted);
      }
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    return client;
  }

  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      return await client.query(config, values);
    } finally {
      client.release();
    }
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

function scopeSession(companyId: number): string {
  if (!Number.isSafeInteger(companyId)) throw new Error('Invalid tenant company id');
  return `SELECT set_config('role', '${TENANT_ROLE}', false), set_config('app.company_id', '${companyId}', false)`;
}

const UNSCOPE_SESSION = `SELECT set_config('role', 'none', false), set_config('app.company_id', '', false)`;

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
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    next.on('error', (err) => {
      console.error('PostgreSQL LISTEN connection error:', err.message);
      void next.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), RELISTEN_DELAY_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}
