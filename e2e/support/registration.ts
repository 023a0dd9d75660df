import { expect, type Page } from '@playwright/test';
import { readTemporaryPassword } from './mailbox';
import { fillLoginPage, skipWelcome } from './session';

/** Picks an option of an MUI select by the field's label. */
export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the Sign Up form (already open: /register or /register/{token}) for a Texas company. */
export async function registerCompany(page: Page, companyName: string, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Legal Name').fill(companyName);
  await page.getByRole('combobox', { name: 'Time Zone' }).fill('America/Chicago');
  await page.getByRole('option', { name: /\) America\/Chicago$/ }).click();
  await page.getByLabel('Address Line 1').fill('400 W Illinois Ave');
  await chooseOption(page, 'Country', 'United States');
  await chooseOption(page, 'State', 'Texas');
  await page.getByLabel('City').fill('Midland');
  await page.getByLabel('Zip Code').fill('79701');
  await chooseOption(page, 'Tax Identification Type', 'EIN');
  await page.getByLabel('Tax Number').fill(`7${String(Date.now()).slice(-8)}`);
  await page.getByLabel('First Name').fill('Avery');
  await page.getByLabel('Last Name').fill('Cole');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Registration Successful' }),
  ).toBeVisible();
}

/** Signs in with the mailed temporary password, sets `newPassword` and closes the welcome dialog. */
export async function firstSignIn(page: Page, email: string, newPassword: string) {
  const password = await readTemporaryPassword(page, email);
  await page.goto('/landingpage');
  await page.getByRole('button', { name: 'Login' }).click();
  await fillLoginPage(page, email, password);
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome to Flowline' })).toBeVisible();
  await skipWelcome(page);
}

/**
 * First sign-in from a link in the welcome mail (e.g. '/admin/invitations'): the app sends the
 * visitor through the landing page and the login page, the temporary password is changed, and the
 * browser returns to the link.
 */
export async function firstSignInFromLink(
  page: Page,
  link: string | null,
  email: string,
  newPassword: string,
) {
  const password = await readTemporaryPassword(page, email);
  // null: the login page is already open.
  if (link !== null) await page.goto(link);
  await fillLoginPage(page, email, password);
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
}
