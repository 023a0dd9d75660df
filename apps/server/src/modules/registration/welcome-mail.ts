import type { MailMessage } from '../../platform/mail/mailer';

export interface WelcomeMailInput {
  email: string;
  firstName: string;
  companyName: string;
  temporaryPassword: string;
  publicUrl: string;
}

/** The mail that delivers the administrator's temporary password after registration. */
export function welcomeMail(input: WelcomeMailInput): MailMessage {
  const signInUrl = `${input.publicUrl}/landingpage`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `${input.companyName} is now registered on Flowline and you are its administrator.`,
    '',
    `Sign in at ${signInUrl} with:`,
    `  Email: ${input.email}`,
    `  Temporary password: ${input.temporaryPassword}`,
    '',
    'You must change this temporary password the first time you sign in.',
    '',
    'The Flowline team',
  ].join('\n');
  return { to: [input.email], subject: 'Welcome to Flowline', text };
}
