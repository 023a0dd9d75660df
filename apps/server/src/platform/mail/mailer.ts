import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { devMailbox } from '../../db/schema/index';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail. Services depend on this interface only, never on the transport. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAIL_FROM = 'Flowline <no-reply@flowline.example>';

/** Production: any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@host:465). */
export function createSmtpMailer(smtpUrl: string, from = MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

/** Embedded default: mail is stored in the database and shown at /dev/mail. */
export function createDevMailbox(
  db: Db,
): Mailer & { latest(limit: number): Promise<(typeof devMailbox.$inferSelect)[]> } {
  return {
    async send(message) {
      await db.insert(devMailbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
    latest: (limit) => db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(limit),
  };
}
