import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import {
  documentExtractionJob,
  enqueueDocumentExtraction,
} from '../modules/document-intelligence/jobs';
import { setOcrConcurrency } from '../modules/document-intelligence/reading/index';
import { orphanSweepJob } from '../maintenance/orphan-sweep-job';
import type { BlobStore } from '../platform/blob-store/index';
import { expiryReminderJob } from '../modules/legal-documents/expiry-reminders';
import { divisionOrderReminderJob } from '../modules/division-orders/reminder-job';
import { approvalReminderJob } from '../modules/approvals/reminder-job';
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
  // READING_CONCURRENCY documents at once (the CPU count by default), as many OCR threads; a
  // fair queue: companies take turns and one company runs at most all but one of them
  // (docs/document-intelligence.md "Fair and bounded").
  const reading = deps.config.reading;
  setOcrConcurrency(reading.concurrency);
  engine.register(
    Queue.documentExtraction,
    documentExtractionJob({
      ...deps,
      maxPages: reading.maxPages,
      pagesPerHour: reading.pagesPerHour,
      pageBatch: reading.pageBatch,
      // A reading past the company's hourly quota is queued again for when it may run; a long
      // document's next page batch is queued behind other companies' documents.
      requeue: (documentId, companyId, afterSeconds, fromPage) =>
        enqueueDocumentExtraction(engine, documentId, companyId, afterSeconds, fromPage),
    }),
    {
      concurrency: reading.concurrency,
      maxActivePerCompany: Math.max(1, reading.concurrency - 1),
    },
  );
  engine.register(
    Queue.notificationMail,
    notificationMailJob({
      db: deps.db,
      mailer: createQueuedMailer(engine),
      publicUrl: deps.config.publicUrl,
    }),
    { concurrency: 2 },
  );
  engine.register(
    Queue.legalDocumentExpiry,
    expiryReminderJob({
      db: deps.db,
      mailer: createQueuedMailer(engine),
      publicUrl: deps.config.publicUrl,
    }),
  );
  engine.register(
    Queue.approvalReminders,
    approvalReminderJob({
      db: deps.db,
      mailer: createQueuedMailer(engine),
      publicUrl: deps.config.publicUrl,
      log: deps.log,
    }),
  );
  engine.register(
    Queue.divisionOrderReminders,
    divisionOrderReminderJob({
      db: deps.db,
      mailer: createQueuedMailer(engine),
      publicUrl: deps.config.publicUrl,
      log: deps.log,
    }),
  );
}
