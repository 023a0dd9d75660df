import { expect, test, type Page } from '@playwright/test';
import { callApi } from '../support/api';
import { readFromNewestMail } from '../support/mailbox';
import { firstSignInFromLink, registerCompany } from '../support/registration';
import { logOut, signIn, skipWelcome } from '../support/session';

const PERMIAN = 'Permian Basin Services LLC';
const PURCHASER = 5;
const VENDOR = 1;

interface Page1<T> {
  items: T[];
}
interface Row {
  id: number;
  name: string;
  partyStatus: string;
}

/** The path of a link in the newest mail to `email`, e.g. '/register/…' from 'http://host/register/…'. */
async function linkFromMail(page: Page, email: string, label: RegExp) {
  const url = await readFromNewestMail(
    page,
    email,
    new RegExp(`${label.source}: (http\\S+)`, label.flags),
    `${label.source}: `,
  );
  return new URL(url).pathname + new URL(url).search;
}

/** The signed-in administrator invites a new connection by e-mail; returns the connection's id. */
async function invites(page: Page, name: string, email: string, partyTypeId: number) {
  const profiles = await callApi<Page1<{ id: number }>>(page, 'GET', '/api/companyorgunit');
  const party = await callApi<{ id: number }>(page, 'POST', '/api/party', {
    partyTypeId,
    name,
    number: `N-${Date.now().toString(36)}`,
    emails: email,
    taxIdentifier: '75-1234567',
    companyOrgUnitIds: [profiles.items[0]?.id],
  });
  await callApi(page, 'PUT', `/api/party/${party.id}/invite`, { email });
  return party.id;
}

