import { expect, test, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'flowline-demo-1';

/** Fills the embedded issuer's real login page. */
export async function fillLoginPage(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Sign in to Flowline' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The shell is up once its account menu shows, or the welcome dialog that covers it. */
async function shellShown(page: Page) {
  await expect(
    page
      .getByRole('button', { name: 'Account menu' })
      .or(page.getByRole('dialog', { name: 'Welcome to Flowline' })),
  ).toBeVisible();
}

/** From the landing page through the login page into the shell. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/landingpage');
  await page.getByRole('button', { name: 'Login' }).click();
  await fillLoginPage(page, email, password);
  await shellShown(page);
}

/**
 * What a tab of the same browser opened on the app would have right after a sign-in: the
 * issuer's cookies, the origin's localStorage (the selected company) and, as a duplicated tab
 * does, the sign-in kept in the tab's sessionStorage (oidc-client-ts's user, the identity
 * configuration). The tab's other flags (dialogs already shown, list filters) are not copied.
 */
interface KeptSession {
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  local: [string, string][];
  session: [string, string][];
  keptAt: number;
}

const keptSessions = new Map<string, KeptSession>();
/**
 * Access tokens live 10 min and are renewed (rotating the refresh token) just before they expire:
 * a copy older than this is not reused, so two tabs never renew the same refresh token, and a
 * copy never needs the issuer's session (a journey may log out in between: the API checks the
 * token itself, a JWT, until it expires).
 */
const KEEP_SESSION_MS = 4 * 60_000;
/** An empty page on the app's origin, answered by the test itself, to write the tab's storage. */
const BLANK_PAGE = '/e2e-blank-page';

async function keepSession(page: Page): Promise<KeptSession> {
  const storage = await page.evaluate(() => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage).filter(
      ([key]) => key.startsWith('oidc.user:') || key === 'flowline.authConfig',
    ),
  }));
  return { cookies: await page.context().cookies(), ...storage, keptAt: Date.now() };
}

/**
 * Signs in through the real login page the first time a spec file needs this user, and from
 * then on opens the app in a fresh tab that carries that sign-in (see KeptSession): for the
 * journeys that are not about signing in. Lands on Home, as signIn does.
 */
export async function signInOnce(page: Page, email: string) {
  const key = `${test.info().file}\n${email}`;
  const kept = keptSessions.get(key);
  if (!kept || Date.now() - kept.keptAt > KEEP_SESSION_MS) {
    await signIn(page, email);
    keptSessions.set(key, await keepSession(page));
    return;
  }
  await page.context().addCookies(kept.cookies);
  await page.route(BLANK_PAGE, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  );
  await page.goto(BLANK_PAGE);
  await page.evaluate(({ local, session }) => {
    for (const [key, value] of local) localStorage.setItem(key, value);
    for (const [key, value] of session) sessionStorage.setItem(key, value);
  }, kept);
  await page.unroute(BLANK_PAGE);
  await page.goto('/');
  await shellShown(page);
}

/** Closes the welcome dialog that greets administrators, when it is open. */
export async function skipWelcome(page: Page) {
  const skip = page.getByRole('button', { name: 'Skip for now' });
  if (await skip.isVisible().catch(() => false)) await skip.click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Waits until MUI's open transition of the dialog is over (axe reads colours mid-fade otherwise). */
export async function dialogSettled(page: Page) {
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

export async function logOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/landingpage/);
}
