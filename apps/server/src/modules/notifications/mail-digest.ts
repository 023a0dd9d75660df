import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationMails, users } from '../../db/schema/index';
import type { JobHandler } from '../../platform/jobs/types';
import type { NotificationMailJob } from '../../platform/mail/mail-queue';
import type { Mailer } from '../../platform/mail/mailer';
import { notificationDigestMail } from '../../platform/mail/templates/index';

export interface NotificationMailDeps {
  db: Db;
  /** The queued mailer: delivery (and its SMTP retries) is the mail queue's job. */
  mailer: Mailer;
  publicUrl: string;
}

/**
 * A user's digest job (docs/notifications.md): the mails waiting for the user go out as they were
 * rendered when only one waits, else as one digest listing them. Rows are deleted after the send,
 * so a failure retries them (at least once, never lost); mails that arrive meanwhile stay for the
 * next job, which the queued mailer has already queued.
 */
export function notificationMailJob(deps: NotificationMailDeps): JobHandler<NotificationMailJob> {
  return async (job) => {
    const { userId } = job.data;
    const waiting = await deps.db
      .select()
      .from(notificationMails)
      .where(eq(notificationMails.userId, userId))
      .orderBy(asc(notificationMails.id));
    const [first] = waiting;
    if (!first) return;
    if (waiting.length === 1) {
      await deps.mailer.send({
        to: first.to,
        subject: first.subject,
        text: first.text,
        html: first.html ?? undefined,
        headers: first.headers ?? undefined,
        companyId: first.companyId,
      });
    } else {
      const [user] = await deps.db
        .select({ firstName: users.firstName })
        .from(users)
        .where(eq(users.id, userId));
      const mail = notificationDigestMail({
        publicUrl: deps.publicUrl,
        firstName: user?.firstName,
        items: waiting.map((w) => ({
          title: w.title,
          link: w.link,
          message: w.message,
          details: w.details ?? [],
        })),
      });
      await deps.mailer.send({ to: first.to, ...mail, companyId: first.companyId });
    }
    await deps.db.delete(notificationMails).where(
      inArray(
        notificationMails.id,
        waiting.map((w) => w.id),
      ),
    );
  };
}
