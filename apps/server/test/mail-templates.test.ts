import { describe, expect, it } from 'vitest';
import {
  approvalWaitingMail,
  connectionRequestMail,
  documentReceivedMail,
  invitationMail,
  invitationRejectedMail,
  noticeMail,
  notificationDigestMail,
  temporaryPasswordMail,
  type RenderedMail,
} from '../src/platform/mail/templates/index';

const publicUrl = 'https://flowline.test';
const unsubscribe = 'https://flowline.test/profile/unsubscribe';
const evil = '<b>"Tom & Jerry\'s"</b>';
const evilEscaped = '&#60;b&#62;&#34;Tom &#38; Jerry&#39;s&#34;&#60;/b&#62;';

/** The HTML is a branded, accessible document and never contains `value` unescaped. */
function expectSafeHtml(mail: RenderedMail, value = evil) {
  expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en"/);
  expect(mail.html).toContain('#0B5563');
  expect(mail.html).toContain('#E39B2D');
  expect(mail.html).toContain('role="presentation"');
  expect(mail.html).not.toContain(value);
  expect(mail.html).not.toMatch(/<img(?![^>]*\balt=)/);
  expect(mail.html).not.toMatch(/<script/i);
}

function expectUnsubscribe(mail: RenderedMail) {
  expect(mail.text).toContain(`Unsubscribe: ${unsubscribe}`);
  expect(mail.html).toContain(`href="${unsubscribe}"`);
  expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe}>` });
}

describe('temporary-password mail', () => {
  const input = {
    publicUrl,
    email: 'rosa@caprock.example',
    firstName: 'Rosa',
    companyName: evil,
    temporaryPassword: 'Ab3&<x>Cd',
  };

  it('welcomes a self-registered administrator with the sign-in details', () => {
    const mail = temporaryPasswordMail({ ...input, reason: 'registered-administrator' });
    expect(mail.subject).toBe('Welcome to Flowline');
    expect(mail.text).toContain(
      `${evil} is now registered on Flowline and you are its administrator.`,
    );
    expect(mail.text).toContain('Hello Rosa,');
    expect(mail.text).toContain('  Email: rosa@caprock.example');
    expect(mail.text).toContain('  Temporary password: Ab3&<x>Cd');
    expect(mail.text).toContain('Sign in: https://flowline.test/landingpage');
    expect(mail.text).toContain(
      'You must change this temporary password the first time you sign in.',
    );
    expectSafeHtml(mail);
    expect(mail.html).toContain(`${evilEscaped} is now registered on Flowline`);
    expect(mail.html).toContain('Ab3&#38;&#60;x&#62;Cd');
    expect(mail.html).toContain('href="https://flowline.test/landingpage"');
    expect(mail.html).toContain('must change this temporary password');
  });

  it('leads a company registered from an invitation to the invitation', () => {
    const mail = temporaryPasswordMail({
      ...input,
      reason: 'registered-administrator',
      next: {
        text: 'The invitation from Permian is waiting for you in Invitations.',
        label: 'Sign in and view the invitation',
        url: 'https://flowline.test/admin/invitations',
      },
    });
    expect(mail.text).toContain('The invitation from Permian is waiting for you in Invitations.');
    expect(mail.text).toContain(
      'Sign in and view the invitation: https://flowline.test/admin/invitations',
    );
    expect(mail.text).not.toContain('/landingpage');
  });

  it('tells a user added by an administrator, and is transactional: no unsubscribe', () => {
    const mail = temporaryPasswordMail({ ...input, reason: 'added-by-administrator' });
    expect(mail.subject).toBe('Your Flowline account');
    expect(mail.text).toContain(`An account was created for you at ${evil} on Flowline.`);
    expectSafeHtml(mail);
    const reason = 'You receive this e-mail because an account was created for you.';
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain(reason);
    expect(mail.text).not.toContain('unsubscribe');
    expect(mail.html).not.toContain('unsubscribe');
    expect(mail.headers).toBeUndefined();
  });
});

describe('invitation mail', () => {
  const input = {
    publicUrl,
    firstName: evil,
    invitingCompanyName: evil,
    message: 'Dear partner,\n<script>alert(1)</script>',
    token: 'tok/en?1',
    expiresAt: new Date('2027-03-05T23:30:00Z'),
  };

  it('links an existing company to its invitation, with the message and the expiry date', () => {
    const mail = invitationMail({ ...input, recipientHasCompany: true });
    expect(mail.subject).toBe(`${evil} invites you to connect on Flowline`);
    const link = 'https://flowline.test/admin/invitations/tok%2Fen%3F1';
    expect(mail.text).toContain(`View the invitation: ${link}`);
    expect(mail.text).toContain('> Dear partner,\n> <script>alert(1)</script>');
    expect(mail.text).toContain('This invitation expires on March 5, 2027.');
    expectSafeHtml(mail);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('March 5, 2027');
    expectUnsubscribe(mail);
  });

  it('sends a new company to registration and leaves out an empty message', () => {
    const mail = invitationMail({ ...input, message: '  ', recipientHasCompany: false });
    expect(mail.text).toContain(
      'Register your company: https://flowline.test/register/tok%2Fen%3F1',
    );
    expect(mail.text).not.toContain('Their message');
    expect(mail.html).not.toContain('<blockquote');
    // Someone without a profile has no e-mail settings: no 'your Flowline profile', no unsubscribe.
    expect(mail.text).toContain(
      `You receive this e-mail because ${evil} entered this address to invite your company to Flowline.`,
    );
    expect(mail.text).not.toMatch(/profile|unsubscribe/i);
    expect(mail.html).not.toMatch(/profile|unsubscribe/i);
    expect(mail.headers).toBeUndefined();
  });

  it('asks a vendor to onboard: /onboarding/{token}, or /admin/onboarding/{token} on Flowline', () => {
    const mail = invitationMail({ ...input, recipientHasCompany: false, onboarding: true });
    expect(mail.subject).toBe(`${evil} asks your company to join Flowline`);
    expect(mail.text).toContain(
      'Register your company: https://flowline.test/onboarding/tok%2Fen%3F1',
    );
    expect(mail.text).toContain('your connection request is then sent');
    expect(mail.text).not.toMatch(/profile|unsubscribe/i);
    expectSafeHtml(mail);
    const known = invitationMail({ ...input, recipientHasCompany: true, onboarding: true });
    expect(known.text).toContain(
      'Send your request: https://flowline.test/admin/onboarding/tok%2Fen%3F1',
    );
    expectUnsubscribe(known);
  });
});

describe('invitation-rejected mail', () => {
  it('names the company that rejected and links to the connections', () => {
    const mail = invitationRejectedMail({
      publicUrl,
      firstName: 'Ann',
      rejectingCompanyName: evil,
      connectionName: 'Caprock AP',
    });
    expect(mail.subject).toBe(`${evil} declined your invitation on Flowline`);
    expect(mail.text).toContain(`${evil} (your connection Caprock AP) rejected your invitation`);
    expect(mail.text).toContain('Open your connections: https://flowline.test/admin/parties');
    expectSafeHtml(mail);
    expectUnsubscribe(mail);
  });
});

describe('connection-request mail', () => {
  it('names the company that wants to connect and links to the invitations', () => {
    const mail = connectionRequestMail({ publicUrl, requestingCompanyName: evil });
    expect(mail.subject).toBe(`${evil} wants to connect on Flowline`);
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain(`${evil} wants to connect with your company`);
    expect(mail.text).toContain('Review the request: https://flowline.test/admin/invitations');
    expectSafeHtml(mail);
    expect(mail.html).toContain(`${evilEscaped} wants to connect with your company`);
    expect(mail.html).toContain('href="https://flowline.test/admin/invitations"');
    expectUnsubscribe(mail);
  });
});

describe('document-received mail', () => {
  it('names the type, number and sender and links to the document', () => {
    const mail = documentReceivedMail({
      publicUrl,
      firstName: 'Rosa',
      documentId: 42,
      documentTypeName: 'Purchase Order',
      documentNumber: 'PO-7 <urgent>',
      senderCompanyName: evil,
    });
    expect(mail.subject).toBe(`Purchase Order PO-7 <urgent> from ${evil}`);
    expect(mail.text).toContain('  Number: PO-7 <urgent>');
    expect(mail.text).toContain(`  From: ${evil}`);
    expect(mail.text).toContain('Open the document: https://flowline.test/documents/42');
    expectSafeHtml(mail);
    expect(mail.html).not.toContain('<urgent>');
    expect(mail.html).toContain('PO-7 &#60;urgent&#62;');
    expect(mail.html).toContain(
      `<title>Purchase Order PO-7 &#60;urgent&#62; from ${evilEscaped}</title>`,
    );
    expect(mail.html).toContain('href="https://flowline.test/documents/42"');
    expectUnsubscribe(mail);
  });
});

