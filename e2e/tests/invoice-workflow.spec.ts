import { expect, test, type Page } from '@playwright/test';
import { metadataField as field, samplePdf, sendArInvoiceToRedMesa } from '../support/documents';
import { dropFile } from '../support/files';
import { readFromNewestMail } from '../support/mailbox';
import { logOut, signIn, skipWelcome } from '../support/session';
const status = (page: Page, name: string) =>
  expect(page.getByLabel(`Status: ${name}`)).toBeVisible();

/**
 * Issue 12's journey on both sides: the vendor sends an AR invoice; the operator rejects it with a
 * reason; the vendor reads the reason, replaces the file (the viewer shows it) and resubmits in one
 * step; the operator finds the new version in its inbox and opens it from its mail; approves the
 * new version and records its payment; the vendor sees it Paid, with the payment, in its Paid tab.
 */
test('reject, replace and resubmit, approve, pay — as vendor and operator', async ({ page }) => {
  test.setTimeout(240_000);
  const number = `WF-${Date.now().toString(36).toUpperCase()}`;
  const reason = 'The PO number is missing; please add PO-55201.';

  // The vendor sends (its Administrator: administration.spec changes user@permian's date format).
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const firstId = await sendArInvoiceToRedMesa(
    page,
    { number, total: '1850.00', fileName: 'workflow-invoice.pdf' },
    async () => {
      // Two detail lines that add up to the Invoice Total (the detail total check on Send).
      await page.getByRole('switch', { name: /Show Detail Items/ }).check();
      const lines = page.getByRole('region', { name: 'Detail line items' });
      if ((await lines.getByRole('textbox', { name: 'Description, line 1' }).count()) === 0) {
        await lines.getByRole('button', { name: 'Add row' }).click();
      }
      await lines.getByRole('textbox', { name: 'Description, line 1' }).fill('Roustabout crew');
      await lines.getByRole('textbox', { name: 'Quantity, line 1' }).fill('8');
      await lines.getByRole('textbox', { name: 'Unit Price, line 1' }).fill('150.00');
      await lines.getByRole('textbox', { name: 'Amount, line 1' }).fill('1200.00');
      await lines.getByRole('button', { name: 'Add row' }).click();
      await lines.getByRole('textbox', { name: 'Description, line 2' }).fill('Vacuum truck');
      await lines.getByRole('textbox', { name: 'Quantity, line 2' }).fill('5');
      await lines.getByRole('textbox', { name: 'Unit Price, line 2' }).fill('130.00');
      await lines.getByRole('textbox', { name: 'Amount, line 2' }).fill('650.00');
    },
  );
  await logOut(page);

  // The operator opens it from the inbox and rejects it with a reason.
  await signIn(page, 'user@redmesa.example');
  await skipWelcome(page);
  await page.goto('/inbox');
  await page
    .getByRole('row')
    .filter({ hasText: number })
    .getByRole('link', { name: firstId })
    .click();
  await status(page, 'Viewed');
  // The operator codes both lines on its own side (AFE from its own list of codes).
  await page.getByRole('switch', { name: 'Show Detail Items (2)' }).check();
  const coding = page.getByRole('region', { name: 'Detail line items' });
  await expect(coding.getByLabel('Description, line 2')).toHaveText('Vacuum truck');
  await coding.getByRole('combobox', { name: 'AFE, line 1' }).fill('24-017');
  await coding.getByRole('combobox', { name: 'AFE, line 2' }).fill('24-022');
  await coding.getByRole('button', { name: 'Save coding' }).click();
  await expect(coding.getByRole('button', { name: 'Save coding' })).toBeDisabled();
  await page.getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject document' });
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog.getByText('A reason is required')).toBeVisible();
  await rejectDialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Document Rejected')).toBeVisible();
  await status(page, 'Rejected');
  await logOut(page);

  // The vendor reads the reason, replaces the file (the viewer shows it), corrects the PO number
  // and resubmits: one step, the corrected version is sent at once (issue 27 items 5, 6).
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  await page.goto(`/documents/${firstId}`);
  await expect(page.getByText('Rejection Reason')).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await page.getByRole('button', { name: 'Replace file' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace file' });
  await replace.getByRole('button', { name: 'Use this file' }).click();
  await expect(replace.getByText('Please select a file to send')).toBeVisible();
  const corrected = Buffer.concat([samplePdf, Buffer.from(`\n% ${number} corrected\n`, 'latin1')]);
  await dropFile(page, 'Choose the corrected file', 'workflow-invoice-corrected.pdf', corrected);
  await expect(replace.getByText('workflow-invoice-corrected.pdf')).toBeVisible();
  await replace.getByRole('button', { name: 'Use this file' }).click();
  await expect(replace).toBeHidden();
  await expect(
    page.getByText('Replacement file: workflow-invoice-corrected.pdf (Resubmit sends this file)'),
  ).toBeVisible();
  await expect(page.getByLabel('workflow-invoice-corrected.pdf pages')).toBeVisible();
  await page.getByRole('button', { name: 'Show original' }).click();
  await expect(page.getByText(/Original file: workflow-invoice\.pdf/)).toBeVisible();
  await expect(page.getByLabel('workflow-invoice.pdf pages')).toBeVisible();
  await page.getByRole('button', { name: 'Show replacement' }).click();
  await expect(page.getByText(/Replacement file: workflow-invoice-corrected\.pdf/)).toBeVisible();
  await field(page, 'PO Number').fill('PO-55201');
  await page.getByRole('button', { name: 'Resubmit' }).click();
  await expect(page.getByText('The corrected version was sent')).toBeVisible();
  await expect(page).toHaveURL(/\/documentlist\/93$/);
  await logOut(page);

  // The operator's inbox holds the new version, Received; its mail's link opens it.
  await signIn(page, 'user@redmesa.example');
  await skipWelcome(page);
  const link = await readFromNewestMail(
    page,
    'user@redmesa.example',
    /(https?:\/\/\S+\/documents\/\d+)/,
    `resubmitted AR Invoice ${number}`,
  );
  const secondId = /\/documents\/(\d+)$/.exec(link)![1]!;
  expect(secondId).not.toBe(firstId);
  await page.goto('/inbox');
  const inboxRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: secondId, exact: true }) });
  await expect(inboxRow).toContainText(number);
  await expect(inboxRow).toContainText('Received');
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(new RegExp(`/documents/${secondId}$`));
  await status(page, 'Viewed');
  await expect(field(page, 'PO Number')).toHaveValue('PO-55201');
  await expect(
    page.getByRole('button', { name: `Download workflow-invoice-corrected.pdf` }),
  ).toBeVisible();

  // The operator approves the new version and pays it in full.
  // Approve asks for an optional comment (issue 29 item 1), kept with the approval.
  await page.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve document' });
  await approveDialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Matches the PO.');
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Document Approved')).toBeVisible();
  await status(page, 'Approved');
  await page.getByRole('tab', { name: 'Payments' }).click();
  await page.getByRole('button', { name: 'Add payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Add payment' });
  await payment.getByRole('textbox', { name: /Amount/ }).fill('1,850.00');
  await payment.getByRole('textbox', { name: 'Payment ID' }).fill('ACH-7781');
  await payment.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Payment added')).toBeVisible();
  await status(page, 'Paid');
  await logOut(page);

  // The vendor sees it Paid, the remittance on its Payments tab, and in the Paid tab of its list.
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  await page.goto(`/documents/${secondId}`);
  await status(page, 'Paid');
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page.getByText('Paid $1,850.00 of $1,850.00')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'ACH-7781' })).toBeVisible();
  await page.goto('/documentlist/93');
  await page.getByRole('tab', { name: 'Paid' }).click();
  await expect(page.getByRole('tab', { name: 'Paid' })).toHaveAttribute('aria-selected', 'true');
  const rowOf = (id: string) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name: id, exact: true }) });
  await expect(rowOf(secondId)).toBeVisible();
  // The rejected first version is Resubmitted, not Paid.
  await expect(rowOf(firstId)).toHaveCount(0);
});
