import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

/**
 * Issue 30 item 5: the purchaser exports its whole AR invoice list to XLSX from the list screen
 * and the file holds every row of the list, with real dates and money cells.
 */

const VENDOR = 'Permian Basin Services LLC';

test('the AR invoice list exports to XLSX with every row, dates and money typed (1280×800)', async ({
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
  const total = Number(
    /of (\d+)/.exec(
      (await page.locator('.MuiTablePagination-displayedRows').innerText()) ?? '',
    )?.[1],
  );
  expect(total).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export to Excel (XLSX)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^AR Invoice \d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('Export downloaded')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header[0]).toBe('Doc #');
  expect(header).toContain('From');
  expect(sheet.rowCount - 1).toBe(total);
  const from = header.indexOf('From') + 1;
  const money = header.findIndex((h) => /Total/.test(h)) + 1;
  const date = header.findIndex((h) => /Invoice Date/.test(h)) + 1;
  for (let r = 2; r <= sheet.rowCount; r++) {
    expect(sheet.getRow(r).getCell(from).value).toBe(VENDOR);
  }
  const second = sheet.getRow(2);
  expect(money).toBeGreaterThan(0);
  expect(typeof second.getCell(money).value).toBe('number');
  expect(second.getCell(money).numFmt).toContain('#,##0.00');
  if (date > 0 && second.getCell(date).value !== null) {
    expect(second.getCell(date).value).toBeInstanceOf(Date);
    expect(second.getCell(date).numFmt).toBe('mm/dd/yyyy');
  }
});
