import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { dropFile } from '../support/files';
import { dialogSettled, logOut, signIn, skipWelcome } from '../support/session';

const samplePdf = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/w9-sample.pdf'));
const field = (page: Page, name: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${name}`) });

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
  await page.goto('/documentlist/93');
  await page.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send AR Invoice' });
  await dialogSettled(page);
  await dialog.getByRole('combobox', { name: /^Search/ }).fill('Red Mesa');
  await page.getByRole('option', { name: /Red Mesa Operating Co\./ }).click();
  await dropFile(page, 'Choose a file or drag it here', 'slickline-invoice.pdf', samplePdf);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/documents\/\d+$/, { timeout: 30_000 });
  const id = /\/documents\/(\d+)$/.exec(page.url())![1]!;

  await field(page, 'Invoice Number').fill(number);
  await field(page, 'Invoice Date').pressSequentially('11202026');
  await field(page, 'Service Date').pressSequentially('11182026');
  await field(page, 'Invoice Total').pressSequentially('4250.75');
  await field(page, 'Description').fill(`${word} run and pressure test, Pecos County`);
  const billTo = page.getByRole('combobox', { name: /^Bill To/ });
  if ((await billTo.inputValue()) === '') {
    await billTo.click();
    await page.getByRole('option').first().click();
  }
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Document Sent')).toBeVisible();
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
