import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { BlobStore } from '../platform/blob-store/index';
import type { JobHandler, JobRuntime } from '../platform/jobs/index';
import { Queue } from '../platform/jobs/types';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency';
import { sweepOrphanFiles } from './orphan-sweep';

/** One key: a sweep queued while another waits is the same sweep. */
const SWEEP_KEY = 'orphan-sweep';

/** The sweep queue's handler; the advisory lock inside still keeps two sweeps apart. */
export function orphanSweepJob(deps: {
  db: Db;
  blobStore: BlobStore;
  log: FastifyBaseLogger;
}): JobHandler<Record<string, never>> {
  return async () => {
    // Answers kept for Idempotency-Key retries expire with the same hourly maintenance.
    await deleteExpiredIdempotencyKeys(deps.db);
    const result = await sweepOrphanFiles(deps);
    if (!result) deps.log.info('orphan file sweep skipped: another instance is sweeping');
  };
}

/** A cron expression (UTC) for "every N minutes", rounded to what cron can say. */
export function cronEvery(minutes: number): string {
  if (minutes < 60) return `*/${Math.max(1, Math.round(minutes))} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours === 1) return '0 * * * *';
  return hours < 24 ? `0 */${hours} * * *` : '0 0 * * *';
}

/**
 * Schedules the sweep (ORPHAN_SWEEP_INTERVAL_MINUTES, hourly by default; 0 = never) and queues
 * one run now. Called by processes that work the queues.
 */
export async function scheduleOrphanSweep(engine: JobRuntime, config: AppConfig): Promise<void> {
  const minutes = config.orphanSweepIntervalMinutes;
  if (minutes <= 0) {
    await engine.unschedule(Queue.orphanSweep);
    return;
  }
  const options = { singletonKey: SWEEP_KEY, label: 'Hourly removal of orphaned files' };
  await engine.schedule(Queue.orphanSweep, cronEvery(minutes), {}, options);
  await engine.send(Queue.orphanSweep, {}, options);
}
