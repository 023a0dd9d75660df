import { expect, test } from '@playwright/test';
import { metadataField as field, sendArInvoiceToRedMesa } from '../support/documents';
import { logOut, signIn, skipWelcome } from '../support/session';

/**
 * Issue 5's journey end to end, as two users would do it: a vendor uploads an AR invoice for a
 * connected operator, fills it in and sends it; the operator finds it in the inbox, in the AR
 * invoice list and by searching a word of its metadata.
 */
test('a vendor sends an AR invoice; the operator finds it in the inbox, the list and search', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const number = `WL-${Date.now().toString(36).toUpperCase()}`;
  const word = 'Slickline';

  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const id = await sendArInvoiceToRedMesa(page, {
    number,
    total: '4250.75',
    fileName: 'slickline-invoice.pdf',
    description: `${word} run and pressure test, Pecos County`,
  });
  await expect(page).toHaveURL(/\/documentlist\/93$/);
  await logOut(page);

  await signIn(page, 'admin@redmesa.example');
  await skipWelcome(page);

  // Inbox: the new document, unread, with its number.
  await page.goto('/inbox');
  const inboxRow = page.getByRole('row').filter({ hasText: number });
  await expect(inboxRow).toBeVisible();
  await expect(inboxRow.getByRole('link', { name: id })).toBeVisible();

  // The AR invoice list, Received tab.
  await page.goto('/documentlist/93');
  await page.getByRole('tab', { name: 'Received' }).click();
  await expect(page.getByRole('row').filter({ hasText: number })).toBeVisible();

  // Search by a word of the description: the top bar's 'Search for' entry opens the results.
  const search = page.getByRole('combobox', { name: /search/i }).first();
  await search.fill(word);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Search Result for ${word}` }),
  ).toBeVisible();
  const resultRow = page.getByRole('row').filter({ hasText: number });
  await expect(resultRow).toBeVisible();
  await resultRow.getByRole('link', { name: id }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${id}$`));
  await expect(field(page, 'Invoice Number')).toHaveValue(number);
});

test('a third company finds nothing of it', async ({ page }) => {
  await signIn(page, 'admin@hawthorne.example');
  await skipWelcome(page);
  await page.goto('/search?q=Slickline');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Search Result for Slickline' }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'WL-' })).toHaveCount(0);
});
