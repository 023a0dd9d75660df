import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobHandler, JobRuntime } from '../../platform/jobs/index';
import { Queue } from '../../platform/jobs/types';
import type { Mailer } from '../../platform/mail/mailer';
import { sendApprovalReminders } from './reminders';

/**
 * Issue 29 item 3: reminders and escalation of waiting approvals, hourly on the job engine and
 * once at start (reminders.ts keeps what was sent in the database, so nothing goes twice).
 */
export interface ApprovalReminderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The clock (tests move it). */
  now?: () => Date;
}

const KEY = 'approval-reminders';
/** Every hour at :40. */
export const APPROVAL_REMINDER_CRON = '40 * * * *';

export function approvalReminderJob(deps: ApprovalReminderDeps): JobHandler<Record<string, never>> {
  return async () => {
    await sendApprovalReminders(
      deps.db,
      { mailer: deps.mailer, config: { publicUrl: deps.publicUrl }, log: deps.log },
      deps.now?.() ?? new Date(),
    );
  };
}

export async function scheduleApprovalReminders(engine: JobRuntime): Promise<void> {
  const options = { singletonKey: KEY, label: 'Approval reminders and escalation' };
  await engine.schedule(Queue.approvalReminders, APPROVAL_REMINDER_CRON, {}, options);
  await engine.send(Queue.approvalReminders, {}, options);
}
