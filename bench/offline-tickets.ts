// `npm run bench:offline-tickets` (issue 32, docs/field-tickets-offline.md): 'the offline ticket —
// 20 tickets created offline and synced in one go arrive exactly once each'. Starts the built app
// (PGlite, demo data), drives the system Chromium through Playwright as the vendor's crew on a
// 390×844 phone: signs in through the real login page, lets the app install its service worker,
// goes offline, writes 20 tickets with two lines each on the real screens, has the operator's
// representative sign each one with the pointer, checks each says 'Waiting to send', then goes
// online and times until the phone's queue has sent them all. Two passes:
//   calm     — the network simply comes back;
//   hostile  — while syncing, some POSTs reach the server and their answer is then dropped
//              (route.fetch() → route.abort(): the server committed, the phone saw a network
//              error), and some fail with a 503 before reaching the server (route.fulfill).
// The operator's side is counted through the API (the operator signed in in a second browser
// context): by ticket number and clientId — created offline, arrived, duplicates, lost, time to
// sync, the retries the queue made and the faults injected. Figures, not a timed test.
//   npm run bench:offline-tickets                      (BENCH_PORT, default 3102)
//   npm run bench:offline-tickets -- --tickets=20 --passes=calm,hostile
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page, type Route } from 'playwright';
import { startDemoApp } from './lib/demo-app';
import { machineLoad, seconds } from './lib/measure';

const { values: args } = parseArgs({
  options: {
    tickets: { type: 'string', default: '20' },
    passes: { type: 'string', default: 'calm,hostile' },
  },
});
const TICKETS = Number(args.tickets);
const PASSES = args.passes.split(',') as ('calm' | 'hostile')[];

