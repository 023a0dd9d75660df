import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn, skipWelcome } from '../support/session';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const COMPANY = 'Permian Basin Services LLC';

test('an administrator uploads the logo and sees it in the top bar', async ({ page }) => {
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  await page.goto('/admin/logo');
  await expect(
    page.getByText('The logo will be resized to 250px wide and 50px tall.'),
  ).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file or drag it here' }).click();
  await (await chooser).setFiles(path.join(fixtures, 'logo.png'));
  await expect(page.getByText('Logo uploaded')).toBeVisible();

  const logo = page.getByRole('banner').getByRole('img', { name: `${COMPANY} logo` });
  await expect(logo).toBeVisible();
  // Served as the 250×50 PNG the server made of it.
  const size = await logo.evaluate((img: HTMLImageElement) => [
    img.naturalWidth,
    img.naturalHeight,
  ]);
  expect(size).toEqual([250, 50]);

  await page.reload();
  await expect(
    page.getByRole('banner').getByRole('img', { name: `${COMPANY} logo` }),
  ).toBeVisible();
});

test('an administrator uploads a private W9, finds it in the list and downloads it', async ({
  page,
}) => {
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  await page.goto('/admin/legalDocuments/1');
  await expect(page.getByRole('heading', { level: 1, name: 'W9' })).toBeVisible();
  await page.getByRole('link', { name: 'Upload New' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload W9' })).toBeVisible();

  await page.getByTestId('file-input').setInputFiles(path.join(fixtures, 'w9-sample.pdf'));
  await expect(page.getByText('w9-sample.pdf')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Private' })).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  // A demo company may already have an active W9: confirm that this one replaces it.
  const confirm = page.getByRole('dialog', { name: 'Replace the active W9?' });
  const success = page.getByText('Successfully uploaded the document');
  await expect(confirm.or(success)).toBeVisible();
  if (await confirm.isVisible()) {
    await confirm.getByRole('button', { name: 'Continue' }).click();
    // Taking the active one's place is a replacement (spec 3 §8, issue 27 item 26).
    await expect(page.getByText('Successfuly replaced the document')).toBeVisible();
  } else await expect(success).toBeVisible();

  await expect(page).toHaveURL(/\/admin\/legalDocuments\/1$/);
  const row = page.getByRole('row').filter({ hasText: 'Private' }).filter({ hasText: 'Yes' });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit W9' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('w9-sample.pdf');
  const saved = await file.path();
  expect(fs.readFileSync(saved).equals(fs.readFileSync(path.join(fixtures, 'w9-sample.pdf')))).toBe(
    true,
  );
});
