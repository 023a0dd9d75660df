import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CurrentUser, FeatureFlags, UserCompany } from '@flowline/shared';
import { configureApiAuth, setApiCompanyId } from '../lib/api-client';
import { resetClientErrorThrottle } from '../lib/client-error-reporter';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { createSnackbarStore } from '../components/snackbar';
import { createFakeAuthClient, type FakeAuthClient } from './fake-auth-client';
import { apiError, installFakeApi } from './fake-api';
import { buildCompany, buildUser, documentTypeSummaries, flags } from './fixtures';

/** Renders the real route table in a memory router, signed in or not, with a fake auth client. */
export function renderApp(path: string, auth: FakeAuthClient = createFakeAuthClient()) {
  configureApiAuth(auth);
  setApiCompanyId(null);
  resetClientErrorThrottle();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const snackbarStore = createSnackbarStore();
  const view = render(
    <AppProviders authClient={auth} snackbarStore={snackbarStore}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, auth, snackbarStore };
}

export interface SignedInOptions {
  companies?: UserCompany[];
  /** The user as `/users/current` returns it with a Company-Id (roles in that company). */
  user?: Partial<CurrentUser>;
  featureFlags?: Partial<FeatureFlags>;
  /** Extra or replacing routes, e.g. a failing one. */
  handlers?: Parameters<typeof installFakeApi>[0];
}

/** A server answering the start-up calls of a signed-in session. */
export function installSessionApi({
  companies = [buildCompany()],
  user = {},
  featureFlags = {},
  handlers = {},
}: SignedInOptions = {}) {
  const fullUser = buildUser({ companies, ...user });
  return installFakeApi({
    'GET /api/company/allCompanies': () => companies,
    'GET /api/companyResolving/resolveCompanyByServiceId': (req) => {
      const found = companies.find(
        (c) => c.id === Number(new URLSearchParams(req.search).get('companyId')),
      );
      if (!found) return apiError(404, 'Company not found', 'company_not_found');
      const { id, name, serviceId, isCloud, url } = found;
      return { id, name, serviceId, isCloud, url };
    },
    'GET /api/users/current': (req) =>
      req.headers.has('Company-Id') ? fullUser : { ...fullUser, roles: [], mainRole: null },
    'GET /api/featureflags': () => flags(featureFlags),
    'GET /api/documentType': () => documentTypeSummaries,
    // What the shell and Home always ask for: no connections, no system notifications.
    'GET /api/party/grid/search': () => ({ items: [], totalRecords: 0 }),
    'GET /api/notifications/pendingSystemNotifications': () => [],
    'GET /api/me/membership-invitations': () => [],
    'GET /api/documentroute/inbox/unreadCount': () => ({ count: 0 }),
    'POST /api/exchangeusers/welcomeMessageDisplayed': () => new Response(null, { status: 204 }),
    'POST /api/clientexceptionlogger/exception': () => new Response(null, { status: 204 }),
    'POST /api/authenticationexceptionlogger/exception': () => new Response(null, { status: 204 }),
    ...handlers,
  });
}
