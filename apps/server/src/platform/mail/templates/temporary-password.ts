import { PRODUCT_NAME } from '@flowline/shared';
import { renderMail, type RenderedMail } from './render-mail';

export interface TemporaryPasswordMailInput {
  publicUrl: string;
  email: string;
  firstName?: string | null;
  companyName: string;
  temporaryPassword: string;
  /** A self-registered company's first administrator, or a user added by an administrator. */
  reason: 'registered-administrator' | 'added-by-administrator';
  /** Where signing in leads (e.g. the invitation the company registered from); else the landing page. */
  next?: { text: string; label: string; url: string };
}

/**
 * The new account's sign-in details. Transactional: sent whatever the receiveEmails preference
 * says, so it has no unsubscribe link.
 */
export function temporaryPasswordMail(input: TemporaryPasswordMailInput): RenderedMail {
  const registered = input.reason === 'registered-administrator';
  return renderMail({
    subject: registered ? `Welcome to ${PRODUCT_NAME}` : `Your ${PRODUCT_NAME} account`,
    preheader: `Your sign-in details for ${input.companyName} on ${PRODUCT_NAME}`,
    heading: registered ? `Welcome to ${PRODUCT_NAME}` : 'Your new account',
    firstName: input.firstName,
    blocks: [
      {
        kind: 'paragraph',
        text: registered
          ? `${input.companyName} is now registered on ${PRODUCT_NAME} and you are its administrator.`
          : `An account was created for you at ${input.companyName} on ${PRODUCT_NAME}.`,
      },
      { kind: 'paragraph', text: 'Sign in with:' },
      {
        kind: 'details',
        rows: [
          ['Email', input.email],
          ['Temporary password', input.temporaryPassword],
        ],
      },
      ...(input.next ? [{ kind: 'paragraph' as const, text: input.next.text }] : []),
      input.next
        ? { kind: 'action', label: input.next.label, url: input.next.url }
        : { kind: 'action', label: 'Sign in', url: `${input.publicUrl}/landingpage` },
      {
        kind: 'paragraph',
        text: 'You must change this temporary password the first time you sign in.',
      },
    ],
    footer: {
      kind: 'transactional',
      reason: 'You receive this e-mail because an account was created for you.',
    },
  });
}
