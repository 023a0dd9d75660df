import { expect, test } from '@playwright/test';
import { fillLoginPage, openAccountMenu, signIn, skipWelcome } from '../support/session';

test('the welcome dialog greets an administrator until they opt out', async ({ page }) => {
  await signIn(page, 'admin@hawthorne.example');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Flowline' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Take me to logo' })).toBeVisible();
  await dialog.getByLabel('Do not show this message again').check();
  await dialog.getByRole('button', { name: 'Skip for now' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome to Flowline' })).toHaveCount(0);
});

test('the account menu hides Edit my Profile for a Global user', async ({ page }) => {
  await signIn(page, 'user@hawthorne.example');
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Edit my Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Notifications/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/landingpage/);

  await signIn(page, 'support@flowline.example');
  await skipWelcome(page);
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Change Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit my Profile' })).toHaveCount(0);
});

test('search goes to the search page and unknown routes say Page Not found', async ({ page }) => {
  await signIn(page, 'user@redmesa.example');
  const search = page.getByPlaceholder('Search all documents...');
  await search.fill('invoice 1042');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=invoice(\+|%20)1042/);
  await expect(page.getByRole('heading', { name: 'Search Result for invoice 1042' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('a user with no company is told so and logged out', async ({ page }) => {
  await page.goto('/landingpage');
  await page.getByRole('button', { name: 'Login' }).click();
  await fillLoginPage(page, 'nocompany@flowline.example');
  await expect(page.getByText('You are not authorized to use this application.')).toBeVisible();
  await expect(page).toHaveURL(/\/landingpage/, { timeout: 15_000 });
});

test('the error page offers a logout', async ({ page }) => {
  await page.goto('/errorLoading');
  await expect(
    page.getByText(
      'We are sorry, an error occured while loading the application. Please try to logout and login again, and please report this to us to solve it for the future.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
