import type { Db } from '../../db/client';
import { JOB_SCHEMA } from '../../platform/jobs/engine';
import { queueDefinitions } from '../../platform/jobs/queues';
import { Queue, type JobEngine, type JobHandler } from '../../platform/jobs/types';
import * as repo from './repository';
import { extractDocument, type ExtractionDeps } from './service';

/** Queue.documentExtraction's payload. */
export interface DocumentExtractionJob {
  documentId: number;
  /** The first page of this turn's batch; 1 (or unset) starts the reading. */
  fromPage?: number;
}

/** The handler of Queue.documentExtraction (registered by jobs/index.ts). */
export function documentExtractionJob(deps: ExtractionDeps): JobHandler<DocumentExtractionJob> {
  const { retryLimit } = queueDefinitions[Queue.documentExtraction];
  return async (job) => {
    await extractDocument(deps, job.data.documentId, {
      finalAttempt: job.retryCount >= retryLimit,
      fromPage: job.data.fromPage,
    });
  };
}

/**
 * Queues a document's reading. At most one queued or active job per document (singleton key),
 * so a repeated call — recovery at start, a second upload path — is harmless.
 */
export async function enqueueDocumentExtraction(
  jobs: JobEngine,
  documentId: number,
  companyId: number | null,
  startAfterSeconds?: number,
  fromPage?: number,
): Promise<void> {
  await jobs.send<DocumentExtractionJob>(
    Queue.documentExtraction,
    { documentId, ...(fromPage && fromPage > 1 ? { fromPage } : {}) },
    {
      singletonKey: `extract:${documentId}`,
      companyId,
      ...(startAfterSeconds ? { startAfterSeconds } : {}),
    },
  );
}

/**
 * Queues again every reading left 'pending' or 'running' with no job on its way — a crash
 * between the upload's commit and its enqueue, or a job lost. Run once the engine has started;
 * idempotent (the singleton key merges a second call's jobs). An active job whose process died
 * is not touched here: the engine retries it when it expires.
 */
export async function recoverUnfinishedExtractions(db: Db, jobs: JobEngine): Promise<number> {
  const rows = await repo.unsafeFindUnfinishedWithoutJob(db, JOB_SCHEMA, Queue.documentExtraction);
  for (const row of rows) await enqueueDocumentExtraction(jobs, row.documentId, row.companyId);
  return rows.length;
}
