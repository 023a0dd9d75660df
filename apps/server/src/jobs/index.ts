import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import { documentExtractionJob } from '../modules/document-intelligence/jobs';
import { orphanSweepJob } from '../maintenance/orphan-sweep-job';
import type { BlobStore } from '../platform/blob-store/index';
import { notificationMailJob } from '../modules/notifications/mail-digest';
import { createQueuedMailer, deliverMail } from '../platform/mail/mail-queue';
import type { Mailer } from '../platform/mail/mailer';
import { Queue, type JobEngine } from '../platform/jobs/types';

/** What handlers may use: built by app.ts or by worker.ts, never the Fastify app itself. */
export interface JobHandlerDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  blobStore: BlobStore;
  /** The real transport (SMTP or the dev mailbox), not the queued mailer. */
  mailTransport: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Every queue's handler, one line each. The API process (JOB_WORKERS=in-process) and
 * `npm run worker` both call this; a handler runs only where the engine runs workers.
 */
export function registerJobHandlers(engine: JobEngine, deps: JobHandlerDeps): void {
  engine.register(Queue.mail, deliverMail(deps.mailTransport), { concurrency: 2 });
  engine.register(Queue.orphanSweep, orphanSweepJob(deps));
  // One document at a time: OCR uses a core, the API keeps the other.
  engine.register(Queue.documentExtraction, documentExtractionJob(deps), { concurrency: 1 });
  engine.register(
    Queue.notificationMail,
    notificationMailJob({
      db: deps.db,
      mailer: createQueuedMailer(engine),
      publicUrl: deps.config.publicUrl,
    }),
    { concurrency: 2 },
  );
}
