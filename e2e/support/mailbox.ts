import { expect, type Page } from '@playwright/test';

/**
 * Reads the newest mail to `email` from the embedded mode's dev mailbox (/dev/mail, newest first)
 * and returns the text of its first match for `pattern`'s group 1.
 */
export async function readFromNewestMail(page: Page, email: string, pattern: RegExp) {
  await page.goto('/dev/mail');
  const mail = page.getByRole('article').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  const text = (await mail.locator('pre').textContent()) ?? '';
  const value = text.match(pattern)?.[1];
  if (!value) throw new Error(`No match for ${pattern} in the mail to ${email}:\n${text}`);
  return value;
}

/** The temporary password of the registration welcome mail. */
export function readTemporaryPassword(page: Page, email: string) {
  return readFromNewestMail(page, email, /Temporary password: (\S+)/);
}
