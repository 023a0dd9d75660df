import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { dropFile } from '../support/files';
import { dialogSettled, signIn, skipWelcome } from '../support/session';

const RED_MESA = 'Red Mesa Operating Co.';
const samplePdf = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/w9-sample.pdf'));

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('a vendor sends an AR invoice from the list and lands on the new document', async ({
  page,
}) => {
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'AR Invoice', exact: true })
    .click();
  await expect(page).toHaveURL(/\/documentlist\/93$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AR Invoices' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Status' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'All',
    'Sent',
    'Received',
    'Approved',
    'Paid',
    'Rejected',
    'Resubmitted',
    'Viewed',
    'On hold',
    'Disputed',
  ]);
  await expect(page.getByRole('grid', { name: 'AR Invoices' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send AR Invoice' });
  await expect(dialog).toBeVisible();
  await dialogSettled(page);
  const picker = dialog.getByRole('combobox', { name: /^Search/ });
  await expect(picker).toBeFocused();
  // Next without a connection: the picker says what is missing and takes the focus back.
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await expect(picker).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await picker.fill('Red Mesa');
  await page.getByRole('option', { name: new RegExp(RED_MESA) }).click();
  await expect(picker).toHaveValue(RED_MESA);
  await expect(dialog.getByRole('combobox', { name: 'Bill To' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Please select a file to send')).toBeVisible();

  await dropFile(page, 'Choose a file or drag it here', 'invoice-1042.pdf', samplePdf);
  await expect(dialog.getByText(/invoice-1042\.pdf/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/documents\/\d+$/, { timeout: 30_000 });
  const id = /\/documents\/(\d+)$/.exec(page.url())![1]!;

  // The new upload is in the list, not yet sent: status New, opened from its row.
  await page.goto('/documentlist/93');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: id }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: id }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${id}$`));
});

test('the document list works on a phone', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, 'user@permian.example');
  await skipWelcome(page);
  await page.goto('/documentlist/93');
  await expect(page.getByRole('heading', { level: 1, name: 'AR Invoices' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'AR Invoices' })).toBeVisible();
  // The page itself never scrolls sideways: wide tables scroll inside the grid.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
