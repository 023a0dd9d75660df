/**
 * The durable job engine's interface (issue 14: pg-boss 10 on the PostgreSQL server and on
 * PGlite). Services depend on this only; docs/jobs.md describes queues, retries and dead letters.
 */

/** Every queue the application uses; a queue's handler lives with its domain module. */
export const Queue = {
  /** Outgoing e-mail: delivered by the worker, retried while SMTP is down. */
  mail: 'mail-send',
  /** Stale temporaries and unreferenced blobs (maintenance/orphan-sweep.ts), hourly. */
  orphanSweep: 'maintenance-orphan-sweep',
  /** Reading a document's pages: text layer or OCR, then auto-extraction. */
  documentExtraction: 'document-extraction',
  /** A user's waiting notification mails: one mail, or one digest (docs/notifications.md). */
  notificationMail: 'notification-mail',
  /** Daily: insurance certificates 30 days from expiry (modules/legal-documents/expiry-reminders.ts). */
  legalDocumentExpiry: 'legal-document-expiry-reminders',
  /** Hourly: division orders awaiting past the operator's 'remind after N days' (issue 31). */
  divisionOrderReminders: 'division-order-reminders',
  /** Hourly: approvals waiting past the company's reminder / escalation days (issue 29). */
  approvalReminders: 'approval-reminders',
} as const;
export type QueueName = (typeof Queue)[keyof typeof Queue];

export interface SendJobOptions {
  /**
   * At most one queued job with this key per queue (idempotent enqueue): sending again while
   * one waits answers null. Once it runs, the same key may be queued again (e.g. re-extraction).
   */
  singletonKey?: string;
  /** The company the job belongs to: its Administrators see the job if it is dead-lettered. */
  companyId?: number | null;
  startAfterSeconds?: number;
  /** Overrides the queue's retry limit. */
  retryLimit?: number;
  /** What the job does, for people (e.g. 'Mail "Welcome" to a@b.example'); shown if it fails. */
  label?: string;
}

export interface JobContext<T> {
  id: string;
  queue: QueueName;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  companyId: number | null;
}

export interface RegisterOptions {
  /** Jobs of the queue this process runs at once. */
  concurrency?: number;
  /**
   * A fair queue: companies (the job's companyId) take turns and a company runs at most this many
   * jobs at once, so one company's backlog cannot hold every worker (document reading).
   */
  maxActivePerCompany?: number;
}

export type JobHandler<T = unknown> = (job: JobContext<T>) => Promise<void>;

export interface JobEngine {
  /** Queues a job; resolves to its id, or null when a singleton with the same key is queued. */
  send<T extends object>(
    queue: QueueName,
    data: T,
    options?: SendJobOptions,
  ): Promise<string | null>;
  /** Registers the handler of a queue; workers run only where the engine runs workers. */
  register<T>(queue: QueueName, handler: JobHandler<T>, options?: RegisterOptions): void;
}
