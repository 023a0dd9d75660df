// Issue 27 item 30: axe-core with the WCAG 2.0–2.2 A/AA rules (experimental ones with a WCAG tag
// too, e.g. label-content-name-mismatch) over every page reachable from the navigation — the
// navigation, the top bar and the account menu — for each demo role, at 1366×768, and the public
// pages signed out. The links are read from the rendered page, so a page added to them is swept
// without editing this.
//
// Speed (the journey stays near two to three minutes): axe is loaded once per tab (an init script)
// and run in the page for violations only; pages are opened by clicking their links (the SPA's own
// navigation, no reload); and a page is checked once per kind of member (Administrator, User,
// ReadOnly, Global) — the second and third demo company of a kind check only the pages the
// earlier ones did not show (their Home always: the dashboard follows the company's party types).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fillLoginPage, signIn, skipWelcome } from '../support/session';

const require = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** Pages already checked, per kind of member ('admin /admin/users'). */
const checked = new Set<string>();
const kindOf = (email: string) => email.split('@')[0] ?? email;
const VIEWPORT = { width: 1366, height: 768 };

const demoUsers = [
  'admin@permian.example',
  'user@permian.example',
  'readonly@permian.example',
  'admin@redmesa.example',
  'user@redmesa.example',
  'readonly@redmesa.example',
  'admin@hawthorne.example',
  'user@hawthorne.example',
  'readonly@hawthorne.example',
  'support@flowline.example',
];

interface AxeViolation {
  id: string;
  tags: string[];
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The serious and critical violations on the page, one line each with the elements they hit. */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: [...tags, 'experimental'] },
      resultTypes: ['violations'],
    });
    // Experimental rules count only where they test a WCAG criterion.
    const wcag = result.violations.filter((v) => v.tags.some((t) => tags.includes(t)));
    return wcag.map((v) => ({
      id: v.id,
      tags: v.tags,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, WCAG_TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where} — ${v.id}: ${v.help} (${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(', ')})`,
    );
}

/** Waits until the page has its heading and its loading indicators are gone. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('[role="progressbar"]:visible')).toHaveCount(0);
}

/** Every same-site page the navigation and the top bar link to. */
async function navigationTargets(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('nav[aria-label="Main navigation"] a[href], header a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/') && h !== '/'))];
}

async function newTab(browser: Browser) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: axeSource });
  return { context, page: await context.newPage() };
}

/** The account menu's pages (Notifications, Edit my Profile, …): not Logout or Change Account. */
async function accountMenuPages(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  // The menu's list loads on first use: read it once it is there, as a person would.
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  // 'Notifications, 3 unread' → 'Notifications': the count changes as pages are opened.
  const names = await page
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.map((i) =>
        (i.getAttribute('aria-label') ?? i.textContent ?? '').replace(/, \d+ unread$/, ''),
      ),
    );
  await page.keyboard.press('Escape');
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
  return names.filter((n) => !/^(Logout|Change Account)$/.test(n));
}

async function sweep(browser: Browser, email: string): Promise<string[]> {
  const kind = kindOf(email);
  const { context, page } = await newTab(browser);
  const firstVisit = (href: string) => {
    if (checked.has(`${kind} ${href}`)) return false;
    checked.add(`${kind} ${href}`);
    return true;
  };
  try {
    await signIn(page, email);
    await skipWelcome(page);
    await settled(page);
    const found = await seriousViolations(page, `${email} /`);
    for (const href of await navigationTargets(page)) {
      if (!firstVisit(href)) continue;
      // The SPA's own navigation, as a person clicks it.
      await page
        .locator(`nav[aria-label="Main navigation"] a[href="${href}"], header a[href="${href}"]`)
        .first()
        .click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
      await settled(page);
      found.push(...(await seriousViolations(page, `${email} ${href}`)));
    }
    for (const name of await accountMenuPages(page)) {
      if (!firstVisit(`menu:${name}`)) continue;
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: new RegExp(`^${name}`) }).click();
      // Gone, not fading out: axe reads colours mid-transition otherwise.
      await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
      await settled(page);
      found.push(...(await seriousViolations(page, `${email} account menu '${name}'`)));
    }
    return found;
  } finally {
    await context.close();
  }
}

test.describe('axe over every navigation page at 1366×768', () => {
  for (const email of demoUsers) {
    test(email, async ({ browser }) => {
      test.setTimeout(120_000);
      expect(await sweep(browser, email)).toEqual([]);
    });
  }
});

test('axe over the pages signed out', async ({ browser }) => {
  const { context, page } = await newTab(browser);
  const found: string[] = [];
  for (const path of ['/landingpage', '/register', '/admin/logo', '/errorLoading']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    found.push(...(await seriousViolations(page, `signed out ${path}`)));
  }
  await page.goto('/landingpage');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Flowline' })).toBeVisible();
  found.push(...(await seriousViolations(page, 'signed out login page')));
  await fillLoginPage(page, 'nobody@flowline.example', 'wrong-password-1');
  await expect(page.getByRole('alert')).toBeVisible();
  found.push(...(await seriousViolations(page, 'signed out login page with an error')));
  await context.close();
  expect(found).toEqual([]);
});
