import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'flowline-demo-1';

/** Fills the embedded issuer's real login page. */
export async function fillLoginPage(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Sign in to Flowline' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** From the landing page through the login page into the shell. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/landingpage');
  await page.getByRole('button', { name: 'Login' }).click();
  await fillLoginPage(page, email, password);
  // The shell is up once its account menu shows, or the welcome dialog that covers it.
  await expect(
    page
      .getByRole('button', { name: 'Account menu' })
      .or(page.getByRole('dialog', { name: 'Welcome to Flowline' })),
  ).toBeVisible();
}

/** Closes the welcome dialog that greets administrators, when it is open. */
export async function skipWelcome(page: Page) {
  const skip = page.getByRole('button', { name: 'Skip for now' });
  if (await skip.isVisible().catch(() => false)) await skip.click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Waits until MUI's open transition of the dialog is over (axe reads colours mid-fade otherwise). */
export async function dialogSettled(page: Page) {
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

export async function logOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/landingpage/);
}
