import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { callApi } from '../support/api';
import { logOut, signIn, skipWelcome } from '../support/session';

// Issue 32 items 2–3 (docs/field-tickets-offline.md): the vendor's crew writes a field ticket on
// a phone at the wellsite without a network, the operator's representative signs it on the
// phone, and the ticket reaches the operator exactly once when the network is back; later the
// vendor bills approved tickets on one invoice, which the operator sees matched line by line.

/** A 1×1 PNG: the signature of tickets made through the API. */
const DOT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface TicketList {
  items: { documentId: number; ticketNumber: string; status: string }[];
  total: number;
}

/** Serious and critical axe violations (WCAG A/AA) on the page as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Waits until the service worker is active, then reloads so that it controls the page. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** Draws a stroke across the signature pad with the pointer. */
async function sign(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature pad' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(
      box.x + box.width * (0.15 + i * 0.07),
      box.y + box.height * (0.6 - Math.sin(i / 2) * 0.3),
    );
  }
  await page.mouse.up();
}

test('a ticket written and signed offline on a phone reaches the operator exactly once', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const number = `FT${Date.now().toString().slice(-7)}`;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude: 31.99712, longitude: -102.07791, accuracy: 12 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  try {
    await signIn(page, 'user@permian.example');
    await skipWelcome(page);
    // Online once: the screens' code is precached by the service worker, the operators kept.
    await page.goto('/field-tickets');
    await expect(page.getByRole('heading', { name: 'Field tickets' })).toBeVisible();
    await underServiceWorker(page);
    await expect(page.getByRole('heading', { name: 'Field tickets' })).toBeVisible();

    // At the wellsite: no network.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'New field ticket' }).click();
    await expect(page.getByRole('heading', { name: 'New field ticket' })).toBeVisible();
    await expect(page.getByText('You are offline.')).toBeVisible();
    await page.getByRole('combobox', { name: /Operator/ }).click();
    await page.getByRole('option', { name: 'Red Mesa Operating Co.' }).click();
    await page.getByRole('textbox', { name: /Ticket number/ }).fill(number);
    await page.getByRole('textbox', { name: /Well \/ Lease/ }).fill('Smith 1H');
    await page.getByLabel('Start time').fill('07:30');
    await page.getByLabel('End time').fill('15:45');
    await page.getByRole('textbox', { name: /AFE number/ }).fill('AFE-2291');
    await page.getByRole('textbox', { name: /Crew/ }).fill('J. Ortiz, M. Lee');
    await page.getByRole('textbox', { name: /Line 1 description/ }).fill('Vacuum truck, 130 bbl');
    await page.getByRole('textbox', { name: /Quantity/ }).fill('4');
    await page.getByRole('textbox', { name: /Unit price/ }).fill('95.00');
    await expect(page.getByText('Ticket total: $380.00')).toBeVisible();
    // The page fits the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save and sign off' }).click();

    // The phone goes to the operator's representative.
    await expect(page.getByRole('heading', { name: `Sign off ticket ${number}` })).toBeVisible();
    await page.getByRole('textbox', { name: /Signer's name/ }).fill('Dale Foreman');
    await page.getByRole('textbox', { name: 'Title' }).fill('Company man');
    await sign(page);
    await expect(page.getByText(/Location: 31\.99712, -102\.07791/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign and send' }).click();

    await expect(page.getByRole('heading', { name: `Field ticket ${number}` })).toBeVisible();
    const sending = page.getByRole('status', { name: 'Sending' });
    await expect(sending.getByText('Waiting to send')).toBeVisible();

    // Still offline, the crew corrects the quantity: the representative signs the changed ticket.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: `Edit field ticket ${number}` })).toBeVisible();
    await expect(page.getByText('Saving removes the representative’s signature')).toBeVisible();
    await page.getByRole('textbox', { name: /Quantity/ }).fill('5');
    await expect(page.getByText('Ticket total: $475.00')).toBeVisible();
    await page.getByRole('button', { name: 'Save and sign off' }).click();
    await expect(page.getByRole('heading', { name: `Sign off ticket ${number}` })).toBeVisible();
    await page.getByRole('textbox', { name: /Signer's name/ }).fill('Dale Foreman');
    await page.getByRole('textbox', { name: 'Title' }).fill('Company man');
    await sign(page);
    await page.getByRole('button', { name: 'Sign and send' }).click();
    await expect(sending.getByText('Waiting to send')).toBeVisible();
    await page.getByRole('link', { name: 'All field tickets' }).click();
    const onPhone = page.getByRole('region', { name: 'On this phone' });
    await expect(onPhone.getByText('1 ticket waiting to send — offline')).toBeVisible();
    await expect(onPhone.getByRole('link', { name: number })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // A reload without a network: the app comes from the service worker, the session from this
    // tab's last start, the ticket from IndexedDB.
    await page.reload();
    await expect(onPhone.getByText('1 ticket waiting to send — offline')).toBeVisible();
    await onPhone.getByRole('link', { name: number }).click();

    // Back in range: the queue sends the create and then the signoff.
    await context.setOffline(false);
    await expect(sending.getByText('Sent')).toBeVisible({ timeout: 30_000 });
    const sent = await callApi<TicketList>(page, 'GET', `/api/field-tickets?side=sent&q=${number}`);
    expect(sent.total).toBe(1);
    expect(sent.items[0]).toMatchObject({ ticketNumber: number, status: 'sent' });
    await page.getByRole('link', { name: 'Open the sent ticket' }).click();
    await expect(
      page.getByText('Signed at the wellsite by Dale Foreman, Company man'),
    ).toBeVisible();
    await expect(page.getByText(/Location: 31\.99712, -102\.07791/)).toBeVisible();
    await logOut(page);

    // The operator has it once.
    await signIn(page, 'user@redmesa.example');
    await skipWelcome(page);
    const received = await callApi<TicketList>(
      page,
      'GET',
      `/api/field-tickets?side=received&q=${number}`,
    );
    expect(received.total).toBe(1);
    await page.goto('/field-tickets');
    await page.getByRole('tab', { name: 'Received' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(number);
    const rows = page.getByRole('table', { name: 'Tickets received' }).getByRole('row');
    await expect(rows.filter({ hasText: number })).toHaveCount(1);
    await rows.filter({ hasText: number }).getByRole('link', { name: number }).click();
    await expect(
      page.getByText('Signed at the wellsite by Dale Foreman, Company man'),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Ticket lines' })).toContainText(
      'Vacuum truck, 130 bbl',
    );
    // The edited version, once.
    await expect(page.getByRole('table', { name: 'Ticket lines' })).toContainText('$475.00');
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the app itself starts without a network once the service worker has it', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    await page.goto('/landingpage');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await underServiceWorker(page);
    await context.setOffline(true);
    await page.goto('/landingpage');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    // The API is never answered from the service worker's cache.
    const status = await page.evaluate(() =>
      fetch('/api/health').then(
        (r) => r.status,
        () => 'network error',
      ),
    );
    expect(status).toBe('network error');
  } finally {
    await context.close();
  }
});

test('two approved tickets of one operator flip into one invoice, which the operator sees matched per line', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = `FX${Date.now().toString().slice(-7)}`;
  await signIn(page, 'user@permian.example');
  await skipWelcome(page);
  const parties = await callApi<{ items: { id: number; name: string }[] }>(
    page,
    'GET',
    '/api/party/grid/search?partyStatus=connected&query=Red%20Mesa&page=1&itemsPerPage=10',
  );
  const partyId = parties.items.find((p) => p.name === 'Red Mesa Operating Co.')!.id;
  const ids: number[] = [];
  for (const [i, quantity] of ['2', '3'].entries()) {
    const clientId = await page.evaluate(() => crypto.randomUUID());
    const ticket = await callApi<{ documentId: number }>(page, 'POST', '/api/field-tickets', {
      clientId,
      partyId,
      fields: {
        docNumber: `${stamp}-${i + 1}`,
        docServiceDate: `2026-11-${String(10 + i).padStart(2, '0')}`,
        docWellName: 'Smith 1H',
        docAFE: 'AFE-2291',
      },
      lines: [{ description: 'Hot oiler', quantity, uom: 'HR', unitPrice: '150.00' }],
    });
    await callApi(page, 'POST', `/api/field-tickets/${ticket.documentId}/signoff`, {
      clientId: await page.evaluate(() => crypto.randomUUID()),
      signerName: 'Dale Foreman',
      signedAt: new Date().toISOString(),
      signature: DOT,
    });
    ids.push(ticket.documentId);
  }
  await logOut(page);

  // The operator approves both on the document screen, with the existing workflow.
  await signIn(page, 'user@redmesa.example');
  await skipWelcome(page);
  for (const id of ids) {
    await page.goto(`/documents/${id}`);
    await expect(page.getByRole('link', { name: /Field ticket details/ })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve document' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Document Approved')).toBeVisible();
  }
  await logOut(page);

  // The vendor bills them.
  await signIn(page, 'user@permian.example');
  await skipWelcome(page);
  await page.goto('/field-tickets');
  await page.getByRole('switch', { name: 'Ready to invoice' }).check();
  await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
  const table = page.getByRole('table', { name: 'Tickets sent' });
  await expect(table.getByRole('row').filter({ hasText: stamp })).toHaveCount(2);
  await table.getByRole('checkbox', { name: `Select ticket ${stamp}-1` }).check();
  await table.getByRole('checkbox', { name: `Select ticket ${stamp}-2` }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Selected tickets' });
  await expect(toolbar).toContainText('2 selected · Red Mesa Operating Co.');
  expect(await seriousViolations(page)).toEqual([]);
  await toolbar.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page).toHaveURL(/\/documents\/\d+$/, { timeout: 30_000 });
  const panel = page.getByRole('region', { name: 'Field tickets' });
  await expect(panel.getByRole('link', { name: new RegExp(`${stamp}-1`) })).toBeVisible();
  await expect(panel.getByRole('link', { name: new RegExp(`${stamp}-2`) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Each ticket names the invoice that bills it; neither can be billed again.
  await panel.getByRole('link', { name: new RegExp(`${stamp}-1`) }).click();
  await expect(page.getByText(/Billed by invoice/)).toBeVisible();
  const billable = await callApi<TicketList>(
    page,
    'GET',
    `/api/field-tickets?side=sent&billable=true&q=${stamp}`,
  );
  expect(billable.total).toBe(0);

  // The vendor sends the invoice; the operator opens it and sees the three-way match per line.
  await page.goBack();
  const invoiceDocumentId = Number(/\/documents\/(\d+)$/.exec(page.url())?.[1]);
  expect(invoiceDocumentId).toBeGreaterThan(0);
  const type = await callApi<{ metadataDefinitions: { id: number; key: string }[] }>(
    page,
    'GET',
    '/api/documentType/93',
  );
  const field = (key: string) => type.metadataDefinitions.find((d) => d.key === key)!.id;
  await callApi(page, 'PUT', `/api/documents/${invoiceDocumentId}/publish`, {
    metadata: [
      { metadataDefinitionId: field('docNumber'), value: `${stamp}-INV` },
      { metadataDefinitionId: field('docInvoiceDate'), value: '2026-11-20' },
    ],
  });
  await logOut(page);
  await signIn(page, 'user@redmesa.example');
  await skipWelcome(page);
  await page.goto(`/documents/${invoiceDocumentId}`);
  const match = page.getByRole('button', { name: /Three-way match/ });
  await expect(match).toBeVisible({ timeout: 30_000 });
  if ((await match.getAttribute('aria-expanded')) !== 'true') await match.click();
  const byLine = page.getByRole('table', { name: 'Three-way match by line' });
  // One row per billed ticket line (two tickets of one line each), each with its verdict.
  await expect(byLine.getByRole('row')).toHaveCount(3);
  for (const row of await byLine
    .getByRole('row')
    .all()
    .then((rows) => rows.slice(1)))
    await expect(row).toContainText(/Matched|Price differs|No ticket|Quantity over ticket/);
  expect(await seriousViolations(page)).toEqual([]);
});
