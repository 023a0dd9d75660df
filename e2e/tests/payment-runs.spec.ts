import { expect, test } from '@playwright/test';
import { callApi } from '../support/api';
import { sendArInvoiceToRedMesa } from '../support/documents';
import { readFromNewestMail } from '../support/mailbox';
import { fillLoginPage, logOut, signIn, skipWelcome } from '../support/session';

// Issue 29 item 6: a payment run pays several approved invoices of one vendor; the vendor opens
// the remittance advice from its mail.
test('the operator pays two invoices in one run, one in part; the vendor opens the remittance from its mail', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString().slice(-7);
  const [first, second] = [`PR${stamp}-1`, `PR${stamp}-2`];
  await signIn(page, 'user@permian.example');
  await skipWelcome(page);
  const ids = [
    await sendArInvoiceToRedMesa(page, {
      number: first,
      total: '1250.00',
      fileName: `${first}.pdf`,
    }),
    await sendArInvoiceToRedMesa(page, {
      number: second,
      total: '800.00',
      fileName: `${second}.pdf`,
    }),
  ].map(Number);
  await logOut(page);

  await signIn(page, 'user@redmesa.example');
  await skipWelcome(page);
  await callApi(page, 'POST', '/api/documents/approve', { documentIds: ids });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Payments' }).click();
  await page.getByRole('button', { name: 'New payment run' }).click();
  const dialog = page.getByRole('dialog', { name: 'New payment run' });
  await dialog.getByRole('combobox', { name: 'Vendor' }).click();
  await page.getByRole('option', { name: /Permian/ }).click();
  await dialog.getByRole('checkbox', { name: `Pay ${first}` }).check();
  await dialog.getByRole('checkbox', { name: `Pay ${second}` }).check();
  await dialog.getByRole('textbox', { name: `Amount to pay on ${second}` }).fill('300.00');
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(`ACH-${stamp}`);
  await expect(dialog.getByText('2 invoices selected · total $1,550.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Record payment run' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Payment run PR-\d+$/ });
  await expect(heading).toBeVisible();
  const runPath = new URL(page.url()).pathname;
  const paid = page.getByRole('table', { name: 'Invoices paid' });
  await expect(paid.getByRole('row').filter({ hasText: first })).toContainText('Paid in full');
  await expect(paid.getByRole('row').filter({ hasText: second })).toContainText('Partial');

  // Issue 29 item 7: Home shows the payer's early-pay discounts as the API counts them.
  const discounts = await callApi<Record<'captured' | 'missed', Bucket>>(
    page,
    'GET',
    '/api/payments/discountSummary',
  );
  await page.goto('/');
  const discountCard = page.getByRole('region', { name: 'Early-Pay Discounts' });
  for (const [label, figure] of [
    ['Captured', discounts.captured],
    ['Missed', discounts.missed],
  ] as const)
    await expect(
      discountCard.locator('div', { has: page.getByText(label, { exact: true }) }).last(),
    ).toContainText(`${usd(figure.amount)} (${invoices(figure.count)})`);
  await logOut(page);

  // The vendor starts from the mail: its link, the sign-in, the remittance advice.
  const link = await readFromNewestMail(
    page,
    'user@permian.example',
    /(https?:\/\/\S+\/payment-runs\/\d+)/,
    `ACH-${stamp}`,
  );
  expect(new URL(link).pathname).toBe(runPath);
  await page.goto(new URL(link).pathname);
  await fillLoginPage(page, 'user@permian.example');
  await expect(heading).toBeVisible();
  await expect(page.getByText('Red Mesa Operating Co.')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Remittance advice (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^remittance-PR-\d+\.pdf$/);

  // On a phone the run reads without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(paid).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Home: the vendor's expected cash — the $500.00 left on the part-paid invoice among it.
  const cash = await callApi<{ total: Bucket; weeks: Bucket[] }>(
    page,
    'GET',
    '/api/payments/expectedCash?weeks=8',
  );
  expect(cash.total.amount).toBeGreaterThanOrEqual(500);
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Expected Cash' }).getByTestId('expected-cash-total'),
  ).toHaveText(`${usd(cash.total.amount)} open in ${invoices(cash.total.count)}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

interface Bucket {
  amount: number;
  count: number;
}
const usd = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const invoices = (n: number) => `${n} invoice${n === 1 ? '' : 's'}`;
