import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';

/**
 * Issue 27, the lists people work in all day: the receiving side names the sender on every row,
 * on a laptop and on a phone; every member reaches every document type from the navigation.
 */

const VENDOR = 'Permian Basin Services LLC';

async function openFromNavigation(page: Page, label: string, title: string) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // On a phone the navigation is a drawer behind the menu button.
  if (page.viewportSize()!.width < 900) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
  await nav.getByRole('link', { name: label, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const grid = page.getByRole('grid', { name: title });
  await expect(grid.locator('.MuiDataGrid-row').first()).toBeVisible();
  await expect(page.locator('.MuiDataGrid-overlay .MuiCircularProgress-root')).toHaveCount(0);
  return grid;
}

test('a purchaser’s AR invoice list names the vendor on every row (1366×768)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'user@redmesa.example');
  const grid = await openFromNavigation(page, 'AR Invoice', 'AR Invoices');

  const headers = grid.getByRole('columnheader');
  await expect(headers.filter({ hasText: /^From$/ })).toHaveCount(1);
  // Red Mesa is the purchaser of every invoice it receives: no column repeats it.
  await expect(headers.filter({ hasText: 'Purchaser' })).toHaveCount(0);

  const rows = grid.locator('.MuiDataGrid-row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(rows.nth(i).locator('[data-field="counterparty"]')).toHaveText(VENDOR);
  }
  // Headers are whole at this width (issue 27 item 4): none is cut with an ellipsis.
  const cut = await grid
    .locator('.MuiDataGrid-columnHeaderTitle')
    .evaluateAll((titles) =>
      titles
        .filter((t) => t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1)
        .map((t) => t.textContent),
    );
  expect(cut).toEqual([]);
});

test('a purchaser’s AR invoice list names the vendor on every row (390×844)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'user@redmesa.example');
  const grid = await openFromNavigation(page, 'AR Invoice', 'AR Invoices');

  // The row is a two-line card under Doc #: the invoice number, then the sender, total and dates.
  const rows = grid.locator('.MuiDataGrid-row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const card = rows.nth(i).locator('[data-field="id"]');
    await expect(card).toContainText(`From ${VENDOR}`);
    await expect(card).toContainText('Invoice Total $');
    await expect(card).toContainText(/Invoice Number: \S+/);
  }
  // Nothing scrolls sideways.
  const overflow = await page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    return doc.scrollWidth - doc.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(1);
});

test('an owner’s member opens 1099s from the navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'user@hawthorne.example');
  const grid = await openFromNavigation(page, '1099', '1099s');
  await expect(page).toHaveURL(/\/documentlist\/90$/);
  const rows = grid.locator('.MuiDataGrid-row');
  expect(await rows.count()).toBeGreaterThan(0);
  // Received 1099s name their payer (From), not the owner itself (Recipient).
  await expect(rows.first().locator('[data-field="counterparty"]')).toHaveText(
    'Red Mesa Operating Co.',
  );
  await expect(grid.getByRole('columnheader').filter({ hasText: 'Recipient' })).toHaveCount(0);
});

test('the dashboard’s Rejected AR Invoices table stays inside its card on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'user@permian.example');
  const widget = page.getByRole('region', { name: 'Rejected AR Invoices' });
  const table = widget.locator('table');
  await expect(table).toBeVisible();
  const [card, inner] = await Promise.all([widget.boundingBox(), table.boundingBox()]);
  expect(inner!.x).toBeGreaterThanOrEqual(card!.x - 1);
  expect(inner!.x + inner!.width).toBeLessThanOrEqual(card!.x + card!.width + 1);
});

test('the operator’s division-order list says how each came back, and filters by it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'user@redmesa.example');
  const grid = await openFromNavigation(page, 'Pending Division Order', 'Pending Division Orders');
  await expect(grid.getByRole('columnheader', { name: 'Response Status' })).toBeVisible();
  // Other journeys (division-orders.spec.ts) may have returned more orders before this one.
  await expect(grid.getByText('Returned signed', { exact: true }).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Returned' }).click();
  await page.getByRole('option', { name: 'Returned signed' }).click();
  await expect(page).toHaveURL(/returnKind=signed/);
  const rows = grid.locator('.MuiDataGrid-row');
  // The rows of the unfiltered page may still be there for a moment: wait for the filtered ones.
  const cells = (field: string) => rows.locator(`[data-field="${field}"]`).allTextContents();
  await expect
    .poll(async () => {
      const statuses = await cells('routeStatusId');
      return statuses.length > 0 && statuses.every((text) => text === 'Returned signed');
    })
    .toBe(true);
  expect(new Set(await cells('docDOResponseStatus'))).toEqual(new Set(['Returned Signed']));
});
