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
 */
export async function readFromNewestMail(page: Page, email: string, pattern: RegExp) {
  let mail: DevMail | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/dev/mail/latest.json', { params: { to: email } });
      mail = res.ok() ? ((await res.json()) as DevMail) : undefined;
      return res.status();
    })
    .toBe(200);
  const text = mail?.text ?? '';
  const value = text.match(pattern)?.[1];
  if (!value) throw new Error(`No match for ${pattern} in the mail to ${email}:\n${text}`);
  return value;
}

/** The temporary password of the registration welcome mail. */
export function readTemporaryPassword(page: Page, email: string) {
  return readFromNewestMail(page, email, /Temporary password: (\S+)/);
}
