import type { MailMessage } from '../../platform/mail/mailer';
import { temporaryPasswordMail } from '../../platform/mail/templates/index';

export interface WelcomeMailInput {
  email: string;
  firstName: string;
  companyName: string;
  temporaryPassword: string;
  publicUrl: string;
  next?: { text: string; label: string; url: string };
}

/** The mail that delivers the administrator's temporary password after registration. */
export function welcomeMail(input: WelcomeMailInput): MailMessage {
  return {
    to: [input.email],
    ...temporaryPasswordMail({ ...input, reason: 'registered-administrator' }),
  };
}
