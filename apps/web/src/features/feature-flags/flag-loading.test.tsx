import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEATURE_FLAG_WAIT_MS, SELECTED_COMPANY_STORAGE_KEY } from '@flowline/shared';
import { buildCompany, flags } from '../../test/fixtures';
import { installSessionApi, renderApp } from '../../test/render-app';
import { apiError } from '../../test/fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem(SELECTED_COMPANY_STORAGE_KEY);
});

const companies = [
  buildCompany({ id: 1, name: 'Permian Vendors LLC' }),
  buildCompany({ id: 2, name: 'Bakken Operating Co' }),
];

describe('feature flags in the client', () => {
  it('are asked again for the company switched to, and the shell follows them', async () => {
    const api = installSessionApi({
      companies,
      handlers: {
        // Company 2 has the accounting reports and messaging; company 1 has nothing.
        'GET /api/featureflags': (req) =>
          req.headers.get('Company-Id') === '2'
            ? flags({ accountingReportFlag: true, messagingFlag: true })
            : flags(),
      },
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'AR Invoice' });
    expect(within(nav).queryByRole('link', { name: 'Suspense Report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Messages' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change Account' }));
    await userEvent.click(await screen.findByRole('button', { name: /Bakken Operating Co/ }));

    const after = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(after).findByRole('link', { name: 'Suspense Report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    // The session start of the company switched to brings its flags.
    expect(api.find('GET', '/api/session').at(-1)?.headers.get('Company-Id')).toBe('2');
  });

  it(`start without them, all off, when the server has not answered in ${FEATURE_FLAG_WAIT_MS} ms`, async () => {
    installSessionApi({
      featureFlags: { accountingReportFlag: true, messagingFlag: true },
      // The session start could not read the flags (it answers null for them)…
      handlers: { 'GET /api/featureflags': () => apiError(503, 'Flags unavailable') },
    });
    const answer = globalThis.fetch;
    // …and asked directly, the flag service hangs; everything else answers.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/api/featureflags')
        ? new Promise<Response>(() => undefined)
        : answer(input, init),
    );
    const started = Date.now();
    renderApp('/');
    const nav = await screen.findByRole(
      'navigation',
      { name: 'Main navigation' },
      { timeout: FEATURE_FLAG_WAIT_MS + 4000 },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(FEATURE_FLAG_WAIT_MS - 50);
    await within(nav).findByRole('link', { name: 'AR Invoice' });
    expect(within(nav).queryByRole('link', { name: 'Suspense Report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Messages' })).toBeNull();
  });

  it('open an accounting report list only with the accounting-reports flag', async () => {
    const off = installSessionApi();
    const first = renderApp('/documentlist/95');
    expect(await screen.findByRole('heading', { name: /Page Not found/i })).toBeInTheDocument();
    expect(off.find('GET', '/api/documentroute/all/95')).toHaveLength(0);
    first.unmount();
    vi.unstubAllGlobals();

    const on = installSessionApi({
      featureFlags: { accountingReportFlag: true },
      handlers: {
        'GET /api/documentroute/all/95': () => ({ columns: [], rows: [], totalRecords: 0 }),
      },
    });
    renderApp('/documentlist/95');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Suspense Reports' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(on.find('GET', '/api/documentroute/all/95').length).toBeGreaterThan(0),
    );
  });
});
