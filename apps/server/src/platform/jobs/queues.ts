import { Queue, type QueueName } from './types';

/** How a queue's jobs are retried and when an active job counts as lost (docs/jobs.md). */
export interface QueueDefinition {
  /** Shown to Administrators beside a failed job. */
  label: string;
  /** Retries after the first attempt; then the job is dead-lettered (kept as failed). */
  retryLimit: number;
  /** First retry after 1–2 × this; each next one doubles (pg-boss retryBackoff, with jitter). */
  retryDelaySeconds: number;
  /**
   * An active job older than this failed: its handler is cut off, and a job whose process died
   * is retried by the next maintenance run after this time.
   */
  expireInSeconds: number;
}

export const queueDefinitions: Record<QueueName, QueueDefinition> = {
  [Queue.mail]: {
    label: 'E-mail',
    // 30 s, 1, 2, 4 … min: about four hours of SMTP outage before a mail is given up.
    retryLimit: 8,
    retryDelaySeconds: 30,
    expireInSeconds: 2 * 60,
  },
  [Queue.orphanSweep]: {
    label: 'Removing files left by interrupted uploads',
    retryLimit: 2,
    retryDelaySeconds: 5 * 60,
    expireInSeconds: 30 * 60,
  },
  [Queue.documentExtraction]: {
    label: 'Reading a document',
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
  },
  [Queue.notificationMail]: {
    label: 'Notification e-mails',
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 2 * 60,
  },
  [Queue.legalDocumentExpiry]: {
    label: 'Insurance certificate expiry reminders',
    retryLimit: 3,
    retryDelaySeconds: 5 * 60,
    expireInSeconds: 10 * 60,
  },
  [Queue.divisionOrderReminders]: {
    label: 'Automatic division-order reminders',
    retryLimit: 3,
    retryDelaySeconds: 5 * 60,
    expireInSeconds: 10 * 60,
  },
  [Queue.approvalReminders]: {
    label: 'Approval reminders and escalation',
    retryLimit: 3,
    retryDelaySeconds: 5 * 60,
    expireInSeconds: 10 * 60,
  },
};

export const queueNames = Object.keys(queueDefinitions) as QueueName[];

/** Failed jobs stay visible (and retryable) this long before pg-boss archives them. */
export const FAILED_JOB_RETENTION_DAYS = 14;
