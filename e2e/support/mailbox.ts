import { expect, type Page } from '@playwright/test';

interface DevMail {
  id: number;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

/**
 * Reads the newest mail to `email` from the embedded mode's dev mailbox
 * (`/dev/mail/latest.json?to=`) and returns the text of its first match for `pattern`'s group 1.
 * With `contains`, the newest mail whose text contains it: mail is delivered by a job, so a
 * notice of an earlier journey may arrive after the mail this one waits for.
 * Waits until such a mail arrives and matches.
 */
export async function readFromNewestMail(
  page: Page,
  email: string,
  pattern: RegExp,
  contains?: string,
) {
  let text = '';
  await expect
    .poll(
      async () => {
        const params: Record<string, string> = { to: email };
        if (contains) params.contains = contains;
        const res = await page.request.get('/dev/mail/latest.json', { params });
        text = res.ok() ? ((await res.json()) as DevMail).text : '';
        return pattern.test(text);
      },
      // Notification mails wait in the digest window (8 s in the journeys) before they go out.
      { message: `a mail to ${email} matching ${pattern}`, timeout: 30_000 },
    )
    .toBe(true);
  const value = text.match(pattern)?.[1];
  if (!value) throw new Error(`No match for ${pattern} in the mail to ${email}:\n${text}`);
  return value;
}

/** The temporary password of the registration welcome mail. */
export function readTemporaryPassword(page: Page, email: string) {
  return readFromNewestMail(page, email, /Temporary password: (\S+)/, 'Temporary password: ');
}
