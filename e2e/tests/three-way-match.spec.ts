import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callApi } from '../support/api';
import { logOut, signIn, skipWelcome } from '../support/session';

// Issue 32 item 4 (docs/three-way-match.md 'Screens'): the AP clerk's Match exceptions screen. Two
// invoices flipped from signed, approved tickets bill $160.00 an hour for an item the vendor's
// price book prices at $150.00, so both arrive in the operator's exceptions. The clerk signs in
// through the real login page on a laptop, opens Match exceptions from the navigation, reads why,
// opens the first invoice, accepts the difference with a comment on its Three-way match panel (the
// invoice leaves the list, its history reads the comment), then checks the list on a phone and
// disputes the second invoice from it. The data is made through the API (fast), as in the other
// journeys.

const VENDOR = 'user@permian.example';
const CLERK = 'user@redmesa.example';
const OPERATOR = 'Red Mesa Operating Co.';
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** A 1×1 PNG: the signature of tickets made through the API. */
const DOT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Serious and critical axe violations (WCAG A/AA) on the page as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** POST /api/pricebooks/import (multipart) from the page, as the signed-in vendor. */
async function importPriceBook(page: Page, partyId: number, csv: string) {
  const result = await page.evaluate(
    async ({ partyId, csv }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string };
      const form = new FormData();
      form.append('options', JSON.stringify({ partyId, effectiveFrom: '2026-01-01' }));
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'prices.csv');
      const res = await fetch('/api/pricebooks/import', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${user.access_token ?? ''}`,
          'company-id': localStorage.getItem('flowline.selectedCompanyId') ?? '',
        },
        body: form,
      });
      return { status: res.status, text: await res.text() };
    },
    { partyId, csv },
  );
  expect(result.status, result.text).toBe(201);
}

/**
 * Two invoices in the operator's exceptions, each flipped from one signed, approved ticket that
 * bills 2 hours at $160.00 of an item the price book prices at $150.00. Returns their numbers.
 */
async function twoInvoicesInExceptions(page: Page, stamp: string): Promise<string[]> {
  const item = `${stamp}-HOT`;
  await signIn(page, VENDOR);
  await skipWelcome(page);
  const parties = await callApi<{ items: { id: number; name: string }[] }>(
    page,
    'GET',
    '/api/party/grid/search?partyStatus=connected&query=Red%20Mesa&page=1&itemsPerPage=10',
  );
  const partyId = parties.items.find((p) => p.name === OPERATOR)!.id;
  await importPriceBook(
    page,
    partyId,
    [
      'Item Code,Description,UOM,Unit Price,Effective From,Effective To',
      `${item},Hot oiler,HR,150.00,,`,
    ].join('\r\n'),
  );
  const tickets: number[] = [];
  for (const n of [1, 2]) {
    const ticket = await callApi<{ documentId: number }>(page, 'POST', '/api/field-tickets', {
      clientId: await page.evaluate(() => crypto.randomUUID()),
      partyId,
      fields: {
        docNumber: `${stamp}-T${n}`,
        docServiceDate: '2026-11-10',
        docWellName: 'Smith 1H',
        docAFE: 'AFE-2291',
      },
      lines: [
        { itemCode: item, description: 'Hot oiler', quantity: '2', uom: 'HR', unitPrice: '160.00' },
      ],
    });
    await callApi(page, 'POST', `/api/field-tickets/${ticket.documentId}/signoff`, {
      clientId: await page.evaluate(() => crypto.randomUUID()),
      signerName: 'Dale Foreman',
      signedAt: new Date().toISOString(),
      signature: DOT,
    });
    tickets.push(ticket.documentId);
  }
  await logOut(page);

  await signIn(page, CLERK);
  await skipWelcome(page);
  for (const id of tickets) await callApi(page, 'POST', `/api/documents/${id}/approve`, {});
  await logOut(page);

  await signIn(page, VENDOR);
  await skipWelcome(page);
  const type = await callApi<{ metadataDefinitions: { id: number; key: string }[] }>(
    page,
    'GET',
    '/api/documentType/93',
  );
  const field = (key: string) => type.metadataDefinitions.find((d) => d.key === key)!.id;
  const numbers: string[] = [];
  for (const [i, id] of tickets.entries()) {
    const flip = await callApi<{ invoiceDocumentId: number }>(
      page,
      'POST',
      '/api/field-tickets/invoice',
      { ticketDocumentIds: [id] },
    );
    const number = `${stamp}-INV${i + 1}`;
    await callApi(page, 'PUT', `/api/documents/${flip.invoiceDocumentId}/publish`, {
      metadata: [
        { metadataDefinitionId: field('docNumber'), value: number },
        { metadataDefinitionId: field('docInvoiceDate'), value: '2026-11-20' },
      ],
    });
    numbers.push(number);
  }
  await logOut(page);
  return numbers;
}

test('the AP clerk works the match exceptions: accept a difference on the invoice, dispute another from the list', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = `TW${Date.now().toString().slice(-7)}`;
  await page.setViewportSize(LAPTOP);
  const [first, second] = await twoInvoicesInExceptions(page, stamp);
  const why =
    /Line 1: price differs — \$160\.00 billed, \$150\.00 in price book v\d+ \(tolerance \$0\.01\)/;

  // The clerk signs in through the login page and opens Match exceptions from the navigation.
  await signIn(page, CLERK);
  await skipWelcome(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Match exceptions' })
    .click();
  await expect(page.getByRole('heading', { name: 'Match exceptions' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Match exceptions' });
  const rowOf = (number: string) => list.getByRole('row').filter({ hasText: number });
  await expect(rowOf(first!)).toHaveCount(1);
  await expect(rowOf(first!)).toContainText(why);
  await expect(rowOf(second!)).toContainText(why);
  // The reason filter keeps them under 'Price differs'.
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Price differs' }).click();
  await expect(rowOf(first!)).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // The first invoice: the Three-way match panel, open, line by line.
  await rowOf(first!).getByRole('link', { name: first! }).click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  const summary = page.getByRole('button', { name: /Three-way match/ });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary).toHaveAttribute('aria-expanded', 'true');
  await expect(summary).toContainText('Exceptions');
  const byLine = page.getByRole('table', { name: 'Three-way match by line' });
  await expect(byLine.getByRole('row').nth(1)).toContainText('Price differs');
  await expect(byLine.getByRole('row').nth(1)).toContainText(`${stamp}-T1`);
  await expect(byLine.getByRole('row').nth(1)).toContainText(/\$150\.00 \(v\d+\)/);
  expect(await seriousViolations(page)).toEqual([]);

  // Accept the difference with a comment.
  const comment = `Standby rate agreed with the field supervisor ${stamp}`;
  await page.getByRole('button', { name: 'Accept the difference' }).click();
  const dialog = page.getByRole('dialog', { name: `Accept the difference ${first}` });
  await expect(dialog).toContainText(why);
  await dialog.getByRole('textbox', { name: /Comment/ }).fill(comment);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`: ${comment}`)).toBeVisible();
  await expect(summary).toContainText('Difference accepted');
  await page.getByRole('tab', { name: 'Audit History' }).click();
  await expect(page.getByRole('list', { name: 'History entries' })).toContainText(
    `Match difference accepted: ${comment}`,
  );

  // It left the list; the second one is still there. (The document screen has no navigation.)
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Match exceptions' })).toBeVisible();
  await expect(rowOf(second!)).toHaveCount(1);
  await expect(rowOf(first!)).toHaveCount(0);

  // On a phone the list still works: no sideways scroll of the page, no serious axe finding.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(rowOf(second!)).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The second invoice is disputed from the list (a full-screen dialog on the phone).
  await rowOf(second!)
    .getByRole('button', { name: `Dispute ${second}` })
    .click();
  const dispute = page.getByRole('dialog', { name: `Dispute the invoice ${second}` });
  await dispute
    .getByRole('textbox', { name: /Comment for the vendor/ })
    .fill('The contract rate is $150.00 an hour; please resubmit.');
  await dispute.getByRole('button', { name: 'Dispute' }).click();
  await expect(page.getByText('Invoice disputed; the vendor sees your comment.')).toBeVisible();
  await expect(rowOf(second!)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
});
