import type { Db } from '../../db/client';
import type { JobHandler, JobRuntime } from '../../platform/jobs/index';
import { Queue } from '../../platform/jobs/types';
import type { Mailer } from '../../platform/mail/mailer';
import type { FastifyBaseLogger } from 'fastify';
import { sendAutomaticReminders } from './service';

/**
 * Issue 31 item 4: automatic reminders of division orders still awaiting the owner's response,
 * for operators whose Administrators set 'after N days' (off by default). Runs hourly on the job
 * engine and once at start; what was reminded is in the database (last_reminded_at), so a run
 * after a restart — or a second instance — reminds nobody twice.
 */
export interface DivisionOrderReminderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The clock (tests move it). */
  now?: () => Date;
}

const KEY = 'division-order-reminders';
/** Every hour at :20 — a reminder goes out within the hour an order becomes due. */
export const DIVISION_ORDER_REMINDER_CRON = '20 * * * *';

export function divisionOrderReminderJob(
  deps: DivisionOrderReminderDeps,
): JobHandler<Record<string, never>> {
  return async () => {
    await sendAutomaticReminders(
      deps.db,
      { mailer: deps.mailer, config: { publicUrl: deps.publicUrl }, log: deps.log },
      deps.now?.() ?? new Date(),
    );
  };
}

export async function scheduleDivisionOrderReminders(engine: JobRuntime): Promise<void> {
  const options = { singletonKey: KEY, label: 'Automatic division-order reminders' };
  await engine.schedule(Queue.divisionOrderReminders, DIVISION_ORDER_REMINDER_CRON, {}, options);
  await engine.send(Queue.divisionOrderReminders, {}, options);
}
