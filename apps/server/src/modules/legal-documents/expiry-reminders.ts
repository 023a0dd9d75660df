import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  LEGAL_DOCUMENT_EXPIRY_REMINDER_DAYS,
  LegalDocumentType,
  formatDate,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import { legalDocuments } from '../../db/schema/index';
import type { JobHandler, JobRuntime } from '../../platform/jobs/index';
import { Queue } from '../../platform/jobs/types';
import type { Mailer } from '../../platform/mail/mailer';
import { noticeMail } from '../../platform/mail/templates/index';
import { mailUsers, notifyAdministrators } from '../invitations/notify';

/**
 * Issue 27 item 26: the company's Administrators are told — a notification and a mail — once per
 * insurance certificate, when its expiry date is 30 days away or nearer (an already expired
 * certificate uploaded with its date is told at once). Runs daily on the job engine; a changed
 * expiry date clears the mark, so the new date is reminded of again.
 */
export interface ExpiryReminderDeps {
  db: Db;
  /** The queued mailer: the mails go out as jobs like every business mail. */
  mailer: Mailer;
  publicUrl: string;
}

const KEY = 'legal-document-expiry-reminders';
/** Every day at 06:00 UTC. */
export const EXPIRY_REMINDER_CRON = '0 6 * * *';

/** The certificates due a reminder on `today` ('YYYY-MM-DD'), across companies. */
async function findDue(db: Db, today: string) {
  return db
    .select({ id: legalDocuments.id })
    .from(legalDocuments)
    .where(
      and(
        eq(legalDocuments.isActive, true),
        eq(legalDocuments.legalDocumentTypeId, LegalDocumentType.InsuranceCertificate),
        isNotNull(legalDocuments.expiresOn),
        isNull(legalDocuments.expiryReminderSentAt),
        lte(
          legalDocuments.expiresOn,
          sql`(${today}::date + ${LEGAL_DOCUMENT_EXPIRY_REMINDER_DAYS}::int)`,
        ),
      ),
    )
    .orderBy(legalDocuments.id);
}

/** Sends the due reminders; answers how many certificates were reminded of. */
export async function sendExpiryReminders(
  deps: ExpiryReminderDeps,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<number> {
  let sent = 0;
  for (const { id } of await findDue(deps.db, today)) {
    // Claimed and notified in one transaction: two runs (or two instances) never both send it.
    const claimed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(legalDocuments)
        .set({ expiryReminderSentAt: new Date() })
        .where(and(eq(legalDocuments.id, id), isNull(legalDocuments.expiryReminderSentAt)))
        .returning({
          companyId: legalDocuments.companyId,
          fileName: legalDocuments.fileName,
          expiresOn: legalDocuments.expiresOn,
        });
      if (!row?.expiresOn) return null;
      const day = formatDate(row.expiresOn);
      const expired = row.expiresOn < today;
      const notice = {
        title: expired ? 'Insurance certificate expired' : 'Insurance certificate expires soon',
        message: expired
          ? `Your insurance certificate ${row.fileName} expired on ${day}. Upload the new certificate.`
          : `Your insurance certificate ${row.fileName} expires on ${day}. Upload the new certificate before then.`,
      };
      const adminIds = await notifyAdministrators(tx, {
        companyId: row.companyId,
        sourceCompanyId: row.companyId,
        invitationId: null,
        ...notice,
      });
      return { adminIds, notice };
    });
    if (!claimed) continue;
    sent += 1;
    // After the commit (the mail queue must not wait inside the transaction on PGlite).
    const link = `${deps.publicUrl}/admin/legalDocuments/${LegalDocumentType.InsuranceCertificate}`;
    await mailUsers(
      deps.db,
      deps.mailer,
      claimed.adminIds,
      (firstName) =>
        noticeMail({
          publicUrl: deps.publicUrl,
          firstName,
          ...claimed.notice,
          action: { label: 'Open your insurance certificates', url: link },
        }),
      { title: claimed.notice.message, link },
    );
  }
  return sent;
}

export function expiryReminderJob(deps: ExpiryReminderDeps): JobHandler<Record<string, never>> {
  return async () => {
    await sendExpiryReminders(deps);
  };
}

/** The daily schedule, plus one run now (a server down at 06:00 still reminds the same day). */
export async function scheduleExpiryReminders(engine: JobRuntime): Promise<void> {
  const options = { singletonKey: KEY, label: 'Daily insurance certificate expiry reminders' };
  await engine.schedule(Queue.legalDocumentExpiry, EXPIRY_REMINDER_CRON, {}, options);
  await engine.send(Queue.legalDocumentExpiry, {}, options);
}
