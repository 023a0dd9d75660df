import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi } from '../support/api';
import { fillLoginPage, logOut, signIn, skipWelcome } from '../support/session';

const run = Date.now().toString(36);
const profileName = `Odessa Yard ${run}`;
const profileCode = `ODE-${run}`;
const newEmail = `e2e-${run}@permian.example`;

const addressMessage =
  'Valid address should contain Line one, City, Country, State and Zip/postal code';

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an administrator creates a profile, then a user assigned to it', async ({ page }) => {
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);

  await page.goto('/admin/orgunits');
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible();
  await page.getByRole('link', { name: 'New Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Profile' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(profileName);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(profileCode);

  // A partial address is refused with the spec's message, and nothing is saved.
  const main = page.getByRole('region', { name: 'Main Address' });
  await main.getByRole('textbox', { name: 'City', exact: true }).fill('Odessa');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(addressMessage)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orgunit\/create$/);

  await main.getByRole('combobox', { name: 'Country' }).fill('United St');
  await page.getByRole('option', { name: 'United States', exact: true }).click();
  await choose(page, main, 'State', 'Texas');
  await main.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('1200 N Grant Ave');
  await main.getByRole('textbox', { name: 'Zip Code', exact: true }).fill('79763');
  await page.getByRole('checkbox', { name: 'Assign Paula Vance' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(/\/admin\/orgunits$/);
  await expect(page.getByText('Profile Created')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(profileCode);
  const profiles = page.getByRole('grid', { name: 'Profiles' });
  await expect(profiles.getByRole('link', { name: profileName })).toBeVisible();
  await expect(profiles.getByText('79763')).toBeVisible();

  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('link', { name: 'New User' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail);
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Elena');
  await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Test');
  await expect(page.getByRole('combobox', { name: 'Main Role' })).toHaveText('ReadOnly');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('You must select at least 1 Profile')).toBeVisible();
  await page.getByRole('checkbox', { name: profileName }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText('User Created')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`e2e-${run}`);
  await expect(
    page.getByRole('grid', { name: 'Users' }).getByRole('link', { name: newEmail }),
  ).toBeVisible();

  // The new user is assigned to the profile.
  await page.goto('/admin/orgunits');
  await page.getByRole('searchbox', { name: 'Search' }).fill(profileCode);
  await page.getByRole('link', { name: profileName }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Assign Elena Test' })).toBeChecked();
});

test('the admin screens tell other roles they need to be an administrator', async ({ page }) => {
  await signIn(page, 'user@permian.example');
  await skipWelcome(page);
  for (const path of ['/admin/users', '/admin/orgunits', '/admin/user/create']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'You need to be an administrator' }),
    ).toBeVisible();
  }
});

test('my date format is saved on My profile', async ({ page }) => {
  await signIn(page, 'user@permian.example');
  await skipWelcome(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email Address', exact: true })).toHaveValue(
    'user@permian.example',
  );
  await choose(page, page.locator('form'), 'Date Format', 'yyyy-MM-dd');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Successfully updated settings')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  await expect(page.getByRole('combobox', { name: 'Date Format' })).toHaveText('yyyy-MM-dd');
  // Back to the default: later journeys type this user's dates as MM/dd/yyyy.
  await choose(page, page.locator('form'), 'Date Format', 'MM/dd/yyyy');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Successfully updated settings')).toBeVisible();
  await logOut(page);
});

test('a blocked user who signs in is told their access to the company is blocked (issue 27 item 23)', async ({
  page,
  browser,
}) => {
  const company = 'Hawthorne Royalty Trust';
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@hawthorne.example');
  await skipWelcome(admin);
  const { items } = await callApi<{ items: { id: number }[] }>(
    admin,
    'GET',
    '/api/users/exchange?query=readonly@hawthorne.example',
  );
  const id = items[0]!.id;
  await callApi(admin, 'POST', `/api/users/${id}/block`, {});
  try {
    await page.goto('/landingpage');
    await page.getByRole('button', { name: 'Login' }).click();
    await fillLoginPage(page, 'readonly@hawthorne.example');
    const message = `Your access to ${company} is blocked. Ask an Administrator of ${company} to unblock you.`;
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your access is blocked' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(message);
    // Signed out after the spec's 1.5 s, and the landing page still says why.
    await expect(page).toHaveURL(/\/landingpage/, { timeout: 15_000 });
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  } finally {
    await callApi(admin, 'POST', `/api/users/${id}/unblock`, {});
    await adminContext.close();
  }
});
