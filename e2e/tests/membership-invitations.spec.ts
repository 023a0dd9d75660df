import { expect, test } from '@playwright/test';
import { readFromNewestMail } from '../support/mailbox';
import { fillLoginPage, logOut, signIn, skipWelcome } from '../support/session';

// Issue 10 item 2: adding someone who already has a Flowline account asks them to join; nothing
// of them is shown to the company until they accept, from the link in the e-mail.
test('a person already on Flowline is asked to join, and joins from the mailed link', async ({
  page,
}) => {
  const invitee = 'readonly@redmesa.example';
  await signIn(page, 'admin@hawthorne.example');
  await skipWelcome(page);
  await page.goto('/admin/user/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(invitee);
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Typed');
  await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('By Hawthorne');
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('User Created')).toBeVisible();

  // The list shows only what was typed, as a pending invitation.
  await page.getByRole('searchbox', { name: 'Search' }).fill('readonly@redmesa');
  const grid = page.getByRole('grid', { name: 'Users' });
  await expect(grid.getByText('Invitation pending')).toBeVisible();
  await expect(grid.getByText('By Hawthorne')).toBeVisible();
  await logOut(page);

  // The person opens the link of the invitation e-mail and signs in there.
  const link = await readFromNewestMail(page, invitee, /(http\S+\/membership-invitations)/);
  await page.goto(link);
  await fillLoginPage(page, invitee);
  await expect(page).toHaveURL(/\/membership-invitations$/);
  const card = page.getByRole('region', { name: 'Hawthorne Royalty Trust' });
  await expect(card).toContainText('invited you');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('You joined Hawthorne Royalty Trust')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Hawthorne Royalty Trust');
});

test('a sign-in e-mail changes only when the new address confirms it', async ({ page }) => {
  const run = Date.now().toString(36);
  const oldEmail = 'user@hawthorne.example';
  const newEmail = `hawthorne-user-${run}@example.com`;
  await signIn(page, oldEmail);
  await skipWelcome(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change Email Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Email Address' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`A confirmation link was sent to ${newEmail}`)).toBeVisible();
  await expect(page.getByText(`Waiting for ${newEmail} to confirm the change`)).toBeVisible();
  // The old address is warned.
  await readFromNewestMail(page, oldEmail, /(change your sign-in e-mail)/);
  await logOut(page);

  const link = await readFromNewestMail(page, newEmail, /(http\S+\/confirm-email\/\S+)/);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page.getByText('Your sign-in e-mail address was changed.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await fillLoginPage(page, newEmail);
  await expect(page.getByRole('banner')).toContainText('Hawthorne Royalty Trust');

  // Change it back so the demo account keeps its address for other journeys.
  await skipWelcome(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change Email Address' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Email' }).fill(oldEmail);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`A confirmation link was sent to ${oldEmail}`)).toBeVisible();
  const back = await readFromNewestMail(page, oldEmail, /(http\S+\/confirm-email\/\S+)/);
  await page.goto(back);
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page.getByText('Your sign-in e-mail address was changed.')).toBeVisible();
});