describe('approval-waiting mail (issue 29 item 4)', () => {
  const input = {
    publicUrl,
    firstName: 'Ben',
    documentId: 42,
    kind: 'waiting' as const,
    documentTypeName: 'AR Invoice',
    documentNumber: 'INV-7 <urgent>',
    senderCompanyName: evil,
    totalCents: 6_000_000,
    stepIndex: 1,
    stepCount: 3,
    approverLabel: 'Ben Manager or any Administrator',
    onBehalfOf: [],
  };

  it('names the invoice and its step, with Approve, Reject and Open links in both parts', () => {
    const mail = approvalWaitingMail(input);
    expect(mail.subject).toBe(`AR Invoice INV-7 <urgent> from ${evil} waits for your approval`);
    expect(mail.text).toContain('  Amount: $60,000.00');
    expect(mail.text).toContain('  Step: Step 2 of 3');
    expect(mail.text).toContain('  Approvers: Ben Manager or any Administrator');
    expect(mail.text).toContain('Approve: https://flowline.test/documents/42?action=approve');
    expect(mail.text).toContain('Reject: https://flowline.test/documents/42?action=reject');
    expect(mail.text).toContain('Open: https://flowline.test/documents/42\n');
    expect(mail.text).toContain('nothing is approved or rejected until you confirm there');
    for (const url of ['?action=approve', '?action=reject', '']) {
      expect(mail.html).toContain(`href="https://flowline.test/documents/42${url}"`);
    }
    expect(mail.html).toMatch(/>Approve<\/a>/);
    expect(mail.html).toMatch(/>Reject<\/a>/);
    expect(mail.html).toMatch(/>Open<\/a>/);
    expectSafeHtml(mail);
    expect(mail.html).not.toContain('<urgent>');
    expect(mail.html).toContain('INV-7 &#60;urgent&#62;');
    expectUnsubscribe(mail);
  });

  it('says for whom a delegate approves, and words reminders and escalations', () => {
    const delegate = approvalWaitingMail({ ...input, onBehalfOf: ['Ana <Clerk>'] });
    expect(delegate.text).toContain('You approve for Ana <Clerk> while they are out of office.');
    expect(delegate.html).toContain('Ana &#60;Clerk&#62;');
    const reminder = approvalWaitingMail({ ...input, kind: 'reminder', waitingDays: 3 });
    expect(reminder.subject).toBe('Reminder: AR Invoice INV-7 <urgent> waits for your approval');
    expect(reminder.text).toContain('has waited 3 business days for your approval');
    expect(reminder.text).toContain('Approve: https://flowline.test/documents/42?action=approve');
    const escalated = approvalWaitingMail({ ...input, kind: 'escalated', waitingDays: 1 });
    expect(escalated.subject).toBe('Escalated: AR Invoice INV-7 <urgent> waits for approval');
    expect(escalated.text).toContain('has waited 1 business day for approval and is escalated');
    const noTotal = approvalWaitingMail({ ...input, totalCents: null });
    expect(noTotal.text).toContain('  Amount: No total');
  });
});

