import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';

/**
 * Issue 30 item 6: the purchaser chooses two columns and an Invoice Date range on its AR invoice
 * list, saves it as a view, reloads (the view is still there and in force), then exports the
 * view to XLSX: the file holds exactly the filtered rows, in the chosen columns, typed.
 */

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

const totalOf = async (page: Page) =>
  Number(
    /of (\d+)/.exec(
      (await page.locator('.MuiTablePagination-displayedRows').innerText()) ?? '',
    )?.[1],
  );

const headers = (page: Page) =>
  page
    .getByRole('grid', { name: 'AR Invoices' })
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''))
    // The selection column (bulk approve) has no text.
    .then((names) => names.filter(Boolean));

test('a saved view with a date range and two chosen columns survives a reload and exports exactly its rows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'user@redmesa.example');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'AR Invoice', exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'AR Invoices' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'AR Invoices' });
  await expect(grid.locator('.MuiDataGrid-row').first()).toBeVisible();
  // The pagination's total can still read 0 when the first rows show (a loaded machine).
  await expect.poll(() => totalOf(page)).toBeGreaterThan(0);
  const everything = await totalOf(page);

  // Two columns, Invoice Date and Invoice Total, and the last 60 days.
  await page.getByRole('button', { name: 'Columns and filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Columns and filters' });
  const remove = dialog.getByRole('button', { name: /^Remove column / });
  // The loop reads the buttons as they are: wait until the dialog lists the columns.
  await expect(remove.first()).toBeVisible();
  for (;;) {
    const names = await remove.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
    const extra = names.find(
      (n) => n !== 'Remove column Invoice Date' && n !== 'Remove column Invoice Total',
    );
    if (!extra) break;
    await dialog.getByRole('button', { name: extra, exact: true }).click();
  }
  const from = iso(new Date(Date.now() - 60 * DAY));
  const to = iso(new Date());
  await dialog.getByRole('combobox', { name: 'Add a filter' }).click();
  await page.getByRole('option', { name: 'Invoice Date', exact: true }).click();
  await dialog.getByLabel('Invoice Date from').fill(from);
  await dialog.getByLabel('Invoice Date to').fill(to);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => headers(page))
    .toEqual(['Doc #', 'Icon', 'Invoice Date', 'Invoice Total', 'Status']);
  await expect.poll(() => totalOf(page)).toBeLessThan(everything);
  const filtered = await totalOf(page);
  expect(filtered).toBeGreaterThan(0);

  // Saved as a view: a tab beside the statuses, selected, and in the URL.
  const name = `Last 60 days ${Date.now()}`;
  await page.getByRole('button', { name: 'Save view' }).click();
  const save = page.getByRole('dialog', { name: 'Save view' });
  await save.getByLabel('View name').fill(name);
  await save.getByRole('button', { name: 'Save' }).click();
  const tab = page
    .getByRole('tablist', { name: 'Status' })
    .getByRole('tab', { name: `${name} (saved view)` });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]view=\d+/);

  await page.reload();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() => headers(page))
    .toEqual(['Doc #', 'Icon', 'Invoice Date', 'Invoice Total', 'Status']);
  await expect.poll(() => totalOf(page)).toBe(filtered);

  // The Export menu exports the view: its rows, its columns, typed cells.
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export to Excel (XLSX)' }).click();
  const download = await downloading;
  await expect(page.getByText('Export downloaded')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Doc #',
    'Invoice Date',
    'Invoice Total',
  ]);
  expect(sheet.rowCount - 1).toBe(filtered);
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const date = row.getCell(2);
    expect(date.value).toBeInstanceOf(Date);
    expect(iso(date.value as Date) >= from && iso(date.value as Date) <= to).toBe(true);
    expect(date.numFmt).toBe('mm/dd/yyyy');
    const total = row.getCell(3);
    expect(typeof total.value).toBe('number');
    expect(total.numFmt).toContain('$');
  }

  // Tidy up: the owner deletes the view; the list is back to its usual columns.
  await page.getByRole('button', { name: 'Delete view' }).click();
  await page
    .getByRole('dialog', { name: 'Delete view' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('View deleted')).toBeVisible();
  await expect(tab).toHaveCount(0);
});