const port = Number(process.env.BENCH_PORT ?? 3102);
const origin = `http://localhost:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VENDOR = 'user@permian.example';
const OPERATOR = 'user@redmesa.example';
const OPERATOR_NAME = 'Red Mesa Operating Co.';
const PASSWORD = 'flowline-demo-1';
/**
 * The few browser globals the page-side callbacks use (the benches compile without the DOM
 * library, which would clash with the server code they import).
 */
interface IdbRequest<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface IdbDatabase {
  objectStoreNames: { contains(name: string): boolean };
  transaction(store: string): { objectStore(name: string): { getAll(): IdbRequest<unknown[]> } };
  close(): void;
}
interface Browser {
  sessionStorage: { getItem(key: string): string | null } & Record<string, unknown>;
  localStorage: { getItem(key: string): string | null };
  indexedDB: { open(name: string): IdbRequest<IdbDatabase> };
  navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } };
  fetch: typeof fetch;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a condition the page reports, polling. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The real landing page → login page → the shell. */
async function signIn(page: Page, email: string) {
  await page.goto(`${origin}/landingpage`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Sign in to Flowline' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('button', { name: 'Account menu' })
    .or(page.getByRole('dialog', { name: 'Welcome to Flowline' }))
    .waitFor({ timeout: 30_000 });
  const skip = page.getByRole('button', { name: 'Skip for now' });
  if (await skip.isVisible().catch(() => false)) await skip.click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/** GET from the page with its signed-in user's token and company (the e2e's callApi). */
async function apiGet<T>(page: Page, url: string): Promise<T> {
  const result = await page.evaluate(async (url) => {
    const { sessionStorage, localStorage } = globalThis as unknown as Browser;
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')) ?? '';
    const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string };
    const res = await fetch(url, {
      headers: {
        authorization: `Bearer ${user.access_token ?? ''}`,
        'company-id': localStorage.getItem('flowline.selectedCompanyId') ?? '',
      },
    });
    return { status: res.status, text: await res.text() };
  }, url);
  if (result.status !== 200) throw new Error(`GET ${url}: ${result.status} ${result.text}`);
  return JSON.parse(result.text) as T;
}

interface QueueRow {
  clientId: string;
  state: string;
  ticket: { fields: { docNumber: string } };
}

/** The phone's queue as IndexedDB holds it (the app's `flowline-field-tickets` database). */
function readQueue(page: Page): Promise<QueueRow[]> {
  return page.evaluate(
    () =>
      new Promise<QueueRow[]>((resolve, reject) => {
        const open = (globalThis as unknown as Browser).indexedDB.open('flowline-field-tickets');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queue')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('queue').objectStore('queue').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as QueueRow[]);
          };
          all.onerror = () => reject(new Error(String(all.error)));
        };
      }),
  );
}

/** Draws a stroke across the signature pad with the pointer (the representative's finger). */
async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature pad' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(
      box.x + box.width * (0.15 + i * 0.09),
      box.y + box.height * (0.6 - Math.sin(i / 2) * 0.3),
    );
  }
  await page.mouse.up();
}

/** One ticket through the real screens, offline: the form, Save and sign off, the signoff. */
async function writeTicket(page: Page, number: string, i: number) {
  await page.getByRole('link', { name: 'New field ticket' }).first().click();
  await page.getByRole('heading', { name: 'New field ticket' }).waitFor();
  await page.getByText('You are offline.').waitFor();
  await page.getByRole('combobox', { name: /Operator/ }).click();
  await page.getByRole('option', { name: OPERATOR_NAME }).click();
  await page.getByLabel(/Ticket number/).fill(number);
  await page.getByLabel(/Well \/ Lease/).fill(`Smith ${1 + (i % 4)}H`);
  await page.getByLabel(/AFE number/).fill('AFE-2291');
  await page.getByLabel(/Crew/).fill('J. Ortiz, M. Lee');
  await page.getByLabel(/Line 1 description/).fill('Vacuum truck, 130 bbl');
  await page
    .getByLabel(/Quantity/)
    .nth(0)
    .fill(String(2 + (i % 5)));
  await page
    .getByLabel(/Unit price/)
    .nth(0)
    .fill('95.00');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByLabel(/Line 2 description/).fill('Hot oiler');
  await page
    .getByLabel(/Quantity/)
    .nth(1)
    .fill('3.5');
  await page
    .getByLabel(/Unit price/)
    .nth(1)
    .fill('150.00');
  await page.getByRole('button', { name: 'Save and sign off' }).click();

  await page.getByRole('heading', { name: `Sign off ticket ${number}` }).waitFor();
  await page.getByLabel(/Signer's name/).fill('Dale Foreman');
  await page.getByRole('textbox', { name: 'Title' }).fill('Company man');
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign and send' }).click();

  await page.getByRole('heading', { name: `Field ticket ${number}` }).waitFor();
  await page.getByRole('status', { name: 'Sending' }).getByText('Waiting to send').waitFor();
  await page.getByRole('link', { name: 'All field tickets' }).click();
  await page.getByRole('heading', { name: 'Field tickets' }).waitFor();
}

interface Faults {
  /** Answers dropped after the server committed (route.fetch → route.abort). */
  dropped: number;
  /** 503s answered before the server saw the request. */
  unavailable: number;
}

/**
 * The hostile network: the k-th distinct create and the k-th distinct signoff (in the order the
 * queue first posts them) get faults on their first tries — every 3rd create loses its answer
 * after the commit, every 4th (offset 1) gets a 503; every 5th signoff loses its answer, every
 * 5th (offset 2) a 503; the first create loses its answer twice in a row.
 */
async function hostile(context: BrowserContext, faults: Faults) {
  const seen = new Map<string, { index: number; tries: number }>();
  let creates = 0;
  let signoffs = 0;
  await context.route(/\/api\/field-tickets(\/\d+\/signoff)?$/, async (route: Route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.fallback();
    const body = request.postDataJSON() as { clientId: string };
    const isSignoff = request.url().endsWith('/signoff');
    const key = `${isSignoff ? 's' : 'c'}:${body.clientId}`;
    let entry = seen.get(key);
    if (!entry) {
      entry = { index: isSignoff ? signoffs++ : creates++, tries: 0 };
      seen.set(key, entry);
    }
    entry.tries += 1;
    const { index, tries } = entry;
    const drop = isSignoff
      ? index % 5 === 0 && tries === 1
      : (index % 3 === 0 && tries === 1) || (index === 0 && tries === 2);
    const unavailable = isSignoff ? index % 5 === 2 && tries === 1 : index % 4 === 1 && tries === 1;
    if (unavailable) {
      faults.unavailable += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: 'Service unavailable', code: 'unavailable' } }),
      });
    }
    if (drop) {
      const response = await route.fetch();
      await response.body(); // the server has answered: it committed
      faults.dropped += 1;
      return route.abort('connectionreset');
    }
    return route.fallback();
  });
}

interface PassFigures {
  pass: string;
  created: number;
  waitingShown: number;
  arrived: number;
  duplicates: number;
  lost: number;
  signed: number;
  vendorSide: number;
  syncMs: number;
  writeMs: number;
  posts: number;
  retries: number;
  faults: Faults;
}

interface TicketSummary {
  clientId: string;
  ticketNumber: string;
  status: string;
  signerName: string | null;
}

async function runPass(
  name: 'calm' | 'hostile',
  vendor: Page,
  context: BrowserContext,
  operator: Page,
  stamp: string,
): Promise<PassFigures> {
  const prefix = `OB${stamp}${name === 'calm' ? 'C' : 'H'}`;
  const numbers = Array.from(
    { length: TICKETS },
    (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`,
  );
  await vendor.goto(`${origin}/field-tickets`);
  await vendor.getByRole('heading', { name: 'Field tickets' }).waitFor();
  // The operators list is kept for offline use when the list is read online.
  await vendor.waitForLoadState('networkidle');

  await context.setOffline(true);
  const writeStart = Date.now();
  for (const [i, number] of numbers.entries()) await writeTicket(vendor, number, i);
  const writeMs = Date.now() - writeStart;

  // Each says 'Waiting to send', on the list and in the phone's store.
  const onPhone = vendor.getByRole('region', { name: 'On this phone' });
  await onPhone.getByText(`${TICKETS} tickets waiting to send — offline`).waitFor();
  const items = onPhone.getByRole('list', { name: 'Tickets on this phone' }).getByRole('listitem');
  let waitingShown = 0;
  for (const number of numbers) {
    const row = items.filter({ has: vendor.getByRole('link', { name: number, exact: true }) });
    if ((await row.getByText('Waiting to send').count()) === 1) waitingShown += 1;
  }
  const queued = (await readQueue(vendor)).filter((t) =>
    t.ticket.fields.docNumber.startsWith(prefix),
  );
  if (queued.length !== TICKETS || queued.some((t) => t.state !== 'waiting')) {
    throw new Error(`the phone's queue holds ${queued.length} tickets, not all waiting`);
  }

  // Count every POST the queue makes (retries included).
  let posts = 0;
  const countPost = (request: { method(): string; url(): string }) => {
    if (request.method() === 'POST' && /\/api\/field-tickets(\/\d+\/signoff)?$/.test(request.url()))
      posts += 1;
  };
  vendor.on('request', countPost);
  const faults: Faults = { dropped: 0, unavailable: 0 };
  if (name === 'hostile') await hostile(context, faults);

  const syncStart = Date.now();
  await context.setOffline(false);
  await until(
    'every ticket sent',
    async () => {
      const rows = (await readQueue(vendor)).filter((t) =>
        t.ticket.fields.docNumber.startsWith(prefix),
      );
      return rows.length === TICKETS && rows.every((t) => t.state === 'sent');
    },
    10 * 60_000,
  );
  const syncMs = Date.now() - syncStart;
  // The screen agrees: nothing left on the phone's list.
  await onPhone.waitFor({ state: 'detached' });
  vendor.off('request', countPost);
  if (name === 'hostile') await context.unrouteAll({ behavior: 'wait' });

  // The operator's side, through the API.
  const received = await apiGet<{ items: TicketSummary[]; total: number }>(
    operator,
    `/api/field-tickets?side=received&q=${prefix}&page=1&pageSize=100`,
  );
  const sent = await apiGet<{ items: TicketSummary[]; total: number }>(
    vendor,
    `/api/field-tickets?side=sent&q=${prefix}&page=1&pageSize=100`,
  );
  const phoneClientIds = new Map(queued.map((t) => [t.ticket.fields.docNumber, t.clientId]));
  const mine = received.items.filter((t) => phoneClientIds.get(t.ticketNumber) === t.clientId);
  const arrivedNumbers = new Set(mine.map((t) => t.ticketNumber));
  return {
    pass: name,
    created: queued.length,
    waitingShown,
    arrived: arrivedNumbers.size,
    duplicates: received.total - arrivedNumbers.size,
    lost: numbers.filter((n) => !arrivedNumbers.has(n)).length,
    signed: mine.filter((t) => t.signerName === 'Dale Foreman').length,
    vendorSide: sent.total,
    syncMs,
    writeMs,
    posts,
    retries: posts - 2 * TICKETS,
    faults,
  };
}

