import { and, desc, eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { devMailbox } from '../../db/schema/index';
import { loadNodemailer } from '../heavy-modules';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** Extra headers such as List-Unsubscribe. Sent over SMTP; the dev mailbox does not keep them. */
  headers?: Record<string, string>;
  /**
   * The company the mail is sent for, when known: its Administrators see the mail's job if it
   * cannot be delivered. Not part of the mail.
   */
  companyId?: number | null;
  /**
   * A notification mail for one user: it waits in the user's digest window and goes out alone,
   * or as one line of a digest when several arrived together (docs/notifications.md).
   */
  digest?: DigestLine;
}

/**
 * How a notification mail stands in a digest: its linked title, and the event in a sentence with
 * its details (a rejection's reason, a payment's amount, date and check number).
 */
export interface DigestLine {
  userId: number;
  title: string;
  link: string;
  message?: string;
  details?: [string, string][];
}

/** Sends e-mail. Services depend on this interface only, never on the transport. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAIL_FROM = 'Flowline <no-reply@flowline.example>';

/** Production: any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@host:465). */
export function createSmtpMailer(smtpUrl: string, from = MAIL_FROM): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(smtpUrl));
      const smtp = await transport;
      // With both text and html nodemailer sends multipart/alternative.
      await smtp.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
    },
  };
}

export type DevMail = typeof devMailbox.$inferSelect;

export interface DevMailbox extends Mailer {
  /** The newest messages first. */
  latest(limit: number): Promise<DevMail[]>;
  find(id: number): Promise<DevMail | undefined>;
  /** The newest message with `email` among its recipients (case-insensitive). */
  /** The newest mail to `email`; with `contains`, the newest whose text contains it. */
  latestTo(email: string, contains?: string): Promise<DevMail | undefined>;
}

/**
 * Embedded default: mail is stored in the database and shown at /dev/mail. Headers are not
 * stored (dev_mailbox has no column for them).
 */
export function createDevMailbox(db: Db): DevMailbox {
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
    async find(id) {
      const [mail] = await db.select().from(devMailbox).where(eq(devMailbox.id, id));
      return mail;
    },
    async latestTo(email, contains) {
      const [mail] = await db
        .select()
        .from(devMailbox)
        .where(
          and(
            sql`exists (select 1 from jsonb_array_elements_text(${devMailbox.to}) as r(address)
            where lower(r.address) = lower(${email}))`,
            contains ? sql`strpos(${devMailbox.text}, ${contains}) > 0` : undefined,
          ),
        )
        .orderBy(desc(devMailbox.id))
        .limit(1);
      return mail;
    },
  };
}
