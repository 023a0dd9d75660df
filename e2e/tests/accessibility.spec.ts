import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { dialogSettled, signIn, skipWelcome } from '../support/session';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the landing page, the login page and the shell have no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/landingpage');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Flowline' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/landingpage');
  await signIn(page, 'admin@redmesa.example');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Flowline' });
  await expect(dialog).toBeVisible();
  await dialogSettled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await skipWelcome(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell works on a phone: navigation behind a menu button', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await page.getByRole('button', { name: /open navigation/i }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const admin = nav.getByRole('list', { name: 'Administration' });
  await expect(admin.getByRole('link')).toHaveText(['Invitations']);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