function print(f: PassFigures) {
  console.log(`\n${f.pass} network`);
  console.log(
    `  created offline ${f.created} (each 'Waiting to send': ${f.waitingShown}), written in ${seconds(f.writeMs)}`,
  );
  console.log(
    `  arrived at the operator ${f.arrived}   duplicates ${f.duplicates}   lost ${f.lost}   signed ${f.signed}   (vendor's list: ${f.vendorSide})`,
  );
  console.log(`  time to sync ${seconds(f.syncMs)} (network back → all 'Sent' on the phone)`);
  console.log(
    `  POSTs ${f.posts} for ${2 * TICKETS} calls → retries ${f.retries}` +
      (f.pass === 'hostile'
        ? `   faults injected: ${f.faults.dropped} answers dropped after the commit, ${f.faults.unavailable} × 503`
        : ''),
  );
  const ok =
    f.arrived === f.created && f.duplicates === 0 && f.lost === 0 && f.signed === f.created;
  console.log(`  exactly once each: ${ok ? 'yes' : 'NO'}`);
  return ok;
}

console.log(`offline tickets: ${TICKETS} per pass, passes ${PASSES.join(', ')}; ${machineLoad()}`);
const app = await startDemoApp(port, origin, 'offline');
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
let failed = false;
try {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude: 31.99712, longitude: -102.07791, accuracy: 12 },
    permissions: ['geolocation'],
  });
  const vendor = await phone.newPage();
  await signIn(vendor, VENDOR);
  // Let the app install its service worker (registered after load + 5 s + idle), then reload so
  // that it controls the page.
  await vendor.goto(`${origin}/field-tickets`);
  await vendor.evaluate(async () => {
    await (globalThis as unknown as Browser).navigator.serviceWorker.ready;
  });
  await vendor.reload();
  await until('the service worker controls the page', () =>
    vendor.evaluate(
      () => (globalThis as unknown as Browser).navigator.serviceWorker.controller !== null,
    ),
  );

  const desk = await browser.newContext();
  const operator = await desk.newPage();
  await signIn(operator, OPERATOR);

  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  for (const pass of PASSES) {
    const figures = await runPass(pass, vendor, phone, operator, stamp);
    if (!print(figures)) failed = true;
  }
  console.log(`\n${machineLoad()}`);
} finally {
  await browser.close();
  await app.stop();
}
if (failed) process.exitCode = 1;
