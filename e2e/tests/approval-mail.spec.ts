import { expect, test, type Page } from '@playwright/test';
import { callApi } from '../support/api';
import { sendArInvoiceToRedMesa } from '../support/documents';
import { readFromNewestMail } from '../support/mailbox';
import { fillLoginPage, logOut, signIn, skipWelcome } from '../support/session';

/**
 * Issue 29 item 4, from where the approver starts: the 'waiting for your approval' mail. Red Mesa
 * has a two-step policy (Uma, then Oscar) for invoices of this journey's amount; the vendor sends
 * one; Uma follows the mail's Approve button while signed out → the real login page → the
 * invoice with the Approve dialog open → approves with a comment; Oscar's 'My approvals' count
 * rises and lists the invoice, at 1280×800 and on a phone (390×844).
 */
const TOTAL = '77500.00';

async function myApprovalsCount(page: Page) {
  return (
    await callApi<{ count: number }>(page, 'GET', '/api/documentroute/inbox/myApprovalsCount')
  ).count;
}

async function openMyApprovals(page: Page, count: number) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // On a phone the navigation is a drawer behind the menu button.
  if (page.viewportSize()!.width < 900) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
  const link = nav.getByRole('link', { name: `My approvals (${count} waiting)` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'My approvals' })).toBeVisible();
  return page.getByRole('grid', { name: 'My approvals' });
}

test('approve from the mail: sign in, the dialog is ready, the next approver sees it waiting', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString().slice(-7);
  const number = `AM${stamp}`;
  await page.setViewportSize({ width: 1280, height: 800 });

  // Red Mesa's Administrator sets up the two steps for this journey's amount only.
  await signIn(page, 'admin@redmesa.example');
  await skipWelcome(page);
  const people = await callApi<{ items: { id: number; name: string }[] }>(
    page,
    'GET',
    '/api/approvals/delegates',
  );
  const idOf = (name: string) => people.items.find((p) => p.name === name)!.id;
  const policy = await callApi<{ id: number }>(page, 'POST', '/api/approvalpolicies', {
    name: `Mail journey ${stamp}`,
    minTotal: '77000',
    maxTotal: '77999.99',
    steps: [{ approverUserIds: [idOf('Uma Reyes')] }, { approverUserIds: [idOf('Oscar Delgado')] }],
  });
  const before = await myApprovalsCount(page);
  await logOut(page);

  try {
    await signIn(page, 'user@permian.example');
    await skipWelcome(page);
    const id = await sendArInvoiceToRedMesa(page, {
      number,
      total: TOTAL,
      fileName: `${number}.pdf`,
    });
    await logOut(page);

    // Uma's mail: the invoice, its step, and the three buttons.
    const ours = `/documents/${id}?action=approve`;
    const approveLink = await readFromNewestMail(
      page,
      'user@redmesa.example',
      /Approve: (\S+)/,
      ours,
    );
    const mailText = await readFromNewestMail(page, 'user@redmesa.example', /([\s\S]+)/, ours);
    expect(mailText).toContain(number);
    expect(mailText).toContain('waits for your approval');
    expect(mailText).toContain('Step: Step 1 of 2');
    expect(mailText).toContain('Amount: $77,500.00');
    expect(mailText).toContain('From: Permian Basin Services LLC');
    const approveUrl = new URL(approveLink);
    expect(approveUrl.pathname).toBe(`/documents/${id}`);
    expect(approveUrl.search).toBe('?action=approve');
    expect(mailText).toContain(`Reject: ${approveUrl.origin}/documents/${id}?action=reject`);
    expect(mailText).toContain(`Open: ${approveUrl.origin}/documents/${id}\n`);

    // Signed out, the button leads through the real login page to the dialog, ready.
    await page.goto(`${approveUrl.pathname}${approveUrl.search}`);
    await fillLoginPage(page, 'user@redmesa.example');
    const dialog = page.getByRole('dialog', { name: 'Approve document' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/documents/${id}$`));
    await expect(dialog.getByText('Awaiting approval by Uma Reyes (step 1 of 2)')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Comment (optional)' })
      .fill('Rates match the field ticket');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Approval recorded; the next step is waiting')).toBeVisible();
    const chain = page.getByRole('region', { name: 'Approval chain' });
    await expect(chain.getByText('“Rates match the field ticket”')).toBeVisible();
    // A reload does not open the dialog again.
    await page.reload();
    await expect(chain.getByRole('status')).toContainText('Oscar Delgado (step 2 of 2)');
    await expect(dialog).toBeHidden();
    await logOut(page);

    // Oscar: his count rose, and the invoice waits in My approvals — on a desktop…
    await signIn(page, 'admin@redmesa.example');
    await skipWelcome(page);
    await expect.poll(() => myApprovalsCount(page)).toBe(before + 1);
    let grid = await openMyApprovals(page, before + 1);
    await expect(grid.getByRole('link', { name: id, exact: true })).toBeVisible();

    // …and on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    grid = await openMyApprovals(page, before + 1);
    await expect(grid.getByRole('link', { name: id, exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // Oscar's own mail has the same buttons; his approval ends the chain.
    const oscarMail = await readFromNewestMail(page, 'admin@redmesa.example', /([\s\S]+)/, ours);
    expect(oscarMail).toContain('Step: Step 2 of 2');
    const oscarLink = /Approve: (\S+)/.exec(oscarMail)![1]!;
    expect(new URL(oscarLink).search).toBe('?action=approve');
    await page.goto(`/documents/${id}?action=approve`);
    const oscarDialog = page.getByRole('dialog', { name: 'Approve document' });
    await expect(oscarDialog).toBeVisible();
    await oscarDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Document Approved')).toBeVisible();
    await expect.poll(() => myApprovalsCount(page)).toBe(before);
  } finally {
    // Other journeys' invoices keep the single approval.
    if (!page.url().includes('/landingpage')) {
      await callApi(page, 'DELETE', `/api/approvalpolicies/${policy.id}`).catch(() => {});
    }
  }
});
