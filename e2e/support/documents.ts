import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { dropFile } from './files';
import { dialogSettled } from './session';

export const samplePdf = fs.readFileSync(
  path.resolve(import.meta.dirname, '../fixtures/w9-sample.pdf'),
);

export const metadataField = (page: Page, name: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${name}`) });

/**
 * From the AR invoice list of a signed-in vendor: Send → Red Mesa → drop a PDF → the document
 * screen → fill the invoice → Send. Returns the new document's id.
 */
export async function sendArInvoiceToRedMesa(
  page: Page,
  invoice: { number: string; total: string; fileName: string; description?: string },
  beforeSend?: (page: Page) => Promise<void>,
): Promise<string> {
  await page.goto('/documentlist/93');
  await page.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send AR Invoice' });
  await dialogSettled(page);
  await dialog.getByRole('combobox', { name: /^Search/ }).fill('Red Mesa');
  await page.getByRole('option', { name: /Red Mesa Operating Co\./ }).click();
  // A file of its own (a comment after the PDF's end): the same bytes twice would be flagged as
  // a possible duplicate of an invoice another journey sent to Red Mesa.
  const bytes = Buffer.concat([samplePdf, Buffer.from(`\n% ${invoice.number}\n`, 'latin1')]);
  await dropFile(page, 'Choose a file or drag it here', invoice.fileName, bytes);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/documents\/\d+$/, { timeout: 30_000 });
  const id = /\/documents\/(\d+)$/.exec(page.url())![1]!;

  await metadataField(page, 'Invoice Number').fill(invoice.number);
  await metadataField(page, 'Invoice Date').pressSequentially('11202026');
  await metadataField(page, 'Service Date').pressSequentially('11182026');
  await metadataField(page, 'Invoice Total').pressSequentially(invoice.total);
  if (invoice.description) await metadataField(page, 'Description').fill(invoice.description);
  const billTo = page.getByRole('combobox', { name: /^Bill To/ });
  if ((await billTo.inputValue()) === '') {
    await billTo.click();
    await page.getByRole('option').first().click();
  }
  if (beforeSend) await beforeSend(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Document Sent')).toBeVisible();
  return id;
}
