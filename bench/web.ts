// `npm run bench:web`: Lighthouse 12 (default mobile profile, simulated throttling) on the landing
// page (`/` signed out) and on the signed-in Home, against the compiled server serving the built
// SPA (issue 16 item 4). Prints performance, accessibility, LCP, bytes transferred and the
// JavaScript requested before the first contentful paint. Targets: performance ≥ 90,
// accessibility ≥ 95, ≤ 250 KB of JavaScript before the first paint. Figures in bench/README.md.
//
// Lighthouse cannot sign in, so the signed-in run signs in through the real login page with
// puppeteer in the same tab (the session lives in that tab's sessionStorage), clears the HTTP
// cache, and runs Lighthouse on that tab with storage reset off.
//
// WEB_DIST_DIR builds and serves the SPA from another folder (as `npm start` does); BENCH_PORT,
// CHROME_PATH (default /usr/bin/chromium), BENCH_USER (default user@permian.example),
// BENCH_WEB_REPORTS (a folder: the Lighthouse JSON reports are written there).
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startDemoApp } from './lib/demo-app';

const port = Number(process.env.BENCH_PORT ?? 3617);
const origin = `http://localhost:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const user = process.env.BENCH_USER ?? 'user@permian.example';
const password = 'flowline-demo-1';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Figures {
  /** Lighthouse's measure of this machine's speed: Lantern scales the observed CPU tasks by 4 whatever it is. */
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  totalBytes: number;
  jsBeforePaint: number;
  jsRequestsBeforePaint: number;
  jsTotal: number;
  failedA11y: string[];
  opportunities: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkRequestTime?: number;
}

async function audit(name: string, url: string, chromePort: number, page?: Page): Promise<Figures> {
  const result = await lighthouse(
    url,
    {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: page !== undefined,
    },
    undefined,
    page as never,
  );
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  if (process.env.BENCH_WEB_REPORTS) {
    fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
    fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audits = lhr.audits;
  const metrics = (audits['metrics']?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0];
  const observedFcp = metrics?.['observedFirstContentfulPaint'] ?? Infinity;
  const requests =
    (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const beforePaint = scripts.filter((r) => (r.networkRequestTime ?? Infinity) < observedFcp);
  const sum = (items: NetworkItem[]) => items.reduce((t, r) => t + (r.transferSize ?? 0), 0);
  return {
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories['accessibility']?.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    totalBytes: audits['total-byte-weight']?.numericValue ?? NaN,
    jsBeforePaint: sum(beforePaint),
    jsRequestsBeforePaint: beforePaint.length,
    jsTotal: sum(scripts),
    failedA11y: Object.values(lhr.categories['accessibility']?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a!.id),
    opportunities: Object.values(audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 150)
      .map((a) => `${a.id} (${Math.round(a.numericValue ?? 0)} ms)`),
  };
}

async function signIn(page: Page) {
  await page.goto(`${origin}/landingpage`, { waitUntil: 'networkidle0' });
  const [login] = await page.$$('xpath/.//button[normalize-space()="Login"]');
  if (!login) throw new Error('no Login button on the landing page');
  await Promise.all([page.waitForNavigation(), login.click()]);
  await page.waitForSelector('input[type=email], input[name=email]');
  await page.type('input[type=email], input[name=email]', user);
  await page.type('input[type=password]', password);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  await page.waitForSelector('[aria-label="Account menu"]', { timeout: 30_000 });
}

function print(name: string, f: Figures) {
  console.log(`\n${name}`);
  console.log(
    `  performance ${f.performance}   accessibility ${f.accessibility}   (machine benchmark index ${f.benchmarkIndex})`,
  );
  console.log(`  FCP ${(f.fcpMs / 1000).toFixed(1)} s   LCP ${(f.lcpMs / 1000).toFixed(1)} s`);
  console.log(`  transferred ${kb(f.totalBytes)}   JavaScript ${kb(f.jsTotal)}`);
  console.log(
    `  JavaScript requested before the first paint: ${kb(f.jsBeforePaint)} in ${f.jsRequestsBeforePaint} files`,
  );
  if (f.failedA11y.length) console.log(`  failed accessibility audits: ${f.failedA11y.join(', ')}`);
  if (f.opportunities.length) console.log(`  opportunities: ${f.opportunities.join(', ')}`);
}

const app = await startDemoApp(port, origin, 'web');
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  print('Landing page (/ signed out)', await audit('landing', `${origin}/`, chrome.port));

  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await signIn(page);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  // A cold start: the service worker the sign-in may have installed would answer from its
  // precache (FCP ~0.2 s). The sign-in itself (sessionStorage) stays.
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.detach();
  print(`Home signed in (${user})`, await audit('home', `${origin}/`, chrome.port, page));
  await browser.disconnect();
} finally {
  chrome.kill();
  await app.stop();
}
