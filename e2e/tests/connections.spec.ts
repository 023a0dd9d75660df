import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callApi } from '../support/api';
import { signIn, skipWelcome } from '../support/session';

// Seeded by seedDemoAch (apps/server/src/modules/ach/demo.ts) for the vendor company.
const PROFILE = 'Permian Basin Services - Midland';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function choose(page: Page, label: string, option: string) {
  // The form may re-render while its lookups arrive on a busy machine: retry the pick as a whole.
  await expect(async () => {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2000 });
    await expect(page.getByRole('listbox')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test('an administrator creates, finds and deletes a connection', async ({ page }) => {
  const name = `Basin Water Hauling ${Date.now()}`;
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);

  await page.goto('/admin/parties');
  await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Red Mesa Operating Co\./ })).toContainText(
    'Connected',
  );
  await page.getByRole('link', { name: 'New Connection' }).click();
  await expect(page).toHaveURL(/\/admin\/connection\/create$/);

  await choose(page, 'Type', 'Vendor');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Number', exact: true }).fill(`BWH-${Date.now()}`);
  const profileChip = page.getByRole('button', { name: PROFILE });
  if (!(await profileChip.isVisible())) await choose(page, 'Profile', PROFILE);
  await page.getByRole('textbox', { name: 'Tax Identifier' }).fill('75-1234567');
  const emails = page.getByRole('textbox', { name: 'Emails' });
  await emails.fill('ap@basinwater.example not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('not-an-email is not a valid email')).toBeVisible();

  await emails.fill('ap@basinwater.example billing@basinwater.example');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection Saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/parties$/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  // Wait for the searched page to replace the full list before clicking into it.
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Not on network');
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Emails' })).toHaveValue(
    'ap@basinwater.example billing@basinwater.example',
  );

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Connection Deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/parties$/);
  // The deleted record is not fetched again (that answered 404 with a red 'Connection not found').
  await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();
  await expect(page.getByText('Connection not found')).toHaveCount(0);
});

test('a connected connection cannot be deleted', async ({ page }) => {
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  await page.goto('/admin/parties');
  await page.getByRole('link', { name: 'Red Mesa Operating Co.' }).click();
  await expect(page.getByLabel('Connection status')).toContainText('Connected');
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(
    page.getByText('Connected connection or connections with pending invites cannot be deleted'),
  ).toBeVisible();
});

test('possible connections show only connections not on the network', async ({ page }) => {
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  await page.goto('/admin/connections');
  await expect(page.getByRole('row', { name: /Caprock Midstream Partners/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Red Mesa Operating Co\./ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
});

test('possible connections: Connect for a selection invites each at its e-mail', async ({
  page,
}) => {
  const name = `Selection Supply ${Date.now()}`;
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const profiles = await callApi<{ items: { id: number; name: string }[] }>(
    page,
    'GET',
    '/api/companyorgunit?page=1&pageSize=100',
  );
  const profile = profiles.items.find((p) => p.name === PROFILE);
  await callApi(page, 'POST', '/api/party', {
    partyTypeId: 1,
    name,
    number: `SEL-${Date.now()}`,
    emails: 'ap@selection.example',
    taxTypeId: 'EIN',
    taxIdentifier: '98-7654321',
    companyOrgUnitIds: [profile?.id],
  });

  await page.goto('/admin/connections');
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Connect (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect 1 selected' });
  await expect(dialog).toContainText('ap@selection.example');
  await dialog.getByRole('checkbox', { name: /due diligence/ }).check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Invitation sent to 1 connection')).toBeVisible();
  // Invited now: no longer a possible connection.
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a member opens Connections from the top bar and Invitations: read-only, actions disabled (issue 27 item 20)', async ({
  page,
}) => {
  await signIn(page, 'user@permian.example');
  await skipWelcome(page);
  await page.getByRole('button', { name: /^Connections/ }).click();
  await expect(page).toHaveURL(/\/admin\/connections$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You need to be an administrator' })).toHaveCount(
    0,
  );
  await expect(page.getByText(/Only Administrators can change them/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Find matches' })).toBeDisabled();

  await page.goto('/admin/parties');
  const redMesa = page.getByRole('row', { name: /Red Mesa Operating Co\./ });
  await expect(redMesa).toContainText('Connected');
  await expect(redMesa.getByRole('button', { name: 'Disconnect' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  // The server still refuses a member's write.
  const refused = await page.evaluate(async () => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
    const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string };
    const res = await fetch('/api/party/999999/disconnect', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.access_token ?? ''}`,
        'company-id': localStorage.getItem('flowline.selectedCompanyId') ?? '',
      },
    });
    return res.status;
  });
  expect(refused).toBe(403);

  await page.goto('/admin/invitations');
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Invitations' })).toBeVisible();
  await expect(page.getByText(/Only Administrators can change them/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an administrator renames a term on the Terminology screen; the navigation follows (issue 27 item 22)', async ({
  page,
}) => {
  await signIn(page, 'admin@hawthorne.example');
  await skipWelcome(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Terminology' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terminology' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Connection' });
  await expect(field).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await field.fill('Partner');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Terminology Saved')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Partners' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Partners/ })).toBeVisible();
  // Back to the default for the other journeys.
  await field.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(nav.getByRole('link', { name: 'Connections' })).toBeVisible();
});
