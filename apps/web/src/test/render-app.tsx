import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CurrentUser, FeatureFlags, UserCompany } from '@flowline/shared';
import { configureApiAuth, setApiCompanyId } from '../lib/api-client';
import { resetClientErrorThrottle } from '../lib/client-error-reporter';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { createSnackbarStore } from '../components/snackbar';
import { createFakeAuthClient, type FakeAuthClient } from './fake-auth-client';
import { apiError, installFakeApi, type RecordedRequest } from './fake-api';
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
  const routes: Parameters<typeof installFakeApi>[0] = {
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
  };
  // GET /api/session answers what the routes it stands for answer (test overrides included).
  routes['GET /api/session'] ??= (req) => fakeSession(routes, req);
  return installFakeApi(routes);
}

/** The fake server's answer to GET /api/session, composed from its other routes like the real one. */
async function fakeSession(
  routes: Parameters<typeof installFakeApi>[0],
  req: RecordedRequest,
): Promise<unknown> {
  const call = async (key: string, fallback?: unknown) => {
    const handler = routes[key];
    const result: unknown = handler ? await handler(req) : fallback;
    if (!(result instanceof Response)) return { ok: true as const, value: result };
    return result.ok
      ? { ok: true as const, value: (await result.json()) as unknown }
      : { ok: false as const, response: result };
  };
  const companies = await call('GET /api/company/allCompanies');
  if (!companies.ok) return companies.response;
  const companyId = req.headers.get('Company-Id');
  const user = await call('GET /api/users/current');
  if (!user.ok) return user.response;
  if (companyId === null) return { companies: companies.value, user: user.value, company: null };
  if (!(companies.value as UserCompany[]).some((c) => String(c.id) === companyId))
    return apiError(403, 'You are not a member of the selected company', 'company_forbidden');
  const [flagsAnswer, terms, connections] = await Promise.all([
    call('GET /api/featureflags'),
    call('GET /api/terminology', []),
    call('GET /api/party/grid/search', { totalRecords: 0 }),
  ]);
  if (!terms.ok) return terms.response;
  if (!connections.ok) return connections.response;
  return {
    companies: companies.value,
    user: user.value,
    company: {
      id: Number(companyId),
      // The real server answers null when it cannot read the flags.
      featureFlags: flagsAnswer.ok ? flagsAnswer.value : null,
      terminology: terms.value,
      hasConnections: (connections.value as { totalRecords: number }).totalRecords > 0,
    },
  };
}
