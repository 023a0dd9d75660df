import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SELECTED_COMPANY_STORAGE_KEY } from '@flowline/shared';
import { callApi } from '../support/api';
import { fillLoginPage, logOut, signIn, skipWelcome } from '../support/session';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const WELCOME = 'Welcome to Flowline';

const usersOf: Record<string, string> = {
  'Permian Basin Services LLC': 'user@permian.example',
  'Red Mesa Operating Co.': 'user@redmesa.example',
  'Hawthorne Royalty Trust': 'user@hawthorne.example',
};

async function selectedCompanyName(page: Page) {
  return (await page.getByTestId('selected-company-name').first().textContent())?.trim() ?? '';
}

test('the welcome dialog never covers a deep link and is shown once to a Global user (issue 11 item 14)', async ({
  browser,
}) => {
  // Red Mesa: other journeys greet the support user in the company a new browser starts in
  // (Hawthorne, the first by name), so this one works where nothing has greeted it yet.
  const finder = await browser.newPage();
  await signIn(finder, 'admin@redmesa.example');
  await skipWelcome(finder);
  const inbox = await callApi<{ items: { id: number }[] }>(
    finder,
    'GET',
    '/api/documentroute/inbox?pageSize=1',
  );
  const documentId = inbox.items[0]?.id;
  expect(documentId).toBeDefined();
  const redMesaId = await finder.evaluate(
    (key) => window.localStorage.getItem(key),
    SELECTED_COMPANY_STORAGE_KEY,
  );
  expect(redMesaId).toMatch(/^\d+$/);
  await finder.close();

  // A browser where the support user last worked in Red Mesa.
  const browserLastIn = async (companyId: string) => {
    const context = await browser.newContext();
    await context.addInitScript(
      ([key, id]) => window.localStorage.setItem(key!, id!),
      [SELECTED_COMPANY_STORAGE_KEY, companyId],
    );
    return context;
  };

  const context = await browserLastIn(redMesaId!);
  const page = await context.newPage();
  await page.goto(`/documents/${documentId}`);
  await fillLoginPage(page, 'support@flowline.example');
  await expect(page).toHaveURL(new RegExp(`/documents/${documentId}$`));
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(await selectedCompanyName(page)).toBe('Red Mesa Operating Co.');
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog', { name: WELCOME })).toHaveCount(0);

  // Home is where it greets, once.
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: WELCOME });
  await expect(dialog).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog', { name: WELCOME })).toHaveCount(0);
  await context.close();

  // A new session: the server remembers it was displayed to this Global user.
  const laterContext = await browserLastIn(redMesaId!);
  const again = await laterContext.newPage();
  await signIn(again, 'support@flowline.example');
  await expect(again.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(await selectedCompanyName(again)).toBe('Red Mesa Operating Co.');
  await again.waitForTimeout(1000);
  await expect(again.getByRole('dialog', { name: WELCOME })).toHaveCount(0);
  await laterContext.close();
});

test('a Global user posts a system notification; the company’s people see it until they close it (issue 11 item 20)', async ({
  page,
}) => {
  await signIn(page, 'support@flowline.example');
  await skipWelcome(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav
    .getByRole('list', { name: 'Support' })
    .getByRole('link', { name: 'System Notifications' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'System Notifications' })).toBeVisible();
  const company = await selectedCompanyName(page);
  const title = `Maintenance ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Message' }).fill('Flowline pauses Sunday 02:00 UTC.');
  await page.getByRole('radio', { name: `Only the people of ${company}` }).check();
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText(/System notification posted to \d+ users/)).toBeVisible();
  await logOut(page);

  const email = usersOf[company];
  expect(email, `a demo user of ${company}`).toBeDefined();
  await signIn(page, email!);
  const alert = page.getByRole('alert').filter({ hasText: title });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Flowline pauses Sunday 02:00 UTC.');
  // Issue 27 item 28: on a phone the banner sits below the top bar, not over it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: /open navigation/i })).toBeVisible();
  const barBottom = await page
    .getByRole('banner')
    .evaluate((el) => el.getBoundingClientRect().bottom);
  await expect
    .poll(async () => (await alert.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual(barBottom);
  await page.setViewportSize({ width: 1280, height: 720 });
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('alert').filter({ hasText: title })).toHaveCount(0);

  // Nobody else is offered the screen.
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
      name: 'System Notifications',
    }),
  ).toHaveCount(0);
});

test('the Inbox link sits above the document types with the unread count, which drops when a document is opened (issue 11 item 22)', async ({
  page,
}) => {
  await signIn(page, 'user@redmesa.example');
  await skipWelcome(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const links = nav.getByRole('link');
  await expect(links.nth(0)).toHaveText(/Home/);
  await expect(links.nth(1)).toHaveAccessibleName(/^Inbox( \(\d+ unread\))?$/);
  // Members who approve have their work queues next — 'My approvals' (issue 29 item 3) and the
  // three-way match's exceptions (issue 32 item 4) — then the document types.
  await expect(links.nth(2)).toHaveAttribute('href', '/my-approvals');
  await expect(links.nth(3)).toHaveAttribute('href', '/exceptions');
  await expect(links.nth(4)).toHaveAttribute('href', /^\/documentlist\/\d+$/);

  const { count } = await callApi<{ count: number }>(
    page,
    'GET',
    '/api/documentroute/inbox/unreadCount',
  );
  expect(count).toBeGreaterThan(0);
  await expect(nav.getByRole('link', { name: `Inbox (${count} unread)` })).toBeVisible();
  await nav.getByRole('link', { name: /^Inbox/ }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  const grid = page.getByRole('grid', { name: 'Inbox' });
  // Unread rows carry the list's unread class (the icon alone is not a stable handle: the phone card draws it too).
  const unreadRow = grid.locator('[role="row"].document-row--unread').first();
  await expect(unreadRow).toBeVisible();
  const docLink = unreadRow.getByRole('link').first();
  const docId = ((await docLink.textContent()) ?? '').trim();
  // Opening the document (setDocAsViewed) marks it read for the company.
  const opened = page.waitForResponse(
    (r) =>
      r.url().includes(`/api/documents/${docId}?`) &&
      r.url().includes('setDocAsViewed=true') &&
      r.request().method() === 'GET',
  );
  await docLink.click();
  await expect(page).toHaveURL(new RegExp(`/documents/${docId}$`));
  expect((await opened).status()).toBe(200);
  await page.goBack();
  const expected = count - 1 === 0 ? 'Inbox' : `Inbox (${count - 1} unread)`;
  await expect(nav.getByRole('link', { name: expected, exact: true })).toBeVisible();
});

test('an uploaded logo leaves the top-bar search its room at laptop widths (issue 11 item 21)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  await page.goto('/admin/logo');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file or drag it here' }).click();
  await (await chooser).setFiles(path.join(fixtures, 'logo.png'));
  await expect(page.getByText('Logo uploaded')).toBeVisible();

  const banner = page.getByRole('banner');
  for (const width of [1366, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(banner.getByRole('img', { name: /logo$/ }).last()).toBeVisible();
    const search = banner.getByRole('search');
    const box = await search.boundingBox();
    expect(box?.width, `search width at ${width}px`).toBeGreaterThanOrEqual(280);
    // Nothing in the bar spills out of it.
    const overflow = await banner.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeInViewport();
    // Issue 27 item 29: the search gives way before the company name beside the logo is cut.
    const name = banner.getByTestId('selected-company-name');
    await expect(name).toHaveText('Permian Basin Services LLC');
    expect(await name.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  }
});
