import { expect, test, type Page } from '@playwright/test';
import { signIn, skipWelcome } from '../support/session';

// Seeded by seedDemoAch (apps/server/src/modules/ach/demo.ts) for the vendor company.
const PROFILE = 'Permian Basin Services - Midland';
const CONNECTION = 'Red Mesa Operating Co.';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an administrator creates an ACH: the routing number is checked, the account masked', async ({
  page,
}) => {
  const accountNumber = `4${String(Date.now()).slice(-9)}`;
  const lastFour = accountNumber.slice(-4);
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);

  await page.goto('/admin/achs');
  await expect(page.getByRole('heading', { level: 1, name: 'ACH' })).toBeVisible();
  await page.getByRole('link', { name: 'Create New' }).click();
  await expect(page).toHaveURL(/\/admin\/ach\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create ACH' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Bank Name' }).fill('Midland Federal Bank');
  await choose(page, 'Country', 'United States of America');
  const routing = page.getByRole('textbox', { name: 'Routing Number' });
  await routing.fill('021000022');
  await page.getByRole('textbox', { name: 'Account Number' }).fill(accountNumber);
  await choose(page, 'Account Type', 'Checking');
  // With a single profile it is preselected; other seeds may add more.
  const profileChip = page.getByRole('button', { name: PROFILE });
  if (!(await profileChip.isVisible())) await choose(page, 'Profile', PROFILE);
  await expect(profileChip).toBeVisible();
  await choose(page, 'Connection', CONNECTION);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Invalid routing number: the check digit does not match'),
  ).toBeVisible();
  await routing.fill('521000021');
  await expect(page.getByText('Must be 9 digits and begin with 0, 1, 2, or 3')).toBeVisible();
  await routing.fill('011000015');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('ACH Saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/achs$/);
  const row = page.getByRole('row', { name: /Midland Federal Bank/ });
  await expect(row).toContainText(`••••${lastFour}`);
  // Routing numbers are stored encrypted and masked in the list too (docs/secrets-at-rest.md).
  await expect(row).toContainText('••••0015');
  await expect(page.getByText('011000015')).toHaveCount(0);
  await expect(row).toContainText(CONNECTION);
  await expect(page.getByText(accountNumber)).toHaveCount(0);

  // Editing keeps the number masked until the user asks to change it.
  await row.getByRole('link', { name: 'Midland Federal Bank' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit ACH' })).toBeVisible();
  const account = page.getByRole('textbox', { name: 'Account Number' });
  await expect(account).toHaveValue(`••••${lastFour}`);
  await page.getByRole('button', { name: 'Change' }).click();
  await expect(account).toHaveValue(accountNumber);
  await account.fill('777000111');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('ACH Updated')).toBeVisible();
  await expect(page.getByRole('row', { name: /Midland Federal Bank/ })).toContainText('••••0111');
});

test('a User does not reach the ACH screens', async ({ page }) => {
  await signIn(page, 'user@permian.example');
  await page.goto('/admin/achs');
  await expect(
    page.getByRole('heading', { name: 'You need to be an administrator' }),
  ).toBeVisible();
});
