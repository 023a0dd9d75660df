import { expect, test } from '@playwright/test';
import { callApi } from '../support/api';
import { readFromNewestMail } from '../support/mailbox';
import { firstSignIn, registerCompany } from '../support/registration';
import { logOut, signIn, skipWelcome } from '../support/session';

const PERMIAN = 'Permian Basin Services LLC';

interface Page1<T> {
  items: T[];
}
interface Row {
  id: number;
  name: string;
  partyStatus: string;
}

test('a company invited by e-mail registers and accepts the invitation', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const companyName = `Mesa Verde Hauling ${stamp} LLC`;
  const email = `owner-${stamp}@mesaverde.example`;
  const connectionName = `Mesa Verde Hauling ${stamp}`;

  // Permian invites a connection that is not on the network yet.
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const profiles = await callApi<Page1<{ id: number }>>(page, 'GET', '/api/companyorgunit');
  const party = await callApi<{ id: number }>(page, 'POST', '/api/party', {
    partyTypeId: 1,
    name: connectionName,
    number: `MVH-${stamp}`,
    emails: email,
    taxIdentifier: '75-1234567',
    companyOrgUnitIds: [profiles.items[0]?.id],
  });
  await callApi(page, 'PUT', `/api/party/${party.id}/invite`, { email });
  await logOut(page);

  // The invitee registers through the mailed link.
  const token = await readFromNewestMail(page, email, /\/register\/([\w-]+)/);
  await page.goto(`/register/${token}`);
  await registerCompany(page, companyName, email);
  await firstSignIn(page, email, 'mesa-verde-owner-2026');

  // Saving the invitation to the new company lands on the invitation list.
  await page.goto(`/admin/invitations/${token}`);
  await expect(page).toHaveURL(/\/admin\/invitations$/);
  await page.getByRole('button', { name: 'Accept' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accept Invitation' })).toBeVisible();

  const next = page.getByRole('button', { name: 'Next' });
  const accept = page.getByRole('button', { name: 'Accept' });
  await expect(next).toBeDisabled();
  await expect(accept).toBeDisabled();
  await page.getByRole('checkbox', { name: /due diligence per company policy/ }).check();
  await next.click();
  await expect(page.getByRole('radio', { name: /existing connection/ })).toBeChecked();
  await next.click();
  await expect(next).toBeDisabled();

  const noProfile = page.getByText('The company has no active profile yet', { exact: false });
  const profile = page.getByRole('combobox', { name: 'Profile' });
  await expect(profile.or(noProfile)).toBeVisible();
  if (await noProfile.isVisible()) {
    // A brand-new company has no profile yet: the new-profile path creates one.
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('radio', { name: 'Create a new profile (advanced)' }).check();
    await next.click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Main Yard');
    await page.getByRole('textbox', { name: 'Company Code' }).fill(`MY-${stamp}`);
    await page.getByRole('checkbox', { name: `Select ${email}` }).check();
  }
  await expect(accept).toBeEnabled();
  await accept.click();

  await expect(page.getByText(`You are now connected to ${PERMIAN}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/parties$/);

  // Both sides hold a connected record for the other.
  const mine = await callApi<Page1<Row>>(
    page,
    'GET',
    `/api/party/grid/search?query=${encodeURIComponent('Permian')}`,
  );
  expect(mine.items.map((r) => r.partyStatus)).toContain('connected');
  await logOut(page);

  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const theirs = await callApi<Page1<Row>>(
    page,
    'GET',
    `/api/party/grid/search?query=${encodeURIComponent(connectionName)}`,
  );
  expect(theirs.items.find((r) => r.id === party.id)?.partyStatus).toBe('connected');
});
