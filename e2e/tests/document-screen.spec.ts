import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callApi } from '../support/api';
import { signIn, skipWelcome } from '../support/session';

const AR_INVOICE = 93;
const RED_MESA = 'Red Mesa Operating Co.';
const samplePdf = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/w9-sample.pdf'));

/** Uploads a new AR invoice to a connection, as the Send dialog does (spec 3 §7). */
async function uploadArInvoice(page: Page, receivingPartyId: number): Promise<number> {
  const result = await page.evaluate(
    async ({ base64, receivingPartyId, documentTypeId }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string };
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('fileUploadData', JSON.stringify({ receivingPartyId, documentTypeId }));
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'new-invoice.pdf');
      const res = await fetch('/api/documents/upload', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${user.access_token ?? ''}`,
          'company-id': localStorage.getItem('flowline.selectedCompanyId') ?? '',
        },
        body: form,
      });
      return { status: res.status, text: await res.text() };
    },
    { base64: samplePdf.toString('base64'), receivingPartyId, documentTypeId: AR_INVOICE },
  );
  expect(result.status, result.text).toBe(201);
  return (JSON.parse(result.text) as { documentIds: number[] }).documentIds[0]!;
}

interface Rows {
  rows: Array<{ id: number; routeStatusId: number | null }>;
}

async function arInvoices(page: Page): Promise<Rows['rows']> {
  const list = await callApi<Rows>(
    page,
    'GET',
    `/api/documentroute/all/${AR_INVOICE}?pageSize=100`,
  );
  return list.rows;
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const field = (page: Page, name: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${name}`) });

test('a received invoice opens read-only with the viewer, which zooms', async ({ page }) => {
  await signIn(page, 'admin@redmesa.example');
  await skipWelcome(page);
  const received = (await arInvoices(page)).find((r) => r.routeStatusId === 2);
  expect(received, 'a received AR invoice in the demo data').toBeDefined();

  await page.goto(`/documents/${received!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'AR Invoice' })).toBeVisible();
  // The receiver's first open makes it Viewed on both sides (issue 12).
  await expect(page.getByLabel('Status: Viewed')).toBeVisible();
  // Spec 2 §2.1: no navigation on the Document route.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(field(page, 'Invoice Number')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);

  const pages = page.getByRole('region', { name: /pages$/ });
  await expect(pages.locator('canvas').first()).toBeVisible();
  const zoom = page.getByLabel('Zoom level');
  await expect(zoom).toHaveText('150%');
  const before = await pages.locator('canvas').first().boundingBox();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).toHaveText('175%');
  await expect
    .poll(async () => (await pages.locator('canvas').first().boundingBox())?.width ?? 0)
    .toBeGreaterThan(before!.width);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(zoom).toHaveText('125%');
  await expect(page.getByText(/^of \d+$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`/documentlist/${AR_INVOICE}$`));
});

test("the receiver cannot rewrite the sender's rejected invoice (issue 11 items 4, 5)", async ({
  page,
}) => {
  const lookups: string[] = [];
  await signIn(page, 'admin@redmesa.example');
  await skipWelcome(page);
  const rejected = (await arInvoices(page)).find((r) => r.routeStatusId === 5);
  expect(rejected, 'a rejected AR invoice in the demo data').toBeDefined();
  page.on('response', (res) => {
    if (res.url().includes('/api/party/getByIdWithConnectedOrgUnits/')) lookups.push(res.url());
  });

  await page.goto(`/documents/${rejected!.id}`);
  await expect(page.getByLabel('Status: Rejected')).toBeVisible();
  await expect(field(page, 'PO Number')).toHaveAttribute('readonly', '');
  await expect(field(page, 'Purchaser')).toHaveAttribute('readonly', '');
  await expect(field(page, 'Bill To')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByText('Connection not found')).toHaveCount(0);
  expect(lookups, 'no lookup of the sender-side party').toEqual([]);

  const doc = await callApi<{ metadata: Array<{ metadata: { id: number; key: string } }> }>(
    page,
    'GET',
    `/api/documents/${rejected!.id}`,
  );
  const po = doc.metadata.find((m) => m.metadata.key === 'docPONumber')!.metadata.id;
  const res = await page.evaluate(
    async ({ id, po }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
      const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string };
      const put = await fetch(`/api/documents/${id}/metadata`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${user.access_token ?? ''}`,
          'company-id': localStorage.getItem('flowline.selectedCompanyId') ?? '',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ metadata: [{ metadataDefinitionId: po, value: 'PO-RM-EDIT' }] }),
      });
      return put.status;
    },
    { id: rejected!.id, po },
  );
  expect(res).toBe(403);
});

