import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { TenantScopedPool } from './tenant-scoped-driver';

/**
 * Read replicas (issue 33 item 1, docs/read-replicas.md). The reads that dominate — lists,
 * search, type-ahead, dashboards, history — go through `Database.readDb`, which sends each
 * statement to a streaming replica when one is healthy and has replayed past the caller's last
 * write (read-your-writes), else to the primary. Writes and transactions never come here.
 */

/** A WAL position as PostgreSQL prints it ('16/B374D848'), as a number that compares. */
export function parseLsn(text: string): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

interface ReadConsistency {
  /** The WAL position this request's reads must see (the user's last write); null = any. */
  minLsn: bigint | null;
}

const consistency = new AsyncLocalStorage<ReadConsistency>();

/** Runs the rest of a request with reads that must see `minLsn` (see http/read-your-writes.ts). */
export function runWithReadConsistency(next: () => void): void {
  consistency.run({ minLsn: null }, next);
}

/** Raises the current request's floor (the user's last write becomes known after auth). */
export function requireReadsAfter(lsn: bigint | null): void {
  const store = consistency.getStore();
  if (store && lsn !== null && (store.minLsn === null || lsn > store.minLsn)) store.minLsn = lsn;
}

function currentMinLsn(): bigint | null {
  return consistency.getStore()?.minLsn ?? null;
}

export interface ReplicaOptions {
  urls: string[];
  /** A replica further behind the primary than this is skipped (DATABASE_READ_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often each replica's replay position is read. */
  pollMs?: number;
  poolSize?: number;
}

export interface ReplicaHealth {
  /** The URL without its password. */
  name: string;
  up: boolean;
  /** What the replica has replayed, at the last poll. */
  replayLsn: bigint | null;
  /** How long the replica has been behind the primary's position (0 = caught up). */
  lagMs: number;
  lagBytes: number;
}

/** Where reads went, and why they did not go to a replica. */
export interface ReadRoutingCounts {
  replica: number;
  primaryNoReplica: number;
  primaryNotCaughtUp: number;
}

class Replica {
  readonly pool: TenantScopedPool;
  readonly health: ReplicaHealth;
  /** When the replica was last seen at or past the primary's position. */
  private caughtUpAt = Date.now();

  constructor(url: string, poolSize: number) {
    const raw = new pg.Pool({ connectionString: url, max: poolSize });
    raw.on('error', () => undefined);
    this.pool = new TenantScopedPool(raw);
    const name = new URL(url);
    name.password = '';
    this.health = { name: name.toString(), up: false, replayLsn: null, lagMs: 0, lagBytes: 0 };
  }

  async poll(primaryLsn: bigint | null): Promise<void> {
    try {
      const { rows } = await this.pool.query(
        'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn',
      );
      const row = rows[0] as { standby: boolean; lsn: string | null };
      // Promoted (no longer a standby): its data forks from the primary's; do not read from it.
      const replayLsn = row.standby && row.lsn ? parseLsn(row.lsn) : null;
      const now = Date.now();
      this.health.up = replayLsn !== null;
      this.health.replayLsn = replayLsn;
      if (replayLsn === null || primaryLsn === null || replayLsn >= primaryLsn) {
        this.caughtUpAt = now;
        this.health.lagBytes = 0;
      } else this.health.lagBytes = Number(primaryLsn - replayLsn);
      this.health.lagMs = now - this.caughtUpAt;
    } catch {
      this.health.up = false;
      this.health.replayLsn = null;
    }
  }
}

/**
 * The replicas, their health (polled in the background), and the choice for each read. The
 * class name contains 'Pool' because drizzle checks it to check out a client for a transaction.
 */
export class ReadRoutingPool {
  private readonly replicas: Replica[];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  readonly counts: ReadRoutingCounts = { replica: 0, primaryNoReplica: 0, primaryNotCaughtUp: 0 };

  constructor(
    private readonly primary: TenantScopedPool,
    private readonly options: ReplicaOptions,
  ) {
    this.replicas = options.urls.map((url) => new Replica(url, options.poolSize ?? 10));
  }

  get health(): ReplicaHealth[] {
    return this.replicas.map((r) => ({ ...r.health }));
  }

  /** Reads every replica's position once now, then keeps polling. */
  async start(): Promise<void> {
    await this.pollOnce();
    this.timer = setInterval(() => {
      if (!this.polling) this.polling = this.pollOnce().finally(() => (this.polling = null));
    }, this.options.pollMs ?? 200);
    this.timer.unref();
  }

  async pollOnce(): Promise<void> {
    let primaryLsn: bigint | null = null;
    try {
      const { rows } = await this.primary.query('SELECT pg_current_wal_lsn()::text AS lsn');
      primaryLsn = parseLsn((rows[0] as { lsn: string }).lsn);
    } catch {
      // The primary's own trouble shows on its own path; the replicas are judged as they are.
    }
    await Promise.all(this.replicas.map((r) => r.poll(primaryLsn)));
  }

  /** The pool this read goes to: a healthy replica that has replayed the caller's last write. */
  private choose(): TenantScopedPool {
    const minLsn = currentMinLsn();
    const usable = this.replicas.filter(
      (r) => r.health.up && r.health.lagMs <= this.options.maxLagMs,
    );
    if (usable.length === 0) {
      this.counts.primaryNoReplica += 1;
      return this.primary;
    }
    const caughtUp =
      minLsn === null
        ? usable
        : usable.filter((r) => r.health.replayLsn !== null && r.health.replayLsn >= minLsn);
    if (caughtUp.length === 0) {
      this.counts.primaryNotCaughtUp += 1;
      return this.primary;
    }
    this.counts.replica += 1;
    this.next = (this.next + 1) % caughtUp.length;
    return caughtUp[this.next]!.pool;
  }

  connect(): Promise<pg.PoolClient> {
    return this.choose().connect();
  }

  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const pool = this.choose();
    try {
      return await pool.query(config, values);
    } catch (error) {
      // A replica that went away between polls: this read is answered by the primary.
      if (pool === this.primary || !isConnectionError(error)) throw error;
      this.counts.primaryNoReplica += 1;
      return this.primary.query(config, values);
    }
  }

  async end(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.polling;
    await Promise.all(this.replicas.map((r) => r.pool.end()));
  }
}

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? error.message : '';
  return (
    // 40001: a standby cancels a read that conflicts with the recovery it replays.
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P03', '40001'].includes(
      code,
    ) || /terminated|connection/i.test(message)
  );
}
