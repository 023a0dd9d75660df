import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callApi } from '../support/api';
import { signIn, skipWelcome } from '../support/session';

const OWNER = 'Hawthorne Royalty Trust';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function reportLink(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'AR Invoice' })).toBeVisible();
  return nav.getByRole('link', { name: 'Suspense Report' });
}

test("a Global user switches a company's flag; only that company's users see the effect (issue 15 item 2)", async ({
  browser,
}) => {
  // Three sign-ins and an axe scan.
  test.setTimeout(120_000);
  const supportContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const support = await supportContext.newPage();
  await signIn(support, 'support@flowline.example');
  await skipWelcome(support);
  try {
    await support.goto('/admin/featureflags');
    await expect(support.getByRole('heading', { level: 1, name: 'Feature flags' })).toBeVisible();
    await support.getByRole('searchbox', { name: 'Search companies' }).fill('Hawthorne');
    const owner = support.getByRole('group', { name: new RegExp(OWNER) });
    await expect(owner).toBeVisible();
    await expect(support.getByRole('group')).toHaveCount(1);

    // Phone width: nothing scrolls sideways; no serious accessibility problem.
    const overflow = await support.evaluate(() => {
      const doc = document.scrollingElement ?? document.documentElement;
      return doc.scrollWidth - doc.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await seriousViolations(support)).toEqual([]);

    const reports = owner.getByRole('switch', { name: `Accounting reports for ${OWNER}` });
    await expect(reports).not.toBeChecked();
    await reports.click();
    await expect(support.getByText('Feature flag saved')).toBeVisible();
    await expect(reports).toBeChecked();
    // The company's own setting for this flag (the demo data sets messaging on per company too).
    const resetReports = owner.getByRole('button', {
      name: `Reset to default: Accounting reports for ${OWNER}`,
    });
    await expect(resetReports).toBeVisible();

    // The owner's user sees the six reports after a reload; the operator's user does not.
    const ownerUser = await browser.newPage();
    await signIn(ownerUser, 'user@hawthorne.example');
    await skipWelcome(ownerUser);
    await ownerUser.reload();
    await expect(await reportLink(ownerUser)).toBeVisible();
    await (await reportLink(ownerUser)).click();
    await expect(
      ownerUser.getByRole('heading', { level: 1, name: 'Suspense Reports' }),
    ).toBeVisible();
    await ownerUser.close();

    const operatorUser = await browser.newPage();
    await signIn(operatorUser, 'user@redmesa.example');
    await skipWelcome(operatorUser);
    await expect(await reportLink(operatorUser)).toHaveCount(0);
    await operatorUser.goto('/documentlist/95');
    await expect(operatorUser.getByRole('heading', { name: /Page Not found/i })).toBeVisible();
    await operatorUser.close();

    // Back to the default: the switch follows the deployment default again.
    await resetReports.click();
    await expect(support.getByText('Feature flag reset to the default')).toBeVisible();
    await expect(reports).not.toBeChecked();
    await expect(resetReports).toHaveCount(0);
  } finally {
    // Leave the demo data as it was, even after a failure.
    const list = await callApi<{ items: { companyId: number; companyName: string }[] }>(
      support,
      'GET',
      `/api/admin/featureflags?search=${encodeURIComponent('Hawthorne')}`,
    );
    const id = list.items.find((c) => c.companyName === OWNER)?.companyId;
    if (id)
      await callApi(support, 'PUT', `/api/admin/featureflags/${id}`, {
        flag: 'accounting-reports',
        enabled: null,
      });
    await supportContext.close();
  }
});
