import { expect, test } from '@playwright/test';
import { fillLoginPage, logOut, openAccountMenu, signIn, skipWelcome } from '../support/session';

test('a vendor user signs in from the landing page, lands on Home in the shell and logs out', async ({
  page,
}) => {
  await page.goto('/landingpage');
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);

  await fillLoginPage(page, 'user@permian.example', 'wrong-password-1');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page.getByLabel('Email')).toHaveValue('user@permian.example');
  await page.getByLabel('Password').fill('flowline-demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toContainText('Permian Basin Services LLC');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();
  await expect(page.getByPlaceholder('Search all documents...')).toBeVisible();

  await logOut(page);
  // The issuer session ended too: coming back to a page asks for the password again.
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Sign in to Flowline' })).toBeVisible();
});

test('an unauthenticated deep link returns to its page after sign-in', async ({ page }) => {
  await page.goto('/notifications?page=2');
  await fillLoginPage(page, 'user@redmesa.example');
  await expect(page).toHaveURL(/\/notifications\?page=2$/);
  await expect(page.getByRole('banner')).toContainText('Red Mesa Operating Co.');
});

test('a user of two companies switches company via Change Account', async ({ page }) => {
  await signIn(page, 'dana@flowline.example');
  await skipWelcome(page);
  const banner = page.getByRole('banner');
  const first = (await banner.textContent()) ?? '';
  const [from, to] = first.includes('Red Mesa Operating Co.')
    ? ['Red Mesa Operating Co.', 'Permian Basin Services LLC']
    : ['Permian Basin Services LLC', 'Red Mesa Operating Co.'];

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Change Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Account to Navigate to' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(from)).toHaveCount(0);
  await dialog.getByLabel('Account Name').fill(to.slice(0, 4));
  await expect(dialog.getByText('Lone Star Minerals (cloud-hosted)')).toHaveCount(0);
  await dialog.getByText(to).click();

  await expect(banner).toContainText(to);
  await expect(page).toHaveURL(/\/$/);
  // The choice survives a reload (kept in local storage).
  await page.reload();
  await expect(page.getByRole('banner')).toContainText(to);
});

test('a ReadOnly user does not see the admin section; an Administrator does', async ({ page }) => {
  await signIn(page, 'readonly@permian.example');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('list', { name: 'Administration' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await logOut(page);

  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const admin = nav.getByRole('list', { name: 'Administration' });
  await expect(admin).toBeVisible();
  await expect(admin.getByRole('link')).toHaveText([
    'Logo',
    'Profiles',
    'W9',
    'Insurance Certificate',
    'ACH',
    '1099',
    'Users',
    'API Keys',
    'Coding Rules',
    'Price Books',
    'Approval Policies',
    'Terminology',
    'Connections',
    'Invitations',
    'Inbound e-mail',
    'Background jobs',
    'Audit log',
  ]);
});

test('a temporary-password user is forced to change it', async ({ page }) => {
  await page.goto('/landingpage');
  await page.getByRole('button', { name: 'Login' }).click();
  await fillLoginPage(page, 'newhire@permian.example', 'temporary-pass-1');

  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  // Issue 27 item 29: the form's own message, not the browser's bubble.
  await page.getByLabel('New password', { exact: true }).fill('short1');
  await page.getByLabel('Confirm new password').fill('short1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 10 characters');

  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-2');
  await page.getByLabel('Confirm new password').fill('brand-new-pass-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');

  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-2');
  await page.getByLabel('Confirm new password').fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('banner')).toContainText('Permian Basin Services LLC');

  await logOut(page);
  await signIn(page, 'newhire@permian.example', 'brand-new-pass-2');
});