test('a company invited by e-mail registers from the mailed link and finds the invitation at first sign-in', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const companyName = `Caprock Hauling ${stamp} LLC`;
  const email = `ap-${stamp}@caprock.example`;
  const connectionName = `Caprock Hauling ${stamp}`;

  // Permian invites a customer that is not on the network yet.
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const partyId = await invites(page, connectionName, email, PURCHASER);
  await logOut(page);

  // The invitee follows the link in the mail, as a person would.
  const registerLink = await linkFromMail(page, email, /Register your company/);
  expect(registerLink).toMatch(/^\/register\/[\w-]{43}$/);
  await page.goto(registerLink);
  await expect(page.getByText(`${PERMIAN} invited your company to connect`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await registerCompany(page, companyName, email);

  // The welcome mail leads to the invitation; the first sign-in lands on it.
  const signInLink = await linkFromMail(page, email, /Sign in and view the invitation/);
  expect(signInLink).toBe('/admin/invitations');
  await firstSignInFromLink(page, signInLink, email, 'caprock-owner-2026');
  await expect(page).toHaveURL(/\/admin\/invitations$/);
  await skipWelcome(page);
  const grid = page.getByRole('grid', { name: 'Invitations' });
  // The row names who is inviting (issue 27 item 16), not Permian's name for us.
  const invitation = grid.getByRole('row').filter({ hasText: PERMIAN });
  await expect(invitation).toHaveCount(1);
  await expect(invitation.getByText(PERMIAN, { exact: true })).toHaveCount(2);
  await expect(grid.getByText(connectionName)).toHaveCount(0);
  await page.getByRole('button', { name: 'Accept' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accept Invitation' })).toBeVisible();

  const next = page.getByRole('button', { name: 'Next' });
  const accept = page.getByRole('button', { name: 'Accept' });
  await expect(next).toBeDisabled();
  await expect(accept).toBeDisabled();
  await page.getByRole('checkbox', { name: /due diligence per company policy/ }).check();
  await next.click();
  await expect(page.getByRole('radio', { name: /existing connection/ })).toBeChecked();
  await next.click();
  await expect(next).toBeDisabled();

  const noProfile = page.getByText('The company has no active profile yet', { exact: false });
  const profile = page.getByRole('combobox', { name: 'Profile' });
  await expect(profile.or(noProfile)).toBeVisible();
  if (await noProfile.isVisible()) {
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('radio', { name: 'Create a new profile (advanced)' }).check();
    await next.click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Main Yard');
    await page.getByRole('textbox', { name: 'Company Code' }).fill(`MY-${stamp}`);
    await page.getByRole('checkbox', { name: `Select ${email}` }).check();
  }
  await expect(accept).toBeEnabled();
  await accept.click();

  await expect(page.getByText(`You are now connected to ${PERMIAN}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/parties$/);
  const mine = await callApi<Page1<Row>>(
    page,
    'GET',
    `/api/party/grid/search?query=${encodeURIComponent('Permian')}`,
  );
  expect(mine.items.map((r) => r.partyStatus)).toContain('connected');
  await logOut(page);

  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const theirs = await callApi<Page1<Row>>(
    page,
    'GET',
    `/api/party/grid/search?query=${encodeURIComponent(connectionName)}`,
  );
  expect(theirs.items.find((r) => r.id === partyId)?.partyStatus).toBe('connected');
});

test("an invitation saved to another of the user's companies is registered there", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const connectionName = `Dana at Red Mesa ${stamp}`;

  // Hawthorne invites dana@flowline.example, who already uses Flowline.
  await signIn(page, 'admin@hawthorne.example');
  await skipWelcome(page);
  const profiles = await callApi<Page1<{ id: number }>>(page, 'GET', '/api/companyorgunit');
  const party = await callApi<{ id: number }>(page, 'POST', '/api/party', {
    partyTypeId: 3,
    name: connectionName,
    number: `DRM-${stamp}`,
    emails: 'dana@flowline.example',
    taxIdentifier: '75-7654321',
    companyOrgUnitIds: [profiles.items[0]?.id],
  });
  await callApi(page, 'PUT', `/api/party/${party.id}/invite`, {
    email: 'dana@flowline.example',
  });
  await logOut(page);

  // Dana opens the mailed link and saves the invitation to Red Mesa, not her current company.
  const link = await linkFromMail(page, 'dana@flowline.example', /View the invitation/);
  expect(link).toMatch(/^\/admin\/invitations\/[\w-]{43}$/);
  await signIn(page, 'dana@flowline.example');
  await skipWelcome(page);
  await expect(page.getByTestId('selected-company-name')).toHaveText(PERMIAN);
  await page.goto(link);
  const choose = page.getByRole('dialog', { name: 'You have an invitation' });
  await expect(choose).toBeVisible();
  await choose.getByRole('button', { name: 'Red Mesa Operating Co.' }).click();

  // The page reloads in Red Mesa with submitInvitation=true and registers the invitation there;
  // Dana is a User there, so she is told to ask her admin.
  const notice = page.getByRole('dialog', { name: 'Received Invitation' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Ask your admin to accept or reject the invitation.');
  await expect(page.getByTestId('selected-company-name')).toHaveText(/Red Mesa Operating Co/);
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
  const pending = await callApi<{ id: number; companyName: string }[]>(
    page,
    'GET',
    '/api/invitation/pending',
  );
  const saved = pending.find((i) => i.companyName === 'Hawthorne Royalty Trust');
  expect(saved).toBeTruthy();
  await logOut(page);

  // Red Mesa's administrator sees it and rejects it; Hawthorne is told.
  await signIn(page, 'admin@redmesa.example');
  await skipWelcome(page);
  await page.goto('/admin/invitations');
  // The row names the inviting company (issue 27 item 16); the search marks it.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Hawthorne');
  const row = page.getByRole('row').filter({ hasText: 'Hawthorne Royalty Trust' }).first();
  await expect(row.locator('mark')).toHaveText('Hawthorne');
  await expect(page.getByRole('row').filter({ hasText: connectionName })).toHaveCount(0);
  await row.getByRole('button', { name: 'Reject' }).click();
  // Reject with a reason for the sender (issue 27 item 17).
  const reject = page.getByRole('dialog', { name: 'Reject Invitation' });
  await reject.getByLabel('Reason (optional)').fill(`Not our account ${stamp}`);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Invitation Rejected')).toBeVisible();
  await logOut(page);

  await signIn(page, 'admin@hawthorne.example');
  await skipWelcome(page);
  const notes = await callApi<{ items: { title: string }[] }>(
    page,
    'GET',
    '/api/notifications?page=1&pageSize=5',
  );
  expect(notes.items.map((n) => n.title)).toContain('Invitation rejected');
  // Hawthorne's connection row shows the rejection and the reason, with Resend Invite.
  await page.goto('/admin/parties');
  await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
  const record = page.getByRole('row').filter({ hasText: connectionName });
  await expect(record.getByText('Invite rejected')).toBeVisible();
  await expect(record.getByText(`Reason: Not our account ${stamp}`)).toBeVisible();
  await expect(record.getByRole('button', { name: 'Resend Invite' })).toBeVisible();
});

test('a vendor asked to onboard registers from the mailed link, its request goes to the inviter and it waits', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const companyName = `Basin Welding ${stamp} LLC`;
  const email = `office-${stamp}@basinwelding.example`;
  const connectionName = `Basin Welding ${stamp}`;

  // Red Mesa asks one of its vendors to join Flowline.
  await signIn(page, 'admin@redmesa.example');
  await skipWelcome(page);
  await invites(page, connectionName, email, VENDOR);
  await logOut(page);

  const onboardingLink = await linkFromMail(page, email, /Register your company/);
  expect(onboardingLink).toMatch(/^\/onboarding\/[\w-]{43}$/);
  await page.goto(onboardingLink);
  await expect(
    page.getByText('Red Mesa Operating Co. asks your company to join and connect'),
  ).toBeVisible();
  await registerCompany(page, companyName, email);

  // At the first sign-in the company waits for Red Mesa: the 'Sent Invitation' dialog blocks.
  const signInLink = await linkFromMail(page, email, /Sign in/);
  expect(signInLink).toBe('/landingpage');
  await page.goto(signInLink);
  await page.getByRole('button', { name: 'Login' }).click();
  await firstSignInFromLink(page, null, email, 'basin-welding-2026');
  const sent = page.getByRole('dialog', { name: 'Sent Invitation' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText('You need to wait for the company to accept or reject');
  // One dialog at a time: the welcome waits (issue 27 item 21).
  await expect(page.getByRole('dialog', { name: 'Welcome to Flowline' })).toHaveCount(0);
  await sent.getByRole('button', { name: 'OK' }).click();
  await page
    .getByRole('dialog', { name: 'Welcome to Flowline' })
    .getByRole('button', { name: 'Skip for now' })
    .click();
  await logOut(page);

  // Red Mesa accepts the request with its own record for the vendor; the wait ends.
  await signIn(page, 'admin@redmesa.example');
  await skipWelcome(page);
  await page.goto('/admin/invitations');
  const row = page.getByRole('row').filter({ hasText: email });
  // The request names the vendor asking — the inviting company — never Red Mesa itself.
  await expect(row).toContainText(companyName);
  await expect(row).not.toContainText('Red Mesa Operating');
  await row.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('checkbox', { name: /due diligence per company policy/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const profile = page.getByRole('combobox', { name: 'Profile' });
  if (await profile.isEnabled()) {
    await profile.click();
    await page.getByRole('option').first().click();
  }
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(`You are now connected to ${companyName}`)).toBeVisible();
  const records = await callApi<Page1<Row>>(
    page,
    'GET',
    `/api/party/grid/search?query=${encodeURIComponent(connectionName)}`,
  );
  expect(records.items.map((r) => r.partyStatus)).toEqual(['connected']);
  await logOut(page);

  await signIn(page, email, 'basin-welding-2026');
  await skipWelcome(page);
  const companies = await callApi<{ onBoardingProcessPending: boolean }[]>(
    page,
    'GET',
    '/api/company/allCompanies',
  );
  expect(companies[0]?.onBoardingProcessPending).toBe(false);
  await expect(page.getByRole('dialog', { name: 'Sent Invitation' })).toHaveCount(0);
});

test('the invitation list fits a laptop and a phone without scrolling sideways', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // An invitation waiting at Red Mesa, with a long address and e-mail.
  await signIn(page, 'admin@permian.example');
  await skipWelcome(page);
  const email = `accounts-payable-${Date.now().toString(36)}@redmesa.example`;
  const party = await callApi<{ id: number }>(page, 'POST', '/api/party', {
    partyTypeId: PURCHASER,
    name: 'Red Mesa Operating Company – Accounts Payable, Midland Division',
    number: `RM-${Date.now().toString(36)}`,
    emails: email,
    taxIdentifier: '75-1112223',
    companyOrgUnitIds: [
      (await callApi<Page1<{ id: number }>>(page, 'GET', '/api/companyorgunit')).items[0]?.id,
    ],
  });
  await callApi(page, 'PUT', `/api/party/${party.id}/invite`, { email });
  const token = await readFromNewestMail(page, email, /\/register\/([\w-]+)/);
  await logOut(page);
  await signIn(page, 'admin@redmesa.example');
  await skipWelcome(page);
  await callApi(page, 'POST', `/api/invitation/register/${token}`, {});

  for (const flag of [false, true]) {
    // The flags reach the app in the session start (GET /api/session) and on refresh
    // (GET /api/featureflags): both answers get the flag.
    await page.route('**/api/featureflags', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, boolean>;
      await route.fulfill({ json: { ...body, networkMatchEnhancementFlag: flag } });
    });
    await page.route('**/api/session', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as {
        company: { featureFlags: Record<string, boolean> | null } | null;
      };
      if (body.company?.featureFlags)
        body.company.featureFlags = {
          ...body.company.featureFlags,
          networkMatchEnhancementFlag: flag,
        };
      await route.fulfill({ json: body });
    });
    for (const size of [
      { width: 1366, height: 850 },
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/admin/invitations');
      const grid = page.getByRole('grid', { name: 'Invitations' });
      await expect(grid.getByRole('button', { name: 'Accept' }).first()).toBeVisible();
      const label = `${size.width}px, flag ${flag}`;
      const layout = await page.evaluate(() => {
        const grid = document.querySelector('.MuiDataGrid-root')?.getBoundingClientRect();
        const bar = document.querySelector<HTMLElement>('.MuiDataGrid-scrollbar--horizontal');
        const scroller = document.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller');
        return {
          doc: document.documentElement.scrollWidth,
          win: window.innerWidth,
          gridRight: grid ? grid.right : 0,
          // The grid's own horizontal scrollbar: present only when its columns overflow.
          gridScrolls: !!bar && bar.offsetHeight > 0 && bar.scrollWidth > bar.clientWidth + 1,
          // What the grid's content would scroll by, scrollbar shown or not (a header's overflow).
          gridOverflow: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
        };
      });
      expect(layout.doc, label).toBeLessThanOrEqual(layout.win);
      expect(layout.gridScrolls, label).toBe(false);
      expect(layout.gridOverflow, label).toBeLessThanOrEqual(1);
      for (const name of ['Accept', 'Reject']) {
        const box = await grid.getByRole('button', { name }).first().boundingBox();
        expect(box, `${name} at ${label}`).toBeTruthy();
        expect((box?.x ?? 0) + (box?.width ?? 0), `${name} at ${label}`).toBeLessThanOrEqual(
          Math.min(size.width, layout.gridRight),
        );
      }
      if (size.width > 600) {
        const received = grid.getByRole('columnheader', { name: 'Received Date' });
        await expect(received).toBeVisible();
        const box = await received.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(layout.gridRight);
        // The inviting company is shown whatever the flag (issue 27 item 16).
        await expect(grid.getByRole('columnheader', { name: 'Company', exact: true })).toHaveCount(
          1,
        );
      } else {
        await expect(grid.getByText(/Received Date: /).first()).toBeVisible();
      }
    }
    await page.unroute('**/api/featureflags');
    await page.unroute('**/api/session');
  }
});
