import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { logOut, signIn, skipWelcome } from '../support/session';

/**
 * Issue 13: the owner signs a pending division order on the page and returns it; the operator
 * sees it 'Returned Signed' and downloads the signed PDF; a phone is told to use a computer.
 * Demo data: Red Mesa (operator) → Hawthorne (owner), pending division orders per property.
 */
const PENDING_DIVISION_ORDER = 94;
const OWNER = 'admin@hawthorne.example';
const OPERATOR = 'admin@redmesa.example';
const FIELD_HINT =
  'Click “Sign here” to sign in the highlighted field, or drag on the document to sign elsewhere.';
const SIGN_HERE = 'Sign here: the signature field on page 1';

async function openPendingDivisionOrder(page: Page, property: string) {
  await page.goto(`/documentlist/${PENDING_DIVISION_ORDER}`);
  const row = page.getByRole('row').filter({ hasText: property });
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
}

/** A mouse drag inside an element, between two points given as fractions of its box. */
async function drag(page: Page, target: Locator, from: [number, number], to: [number, number]) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the element is not shown');
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at([(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]), { steps: 4 });
  await page.mouse.move(...at(to), { steps: 4 });
  await page.mouse.up();
}

test('the owner signs a pending division order on the page; the operator sees it Returned Signed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, OWNER);
  await skipWelcome(page);
  await openPendingDivisionOrder(page, 'Red Bluff Unit');
  const signedFrom = page.url();

  // Return → capture mode: the order's signature field is highlighted (issue 31 item 1), and a
  // box dragged elsewhere on the first page still places the signature there.
  await page.getByRole('button', { name: 'Return', exact: true }).click();
  await expect(page.getByText(FIELD_HINT)).toBeVisible();
  await expect(page.getByRole('button', { name: SIGN_HERE })).toBeVisible();
  const firstPage = page.locator('[data-signature-capture="1"]');
  await expect(firstPage).toBeVisible();
  // The page is taller than the viewer: drag within its visible top part.
  await drag(page, firstPage, [0.1, 0.3], [0.45, 0.4]);

  // The signature dialog: draw, type the name, consent the first time, return.
  const dialog = page.getByRole('dialog', { name: 'Sign and return' });
  await expect(dialog).toBeVisible();
  const returnButton = dialog.getByRole('button', { name: 'Return', exact: true });
  const pad = dialog.getByRole('img', { name: /Signature drawing pad/ });
  await drag(page, pad, [0.1, 0.6], [0.45, 0.3]);
  await drag(page, pad, [0.45, 0.3], [0.85, 0.65]);
  const name = dialog.getByRole('textbox', { name: /Full name/ });
  await name.fill('');
  await expect(returnButton).toBeDisabled();
  await name.fill('Harriet Hawthorne');
  const agree = dialog.getByRole('checkbox', { name: 'I agree to sign electronically' });
  if (await agree.isVisible()) await agree.check();
  await expect(returnButton).toBeEnabled();
  await returnButton.click();

  await expect(page.getByText('Returned Signed').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  // A signed return is a new version: the screen opens it.
  await expect.poll(() => page.url()).not.toBe(signedFrom);
  await expect(page.getByRole('button', { name: 'Return', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Certificate' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify signature evidence' }).click();
  await expect(page.getByText(/The signature evidence is intact/)).toBeVisible();
  await page.keyboard.press('Escape');
  // Versions lists the unsigned original too, and it opens (issue 27 item 14).
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('link', { name: /^Version 2/ })).toBeVisible();
  await versions.getByRole('link', { name: /^Version 1/ }).click();
  await expect.poll(() => page.url()).toBe(signedFrom);
  await expect(page.getByRole('button', { name: 'Return', exact: true })).toHaveCount(0);
  await logOut(page);

  // The operator: the list says Returned Signed; the downloaded PDF is digitally signed.
  await signIn(page, OPERATOR);
  await skipWelcome(page);
  await page.goto(`/documentlist/${PENDING_DIVISION_ORDER}`);
  const row = page.getByRole('row').filter({ hasText: 'Red Bluff Unit' }).first();
  await expect(row).toContainText('Returned Signed');
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download / }).click();
  const pdf = fs.readFileSync((await (await download).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // The PKCS#7 signature over the whole file (pdfsig checks it in the API tests).
  expect(pdf.toString('latin1')).toContain('/ByteRange');
  const certificate = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Certificate' }).click();
  const certificateFile = fs.readFileSync((await (await certificate).path())!);
  expect(certificateFile.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the owner declines a pending division order with a required reason the operator reads', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, OWNER);
  await skipWelcome(page);
  await openPendingDivisionOrder(page, 'Caprock State Lease');
  const decline = page.getByRole('button', { name: 'Decline', exact: true });

  // Offered beside Return; Cancel in the confirmation changes nothing.
  await expect(page.getByRole('button', { name: 'Return', exact: true })).toBeVisible();
  await decline.click();
  const confirm = page.getByRole('dialog', { name: 'Decline this division order?' });
  await expect(confirm).toContainText('goes back to the operator unsigned, with your reason');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(decline).toBeVisible();

  // A reason is required; Other needs the owner's words.
  await decline.click();
  await confirm.getByRole('button', { name: 'Decline' }).click();
  await expect(confirm).toContainText('Choose a reason');
  await confirm.getByRole('radio', { name: 'Interest is wrong' }).check();
  await confirm
    .getByRole('textbox', { name: 'Details (optional)' })
    .fill('Our decimal is 0.0078125 on tract 2 only.');
  await confirm.getByRole('button', { name: 'Decline' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Returned Unsigned').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return', exact: true })).toHaveCount(0);
  await expect(decline).toHaveCount(0);
  await logOut(page);

  // The operator reads the reason on its document screen and in the history.
  await signIn(page, OPERATOR);
  await skipWelcome(page);
  await openPendingDivisionOrder(page, 'Caprock State Lease');
  const text = 'Interest is wrong: Our decimal is 0.0078125 on tract 2 only.';
  const reason = page.getByRole('alert').filter({ hasText: 'Return Reason' });
  await expect(reason).toContainText(text);
  await page.getByRole('tab', { name: 'Audit History' }).click();
  const entries = page.getByRole('list', { name: 'History entries' });
  await expect(entries).toContainText('Returned Unsigned');
  await expect(entries).toContainText(`Reason: ${text}`);
});