test('a draft is edited, saved, audited and gets an attachment', async ({ page }) => {
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const draft = (await arInvoices(page)).find((r) => r.routeStatusId === null);
  expect(draft, 'a draft AR invoice in the demo data').toBeDefined();
  await page.goto(`/documents/${draft!.id}`);
  await expect(page.getByLabel('Status: New')).toBeVisible();

  const date = field(page, 'Invoice Date');
  const oldDate = await date.inputValue();
  await date.fill('');
  await date.pressSequentially('02292028');
  await expect(date).toHaveValue('02/29/2028');
  const total = field(page, 'Invoice Total');
  await total.fill('');
  await total.pressSequentially('2345.6');
  await total.blur();
  await expect(total).toHaveValue('2,345.60');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Document Saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Audit History' }).click();
  await page.getByRole('tab', { name: 'Updates' }).click();
  const history = page.getByRole('list', { name: 'History entries' });
  await expect(
    history.getByText(`Invoice Date: ${oldDate || '(empty)'} → 02/29/2028`),
  ).toBeVisible();
  await expect(history.getByText(/Invoice Total: .* → \$2,345\.60/)).toBeVisible();

  await page.getByRole('tab', { name: 'Attachments' }).click();
  await page.getByTestId('file-input').setInputFiles({
    name: 'timesheet.pdf',
    mimeType: 'application/pdf',
    buffer: samplePdf,
  });
  await expect(page.getByText('Attachment added')).toBeVisible();
  await page.getByRole('button', { name: 'Preview timesheet.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'timesheet.pdf' });
  await expect(preview.locator('canvas').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
});

test('a new AR invoice is sent once its missing fields are filled', async ({ page }) => {
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const parties = await callApi<{ items: Array<{ id: number; name: string }> }>(
    page,
    'GET',
    '/api/party/grid/search?partyStatus=connected&itemsPerPage=100',
  );
  const redMesa = parties.items.find((p) => p.name === RED_MESA);
  expect(redMesa).toBeDefined();
  const id = await uploadArInvoice(page, redMesa!.id);

  await page.goto(`/documents/${id}`);
  await expect(field(page, 'Invoice Number')).toHaveValue('');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/^Fields? Invoice Number(,| is)/)).toBeVisible();
  // Issue 11 item 21: the missing fields are marked where they are, not only in the toast.
  await expect(field(page, 'Invoice Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Invoice Number is required')).toBeVisible();

  await field(page, 'Invoice Number').fill(`E2E-${id}`);
  await field(page, 'Invoice Date').pressSequentially('11012026');
  await field(page, 'Service Date').pressSequentially('10282026');
  await field(page, 'Invoice Total').pressSequentially('980');
  const billTo = page.getByRole('combobox', { name: /^Bill To/ });
  await billTo.click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Document Sent')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/documentlist/${AR_INVOICE}$`));
});

test('on a phone the viewer shows on the Metadata tab and the fields open in a drawer', async ({
  browser,
}) => {
  // A phone-sized page with pdf.js and an axe run is slow on a busy 2-core machine.
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const draft = (await arInvoices(page)).find((r) => r.routeStatusId === null);
  await page.goto(`/documents/${draft!.id}`);

  await expect(
    page
      .getByRole('region', { name: /pages$/ })
      .locator('canvas')
      .first(),
  ).toBeVisible();
  await expect(field(page, 'Invoice Number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit metadata' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('textbox', { name: /^Invoice Number/ })).toBeVisible();
  // Issue 11 item 21: the first field's floating label is not cut off by the scrolling area.
  const scroller = await drawer.getByTestId('metadata-drawer-fields').boundingBox();
  const firstLabel = await drawer.getByTestId('metadata-drawer-fields').locator('label').first();
  await expect(firstLabel).toBeVisible();
  const label = await firstLabel.boundingBox();
  expect(label!.y).toBeGreaterThanOrEqual(scroller!.y);
  expect(await seriousViolations(page)).toEqual([]);
  await drawer.getByRole('button', { name: 'Close metadata' }).click();

  await page.getByRole('tab', { name: 'Audit History' }).click();
  await expect(page.getByRole('tab', { name: 'Updates' })).toBeVisible();
  await expect(page.getByRole('region', { name: /pages$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit metadata' })).toHaveCount(0);
  await context.close();
});

test('text selected on a page fills the focused field (click-to-fill)', async ({ page }) => {
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const draft = (await arInvoices(page)).find((r) => r.routeStatusId === null);
  await page.goto(`/documents/${draft!.id}`);
  const afe = field(page, 'AFE Number');
  await afe.fill('');
  await afe.focus();
  const text = page.locator('.textLayer span', { hasText: /^AFE-\d+-\d+$/ }).first();
  await expect(text).toBeAttached();
  const wanted = (await text.textContent())!;
  await text.click({ clickCount: 3 });
  await expect(afe).toHaveValue(wanted);
});
