import { NotificationType } from '@flowline/shared';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/mail/mailer';
import type { RenderedMail } from '../../platform/mail/templates/index';
import { insertNotification } from '../notifications/repository';
import { businessMailRecipients } from '../preferences/email-recipients';
import { findAdministratorIds } from './repository';

export interface AdminNotice {
  companyId: number;
  sourceCompanyId: number;
  title: string;
  message: string;
  invitationId: number | null;
}

/** One notification per Administrator of the company; a click opens the invitation. */
export async function notifyAdministrators(db: Db, notice: AdminNotice): Promise<number[]> {
  const adminIds = await findAdministratorIds(db, notice.companyId);
  for (const userId of adminIds) {
    await insertNotification(db, {
      companyId: notice.companyId,
      userId,
      sourceCompanyId: notice.sourceCompanyId,
      notificationTypeId: NotificationType.Regular,
      title: notice.title,
      message: notice.message,
      actionId: notice.invitationId === null ? null : 'openInvitation',
      actionData: notice.invitationId === null ? null : String(notice.invitationId),
    });
  }
  return adminIds;
}

/**
 * One mail per user who wants notification mails (personal greeting, no shared recipients).
 * Sent after the commit: a failed mail must not undo the invitation, it is logged by the caller.
 */
export async function mailUsers(
  db: Db,
  mailer: Mailer,
  userIds: number[],
  render: (firstName: string) => RenderedMail,
  /** The mail's line in a digest (docs/notifications.md). */
  line: { title: string; link: string },
): Promise<void> {
  for (const r of await businessMailRecipients(db, userIds)) {
    await mailer.send({
      to: [r.emailAddress],
      ...render(r.firstName),
      digest: { userId: r.userId, ...line },
    });
  }
}
