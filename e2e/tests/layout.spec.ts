import { expect, test, type Page } from '@playwright/test';
import { signIn, skipWelcome } from '../support/session';

/**
 * Issue 11 item 6: every list page fits a 1280 px laptop and a 390 px phone — the page never
 * scrolls sideways, a grid does not hide columns behind a horizontal scroll on the laptop, and no
 * action button or status badge is cut off (outside the viewport, its cell or its grid, or with
 * truncated text). Each demo company type is signed in as its Administrator.
 */
const sizes = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const pagesByAdmin: Record<string, string[]> = {
  // Vendor: every admin list, its document lists, inbox, search, notifications.
  'admin@permian.example': [
    '/admin/parties',
    '/admin/connections',
    '/admin/invitations',
    '/admin/orgunits',
    '/admin/users',
    '/admin/achs',
    '/admin/legalDocuments/1',
    '/admin/legalDocuments/2',
    '/documentlist/93',
    '/documentlist/90',
    '/inbox',
    '/search?q=invoice',
    '/notifications',
  ],
  // Operator: receives AR invoices, sends division orders.
  'admin@redmesa.example': [
    '/admin/parties',
    '/admin/invitations',
    '/documentlist/93',
    '/documentlist/87',
    '/inbox',
  ],
  // Owner: division orders received.
  'admin@hawthorne.example': ['/admin/parties', '/documentlist/87', '/documentlist/94', '/inbox'],
};

/** What is cut off or scrolls sideways on the current page (empty when it fits). */
async function layoutProblems(page: Page, laptop: boolean): Promise<string[]> {
  return page.evaluate((strictGrids) => {
    const problems: string[] = [];
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) {
      problems.push(`the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    }
    if (strictGrids) {
      for (const scroller of Array.from(
        document.querySelectorAll<HTMLElement>('.MuiDataGrid-virtualScroller'),
      )) {
        if (scroller.scrollWidth > scroller.clientWidth + 1) {
          problems.push(
            `a grid scrolls sideways (${scroller.scrollWidth} > ${scroller.clientWidth})`,
          );
        }
      }
    }
    const width = window.innerWidth;
    const visible = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const inside = (r: DOMRect, box: DOMRect) => r.left >= box.left - 1 && r.right <= box.right + 1;
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        'main button, main a.MuiButton-root, main .MuiChip-root, header button',
      ),
    );
    // A scrollable tab strip (document status tabs) is the phone pattern: its tabs scroll inside
    // it, behind scroll buttons; the strip itself must fit.
    for (const tabs of Array.from(document.querySelectorAll<HTMLElement>('main .MuiTabs-root'))) {
      const r = tabs.getBoundingClientRect();
      if (r.left < -1 || r.right > width + 1) problems.push('a tab strip is outside the viewport');
    }
    for (const el of controls) {
      if (
        !visible(el) ||
        el.closest('.MuiDataGrid-columnHeaders, .MuiTablePagination-root, .MuiTabs-scroller')
      ) {
        continue;
      }
      const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim();
      const label = `"${name.slice(0, 50)}"`;
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.right > width + 1) problems.push(`${label} is outside the viewport`);
      const text = (el.querySelector('.MuiChip-label') as HTMLElement | null) ?? el;
      if (text.scrollWidth > text.clientWidth + 1) problems.push(`${label} is truncated`);
      const cell = el.closest('.MuiDataGrid-cell');
      if (cell && !inside(r, cell.getBoundingClientRect())) {
        problems.push(`${label} overflows its cell`);
      }
      const grid = el.closest('.MuiDataGrid-main');
      if (grid && !inside(r, grid.getBoundingClientRect())) {
        problems.push(`${label} is hidden past its grid's edge`);
      }
    }
    return problems;
  }, laptop);
}

/** Waits until the list has loaded: a grid, a table or list, or the page's empty message. */
async function listLoaded(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.locator('main').locator('.MuiDataGrid-root, table, ul, p').first(),
  ).toBeVisible();
  await expect(page.locator('.MuiDataGrid-overlay .MuiCircularProgress-root')).toHaveCount(0);
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
}

for (const [email, paths] of Object.entries(pagesByAdmin)) {
  test(`list pages fit a laptop and a phone (${email})`, async ({ page }) => {
    test.setTimeout(paths.length * 2 * 15_000 + 30_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, email);
    await skipWelcome(page);
    const failures: string[] = [];
    for (const path of paths) {
      for (const size of sizes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(path);
        await listLoaded(page);
        // Fonts and the grid's column sizing settle after the first paint.
        await page.waitForTimeout(300);
        const problems = await layoutProblems(page, size.name === 'laptop');
        failures.push(...problems.map((p) => `${path} @ ${size.width}px: ${p}`));
      }
    }
    expect(failures).toEqual([]);
  });
}
