import { expect, test, type Page } from '@playwright/test';
import { fillLoginPage, skipWelcome } from '../support/session';
import { readTemporaryPassword } from '../support/mailbox';

/** Picks an option of an MUI select by the field's label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a new company registers, receives its temporary password and signs in', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const companyName = `Caprock Field Services ${stamp} LLC`;
  const email = `owner-${stamp}@caprock.example`;

  await page.goto('/landingpage');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Already have an account? Login instead' }),
  ).toBeVisible();

  // Account Details
  await page.getByLabel('Legal Name').fill(companyName);
  await page.getByLabel('Known As').fill('Caprock');
  await page.getByRole('combobox', { name: 'Time Zone' }).fill('America/Chicago');
  await page.getByRole('option', { name: /\) America\/Chicago$/ }).click();
  await page.getByLabel('Address Line 1').fill('400 W Illinois Ave');
  await page.getByLabel('Address Line 2').fill('Suite 1200');
  await page.getByLabel('Address Line 3').fill('Attn: Accounts');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await choose(page, 'Country', 'United States');
  await choose(page, 'State', 'Texas');
  await page.getByLabel('City').fill('Midland');
  await page.getByLabel('Zip Code').fill('79701-4312');
  await choose(page, 'Tax Identification Type', 'EIN');
  await expect(page.getByText('Format: NN-NNNNNNN')).toBeVisible();
  await page.getByLabel('Tax Number').fill(`7${String(Date.now()).slice(-8)}`);

  // Administrative User
  await page.getByLabel('First Name').fill('Avery');
  await page.getByLabel('Last Name').fill('Cole');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Registration Successful' }),
  ).toBeVisible();
  await expect(page.getByText(companyName)).toBeVisible();
  await expect(page.getByText('Please check your email for further instructions')).toBeVisible();
  await expect(page).toHaveURL(/\/registersuccess\?companyName=/);

  const password = await readTemporaryPassword(page, email);

  await page.goto('/landingpage');
  await page.getByRole('button', { name: 'Login' }).click();
  await fillLoginPage(page, email, password);
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('caprock-owner-2026');
  await page.getByLabel('Confirm new password').fill('caprock-owner-2026');
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page.getByRole('dialog', { name: 'Welcome to Flowline' })).toBeVisible();
  await skipWelcome(page);
  await expect(page.getByTestId('selected-company-name').filter({ visible: true })).toHaveText(
    companyName,
  );
});

test('a duplicate registration is refused with a message and the form stays', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Legal Name').fill('Permian Basin Services LLC');
  await page.getByRole('combobox', { name: 'Time Zone' }).fill('America/Denver');
  await page.getByRole('option', { name: /\) America\/Denver$/ }).click();
  await page.getByLabel('Address Line 1').fill('1 Main St');
  await choose(page, 'Country', 'Canada');
  await choose(page, 'Province', 'Alberta');
  await page.getByLabel('City').fill('Calgary');
  await page.getByLabel('Postal Code').fill('t2p 1j9');
  await expect(page.getByLabel('Postal Code')).toHaveValue('T2P 1J9');
  await choose(page, 'Tax Identification Type', 'Business Number');
  await page.getByLabel('Tax Number').fill('123456789');
  await page.getByLabel('First Name').fill('Sam');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Email').fill(`sam-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('alert')).toHaveText(
    'A company with this name or tax number is already registered.',
  );
  await expect(page.getByRole('button', { name: 'Register' })).toBeEnabled();
  await expect(page).toHaveURL(/\/register$/);
});
