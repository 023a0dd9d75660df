import { expect, test, type Page } from '@playwright/test';
import { callApi } from '../support/api';
import { sendArInvoiceToRedMesa } from '../support/documents';
import { logOut, signIn, skipWelcome } from '../support/session';

// Issue 29 item 5 'Bulk work': the receiver selects five invoices in its Inbox and approves them
// at once; one is above the approver's limit and is refused with the reason, the four others are
// approved — on a phone, the dialog driven from the keyboard.

async function setLimitOfRedMesaUser(page: Page, userId: number, approvalLimit: string | null) {
  await signIn(page, 'admin@redmesa.example');
  await skipWelcome(page);
  await callApi(page, 'PUT', `/api/users/${userId}/approvallimit`, { approvalLimit });
  await logOut(page);
}

test('bulk approve of five invoices from the Inbox: four approved, one refused over the limit', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = `BW${Date.now().toString().slice(-7)}`;
  await signIn(page, 'user@permian.example');
  await skipWelcome(page);
  const totals = ['110.00', '120.00', '130.00', '9000.00', '140.00'];
  for (const [i, total] of totals.entries()) {
    const number = `${stamp}-${i + 1}`;
    await sendArInvoiceToRedMesa(page, { number, total, fileName: `${number}.pdf` });
  }
  await logOut(page);

  await signIn(page, 'user@redmesa.example');
  await skipWelcome(page);
  const me = await callApi<{ id: number }>(page, 'GET', '/api/users/current');
  await logOut(page);
  await setLimitOfRedMesaUser(page, me.id, '5000');
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'user@redmesa.example');
    await skipWelcome(page);
    await page.goto('/inbox');
    await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
    const grid = page.getByRole('grid', { name: 'Inbox' });
    await expect(grid.getByRole('row').filter({ hasText: stamp })).toHaveCount(5);
    await grid.getByRole('checkbox', { name: /select all/i }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Selected documents' });
    await expect(toolbar.getByText('5 selected')).toBeVisible();
    // The page fits the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await toolbar.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 5 documents' });
    await expect(dialog.getByRole('list', { name: 'Selected documents' })).toContainText(
      `${stamp}-4`,
    );
    // The keyboard: the comment, then Tab to the dialog's button and Enter.
    const comment = dialog.getByRole('textbox', { name: 'Comment (optional)' });
    await comment.focus();
    await page.keyboard.type('Checked against the field tickets');
    const approve = dialog.getByRole('button', { name: 'Approve 5' });
    for (let i = 0; i < 4 && !(await approve.evaluate((b) => b === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(approve).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(dialog.getByRole('status')).toHaveText(
      'Approved 4, refused 1: Your approval limit is $5,000.00; this invoice totals $9,000.00.',
      { timeout: 30_000 },
    );
    const refused = dialog.getByRole('listitem').filter({ hasText: `${stamp}-4` });
    await expect(refused).toContainText('Not approved: Your approval limit is $5,000.00');
    await expect(dialog.getByRole('listitem').filter({ hasText: /Approved$/ })).toHaveCount(4);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The list shows both outcomes: four Approved, the one over the limit still waiting.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(grid.getByRole('row').filter({ hasText: /Approved/ })).toHaveCount(4);
    await expect(grid.getByRole('row').filter({ hasText: `${stamp}-4` })).not.toContainText(
      'Approved',
    );
    await logOut(page);
  } finally {
    await setLimitOfRedMesaUser(page, me.id, null);
  }
});