test('on a phone, Return says the desktop version is needed', async ({ page }) => {
  await signIn(page, OWNER);
  await skipWelcome(page);
  // The list shows its property column on a wide screen only: find the document there.
  await openPendingDivisionOrder(page, 'Pecos Draw Unit');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Return', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Desktop version needed' });
  await expect(dialog).toContainText(
    'Signing a document needs the desktop version of Flowline. Open this document on a computer to sign it.',
  );
  await expect(
    page.getByText('Click and drag on the document to select the location of your signature.'),
  ).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
});

test("the owner signs in the order's signature field with one click (issue 31 item 1)", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, OWNER);
  await skipWelcome(page);
  await openPendingDivisionOrder(page, 'Pecos Draw Unit');

  // The field was found on the letter's 'Signature of owner' line: one click places the signature.
  await page.getByRole('button', { name: 'Return', exact: true }).click();
  await expect(page.getByText(FIELD_HINT)).toBeVisible();
  await page.getByRole('button', { name: SIGN_HERE }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign and return' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Page 1:/)).toBeVisible();
  const pad = dialog.getByRole('img', { name: /Signature drawing pad/ });
  await drag(page, pad, [0.1, 0.6], [0.45, 0.3]);
  await drag(page, pad, [0.45, 0.3], [0.85, 0.65]);
  await dialog.getByRole('textbox', { name: /Full name/ }).fill('Harriet Hawthorne');
  const agree = dialog.getByRole('checkbox', { name: 'I agree to sign electronically' });
  if (await agree.isVisible()) await agree.check();
  await dialog.getByRole('button', { name: 'Return', exact: true }).click();
  await expect(page.getByText('Returned Signed').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await logOut(page);

  // The operator's list says Returned Signed.
  await signIn(page, OPERATOR);
  await skipWelcome(page);
  await page.goto(`/documentlist/${PENDING_DIVISION_ORDER}`);
  const row = page.getByRole('row').filter({ hasText: 'Pecos Draw Unit' }).first();
  await expect(row).toContainText('Returned Signed');
});
