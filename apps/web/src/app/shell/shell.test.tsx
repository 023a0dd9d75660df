import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, SELECTED_COMPANY_STORAGE_KEY, UserType } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';
import { buildCompany, buildUser } from '../../test/fixtures';
import { apiError } from '../../test/fake-api';

afterEach(() => vi.unstubAllGlobals());

async function openShell(path = '/') {
  const view = renderApp(path);
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  await within(nav).findByRole('link', { name: 'AR Invoice' });
  return { ...view, nav };
}

const adminLabels = [
  'Logo',
  'Profiles',
  'W9',
  'Insurance Certificate',
  'ACH',
  '1099',
  'Users',
  'API Keys',
  'Coding Rules',
  'Price Books',
  'Approval Policies',
  'Terminology',
  'Connections',
  'Invitations',
  'Inbound e-mail',
  'Background jobs',
  'Audit log',
];

describe('navigation', () => {
  it('shows the Administration section, in the spec order, to Administrators', async () => {
    installSessionApi({ user: { roles: [Role.Administrator], mainRole: Role.Administrator } });
    const { nav } = await openShell();

    const adminList = within(nav).getByRole('list', { name: 'Administration' });
    const labels = within(adminList)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(adminLabels);
    expect(within(adminList).getByRole('link', { name: 'W9' })).toHaveAttribute(
      'href',
      '/admin/legalDocuments/1',
    );
    expect(within(adminList).getByRole('link', { name: '1099' })).toHaveAttribute(
      'href',
      '/documentlist/90',
    );
  });

  it('hides the Administration section from other roles', async () => {
    installSessionApi({ user: { roles: [Role.User] } });
    const { nav } = await openShell();

    expect(within(nav).queryByText('Administration')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Invitations' })).not.toBeInTheDocument();
    // Issue 27 item 3: every member reaches 1099s from the document links.
    expect(within(nav).getByRole('link', { name: '1099' })).toHaveAttribute(
      'href',
      '/documentlist/90',
    );
  });

  it('lists the accounting reports only when the flag is on', async () => {
    installSessionApi();
    const first = await openShell();
    expect(
      within(first.nav).queryByRole('link', { name: 'Suspense Report' }),
    ).not.toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    installSessionApi({ featureFlags: { accountingReportFlag: true } });
    const { nav } = await openShell();
    expect(await within(nav).findByRole('link', { name: 'Suspense Report' })).toHaveAttribute(
      'href',
      '/documentlist/95',
    );
    expect(
      within(nav).getByRole('link', { name: 'Outside Operator Expense Report' }),
    ).toBeInTheDocument();
  });

  it('marks the active link and hides the navigation on a document', async () => {
    installSessionApi();
    const { router, nav } = await openShell('/documentlist/93');
    expect(within(nav).getByRole('link', { name: 'AR Invoice' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'AR Invoices' }),
    ).toBeInTheDocument();

    // The fake API has no document 12: the screen says so, still without the navigation.
    await router.navigate('/documents/12');
    expect(await screen.findByText('The document is no longer available')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});

describe('account menu', () => {
  it('offers Edit my Profile to regular users', async () => {
    installSessionApi({ user: { userType: UserType.Regular } });
    await openShell();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Notifications', 'Edit my Profile', 'Logout']);
  });

  it('hides Edit my Profile from Global users and shows Change Account with several companies', async () => {
    installSessionApi({
      companies: [buildCompany({ id: 1 }), buildCompany({ id: 2 })],
      user: { userType: UserType.Global },
    });
    await openShell();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Change Account', 'Notifications', 'Logout']);
  });

  it('logs out through the auth client', async () => {
    installSessionApi();
    const { auth } = await openShell();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });
});

describe('session start', () => {
  it('restores the stored company and sends its id on tenant calls only', async () => {
    window.localStorage.setItem(SELECTED_COMPANY_STORAGE_KEY, '2');
    const api = installSessionApi({
      companies: [
        buildCompany({ id: 1, name: 'Alpha Oil' }),
        buildCompany({ id: 2, name: 'Beta Gas' }),
      ],
    });
    await openShell();

    expect(screen.getByTestId('selected-company-name')).toHaveTextContent('Beta Gas');
    // One session call with the remembered company (issue 16 item 4), not four.
    const sessions = api.find('GET', '/api/session');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(sessions[0]?.headers.get('Company-Id')).toBe('2');
    expect(api.find('GET', '/api/company/allCompanies')).toHaveLength(0);
    expect(api.find('GET', '/api/users/current')).toHaveLength(0);
    expect(api.find('GET', '/api/featureflags')).toHaveLength(0);
    expect(api.find('GET', '/api/documentType')[0]?.headers.get('Company-Id')).toBe('2');
    expect(api.find('GET', '/api/documentType')[0]?.search).toBe('?IncludeFullDetails=false');
  });

  it('falls back to the first non-cloud company and remembers it', async () => {
    window.localStorage.setItem(SELECTED_COMPANY_STORAGE_KEY, '99');
    installSessionApi({
      companies: [
        buildCompany({ id: 5, name: 'Cloud Co', isCloud: true, url: 'https://cloud.example.com' }),
        buildCompany({ id: 6, name: 'Local Co' }),
      ],
    });
    await openShell();
    expect(screen.getByTestId('selected-company-name')).toHaveTextContent('Local Co');
    expect(window.localStorage.getItem(SELECTED_COMPANY_STORAGE_KEY)).toBe('6');
  });

  it('starts without the remembered company when it is refused now (left or blocked)', async () => {
    window.localStorage.setItem(SELECTED_COMPANY_STORAGE_KEY, '3');
    const api = installSessionApi({
      companies: [buildCompany({ id: 4, name: 'Still Mine' })],
    });
    await openShell();
    expect(screen.getByTestId('selected-company-name')).toHaveTextContent('Still Mine');
    // Refused with 3, asked without a company, then with the first company.
    expect(api.find('GET', '/api/session').map((r) => r.headers.get('Company-Id'))).toEqual([
      '3',
      null,
      '4',
    ]);
    expect(window.localStorage.getItem(SELECTED_COMPANY_STORAGE_KEY)).toBe('4');
  });

  it('tells users without a company they are not authorized, then logs them out', async () => {
    installSessionApi({ companies: [] });
    const { auth } = renderApp('/');
    expect(
      await screen.findByText('You are not authorized to use this application.'),
    ).toBeInTheDocument();
    expect(auth.signOut).not.toHaveBeenCalled();
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('tells a user blocked in their only company that their access to it is blocked (issue 27 item 23)', async () => {
    installSessionApi({
      companies: [],
      handlers: {
        'GET /api/session': () => ({
          companies: [],
          user: buildUser({ roles: [], mainRole: null }),
          company: null,
          blockedCompanies: [{ id: 4, name: 'Permian Basin Services LLC' }],
        }),
      },
    });
    const { auth } = renderApp('/');
    const message =
      'Your access to Permian Basin Services LLC is blocked. Ask an Administrator of Permian Basin Services LLC to unblock you.';
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your access is blocked' }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1), { timeout: 3000 });
    // The landing page the sign-out ends on says it again.
    expect(window.sessionStorage.getItem('flowline.signedOutReason')).toBe(message);
    window.sessionStorage.removeItem('flowline.signedOutReason');
  });

  it('offers a person without a company the companies asking them to join, and joins on Accept', async () => {
    let joined = false;
    const api = installSessionApi({
      companies: [],
      handlers: {
        'GET /api/company/allCompanies': () =>
          joined ? [buildCompany({ id: 9, name: 'Joined Co' })] : [],
        'GET /api/me/membership-invitations': () =>
          joined
            ? []
            : [
                {
                  id: 41,
                  companyId: 9,
                  companyName: 'Joined Co',
                  invitedBy: 'Ada Admin',
                  mainRole: 3,
                  createdAt: '2026-11-20T10:00:00.000Z',
                },
              ],
        'POST /api/me/membership-invitations/41/accept': () => {
          joined = true;
          return { companyId: 9, companyName: 'Joined Co', message: 'You joined Joined Co' };
        },
      },
    });
    const { auth } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Joined Co' })).toBeInTheDocument();
    expect(screen.getByText(/Ada Admin invited you/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/me/membership-invitations/41/accept')).toHaveLength(1),
    );
    expect(
      await screen.findByTestId('selected-company-name', undefined, { timeout: 5000 }),
    ).toHaveTextContent('Joined Co');
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('opens ErrorLoading and logs the failure when start-up fails', async () => {
    const api = installSessionApi({
      handlers: { 'GET /api/company/allCompanies': () => apiError(500, 'Database unavailable') },
    });
    const { router } = renderApp('/inbox');
    await screen.findByText(/an error occured while loading the application/, undefined, {
      timeout: 5000,
    });
    expect(router.state.location.pathname).toBe('/errorLoading');
    expect(api.find('POST', '/api/authenticationexceptionlogger/exception')).toHaveLength(1);
    expect(
      api
        .find('POST', '/api/authenticationexceptionlogger/exception')[0]
        ?.headers.has('Company-Id'),
    ).toBe(false);
  });
});
