import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ocrPagesRecognised } from '../modules/document-intelligence/reading/index';
import { JOB_SCHEMA } from '../platform/jobs/engine';
import { Queue } from '../platform/jobs/types';
import type { Metrics } from '../platform/metrics';

interface QueueRow {
  queue: string;
  queued: number;
  active: number;
  oldest: number;
}

/**
 * The series an operator alerts on (docs/operations.md), read when scraped: the database pool,
 * each job queue's depth and oldest due job, mails waiting, pages read. WebSocket connections
 * are registered by the realtime module, which holds them.
 */
export function registerOperationalMetrics(metrics: Metrics, database: Database): void {
  metrics.gauge(
    'flowline_db_pool_connections',
    'PostgreSQL pool connections by state (total, idle, waiting clients, max)',
    (set) => {
      const stats = database.poolStats();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) set(value, { state });
    },
    ['state'],
  );

  const replicas = database.replicas;
  if (replicas) {
    metrics.gauge(
      'flowline_db_replica_up',
      'Read replicas answering as standbys (1) or skipped as down (0)',
      (set) => {
        for (const r of replicas.health) set(r.up ? 1 : 0, { replica: r.name });
      },
      ['replica'],
    );
    metrics.gauge(
      'flowline_db_replica_lag_seconds',
      'How long each read replica has been behind the primary (0 = caught up)',
      (set) => {
        for (const r of replicas.health) set(r.lagMs / 1000, { replica: r.name });
      },
      ['replica'],
    );
    metrics.gauge(
      'flowline_db_replica_lag_bytes',
      'WAL bytes each read replica has still to replay (at the last poll)',
      (set) => {
        for (const r of replicas.health) set(r.lagBytes, { replica: r.name });
      },
      ['replica'],
    );
    metrics.gauge(
      'flowline_db_reads_routed',
      'Reads of the read-only routes by where they went (counts since start)',
      (set) => {
        const counts = replicas.counts;
        set(counts.replica, { target: 'replica' });
        set(counts.primaryNoReplica, { target: 'primary_no_replica' });
        set(counts.primaryNotCaughtUp, { target: 'primary_not_caught_up' });
      },
      ['target'],
    );
  }

  // Three gauges read the queues in one scrape: one query serves them all (kept for a second).
  let cached: { at: number; rows: Promise<QueueRow[]> } | null = null;
  const queueRows = (): Promise<QueueRow[]> => {
    if (!cached || Date.now() - cached.at > 1000) {
      const rows = readQueueRows();
      rows.catch(() => (cached = null));
      cached = { at: Date.now(), rows };
    }
    return cached.rows;
  };
  const readQueueRows = async (): Promise<QueueRow[]> => {
    const result: unknown = await database.db.execute(sql`
      SELECT name AS queue,
             count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS queued,
             count(*) FILTER (WHERE state = 'active')::int AS active,
             coalesce(extract(epoch FROM now() - min(start_after)
               FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float8 AS oldest
        FROM ${sql.raw(JOB_SCHEMA)}.job
       WHERE state <= 'active'
       GROUP BY name`);
    // node-postgres answers { rows }, PGlite too; an array in some drivers.
    return Array.isArray(result) ? result : ((result as { rows?: QueueRow[] }).rows ?? []);
  };
  metrics.gauge(
    'flowline_job_queue_depth',
    'Jobs due or running per queue',
    async (set) => {
      for (const row of await queueRows()) {
        set(Number(row.queued), { queue: row.queue, state: 'queued' });
        set(Number(row.active), { queue: row.queue, state: 'active' });
      }
    },
    ['queue', 'state'],
  );
  metrics.gauge(
    'flowline_job_oldest_due_seconds',
    'Age of the oldest job due but not started, per queue',
    async (set) => {
      for (const row of await queueRows()) set(Number(row.oldest), { queue: row.queue });
    },
    ['queue'],
  );
  metrics.gauge('flowline_mail_queued', 'Mails waiting to be delivered', async (set) => {
    const mailQueues: string[] = [Queue.mail, Queue.notificationMail];
    const rows = await queueRows();
    set(rows.filter((r) => mailQueues.includes(r.queue)).reduce((n, r) => n + Number(r.queued), 0));
  });
  metrics.counter(
    'flowline_reading_pages_total',
    'Pages recognised by OCR in this process (rate() gives pages per second)',
    ocrPagesRecognised,
  );
}