describe('notice mail', () => {
  it('says the notification and links to its action', () => {
    const mail = noticeMail({
      publicUrl,
      firstName: 'Rosa',
      title: 'Connection removed',
      message: `${evil} disconnected from you.`,
      action: { label: 'Open your connections', url: `${publicUrl}/admin/parties` },
    });
    expect(mail.subject).toBe('Connection removed');
    expect(mail.text).toContain(`${evil} disconnected from you.`);
    expect(mail.text).toContain('Open your connections: https://flowline.test/admin/parties');
    expectSafeHtml(mail);
    expectUnsubscribe(mail);
  });
});

describe('notification digest mail', () => {
  it('lists every notification with its link', () => {
    const mail = notificationDigestMail({
      publicUrl,
      firstName: 'Rosa',
      items: [
        { title: `AR Invoice INV-1 from ${evil}`, link: `${publicUrl}/documents/1` },
        { title: 'AR Invoice INV-2 viewed', link: `${publicUrl}/documents/2` },
        {
          title: 'AR Invoice INV-3 rejected',
          link: `${publicUrl}/documents/3`,
          message: 'Red Mesa rejected AR Invoice INV-3.',
          details: [['Rejection Reason', `Wrong ${evil}`]],
        },
      ],
    });
    expect(mail.text).toContain(
      '- AR Invoice INV-3 rejected: https://flowline.test/documents/3\n  Red Mesa rejected AR Invoice INV-3.\n  Rejection Reason: Wrong ',
    );
    expect(mail.html).toContain('Red Mesa rejected AR Invoice INV-3.');
    expect(mail.html).toContain('Rejection Reason: <span');
    expect(mail.subject).toBe('3 new notifications');
    expect(mail.text).toContain(
      `- AR Invoice INV-1 from ${evil}: https://flowline.test/documents/1`,
    );
    expect(mail.text).toContain('- AR Invoice INV-2 viewed: https://flowline.test/documents/2');
    expectSafeHtml(mail);
    expect(mail.html).toContain('href="https://flowline.test/documents/1"');
    expect(mail.html).toContain('href="https://flowline.test/documents/2"');
    expectUnsubscribe(mail);
  });
});
