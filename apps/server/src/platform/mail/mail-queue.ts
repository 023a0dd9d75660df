import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { notificationMails } from '../../db/schema/index';
import { Queue, type JobEngine, type JobHandler } from '../jobs/types';
import {
  createDevMailbox,
  createSmtpMailer,
  type DevMailbox,
  type MailMessage,
  type Mailer,
} from './mailer';

/** The data of a mail job: the message as the service wrote it. */
export interface MailJob {
  message: Omit<MailMessage, 'companyId' | 'digest'>;
}

/** The data of a notification-mail job: whose waiting mails to send. */
export interface NotificationMailJob {
  userId: number;
}

/** The real transport: SMTP when SMTP_URL is set, else the dev mailbox (also returned). */
export function createMailTransport(
  config: AppConfig,
  db: Db,
): { transport: Mailer; devMailbox: DevMailbox | null } {
  if (config.smtpUrl) return { transport: createSmtpMailer(config.smtpUrl), devMailbox: null };
  const devMailbox = createDevMailbox(db);
  return { transport: devMailbox, devMailbox };
}

const MAX_LABEL = 200;

function labelOf(message: MailMessage): string {
  const label = `E-mail "${message.subject}" to ${message.to.join(', ')}`;
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

/**
 * The Mailer services use: send() queues a mail job and returns; a worker delivers it with the
 * transport, retrying with back-off while the SMTP server is unreachable (docs/jobs.md).
 */
export function createQueuedMailer(
  jobs: JobEngine,
  digest?: { db: Db; delaySeconds: number },
): Mailer {
  return {
    async send({ companyId, digest: line, ...message }) {
      if (line && digest) {
        // Kept for the user's digest job; one job per user waits at a time (singletonKey).
        await digest.db.insert(notificationMails).values({
          userId: line.userId,
          companyId: companyId ?? null,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          headers: message.headers ?? null,
          title: line.title,
          link: line.link,
          message: line.message ?? null,
          details: line.details?.length ? line.details : null,
        });
        await jobs.send<NotificationMailJob>(
          Queue.notificationMail,
          { userId: line.userId },
          {
            singletonKey: `user-${line.userId}`,
            startAfterSeconds: digest.delaySeconds,
            companyId: companyId ?? null,
            label: `Notification e-mails to ${message.to.join(', ')}`,
          },
        );
        return;
      }
      await jobs.send<MailJob>(
        Queue.mail,
        { message },
        { companyId: companyId ?? null, label: labelOf({ ...message }) },
      );
    },
  };
}

/** The mail queue's handler: a transport error fails the job, which pg-boss then retries. */
export function deliverMail(transport: Mailer): JobHandler<MailJob> {
  return async (job) => {
    await transport.send(job.data.message);
  };
}
