import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  FEATURE_FLAG_WAIT_MS,
  cloudRepositoryUrl,
  pickStartCompany,
  type CurrentUser,
  type SessionData,
  type UserCompany,
} from '@flowline/shared';
import { setApiCompanyId } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { readStoredCompanyId, writeStoredCompanyId } from '../../lib/selected-company-storage';
import { withTimeout } from '../../lib/with-timeout';
import { getSession, sessionKeys } from '../../features/session/api';
import { takePrefetchedSession } from '../../features/session/prefetch';
import { featureFlagKeys, featureFlagsQueryOptions } from '../../features/feature-flags/api';
import { terminologyKeys } from '../../features/terminology/api';
import { dashboardKeys, prefetchDashboard } from '../../features/home/api';
import { myMembershipInvitationsQueryOptions } from '../../features/membership-invitations/api';

export type SessionStart =
  | { kind: 'ready'; company: UserCompany; companies: UserCompany[]; user: CurrentUser }
  | { kind: 'cloud-redirect'; url: string }
  /** No company yet, but companies are asking the person to join them. */
  | { kind: 'invitations-only' }
  /** Nothing to work in; `blockedCompanies`: the companies that blocked the user, by name. */
  | { kind: 'unauthorized'; blockedCompanies: string[] };

/** The remembered company may have been left or blocked since: then start as if none was. */
async function sessionOf(companyId: number | null): Promise<SessionData> {
  try {
    return await (takePrefetchedSession(companyId) ?? getSession(companyId));
  } catch (error) {
    if (companyId !== null && isApiError(error, 403)) return getSession(null);
    throw error;
  }
}

/**
 * The start-up sequence after sign-in (spec 2 §4.4), in one round trip when the browser remembers
 * the company (issue 16 item 4): GET /api/session with that Company-Id answers the companies, the
 * user's roles in it, its feature flags and terminology, and whether it has connections (Home's
 * first question). The answers land in the query cache under the keys of the calls they stand
 * for, so hooks elsewhere read — and later refresh — the same data.
 */
export async function startSession(
  queryClient: QueryClient,
  openingPath: string,
): Promise<SessionStart> {
  const stored = readStoredCompanyId();
  let session = await sessionOf(stored);
  const { companies } = session;
  queryClient.setQueryData(sessionKeys.companies(), companies);

  const company = pickStartCompany(companies, stored);
  if (!company) {
    const url = companies
      .filter((c) => c.isCloud)
      .map(cloudRepositoryUrl)
      .find((u): u is string => u !== null);
    if (url) return { kind: 'cloud-redirect', url };
    const invitations = await queryClient
      .fetchQuery({ ...myMembershipInvitationsQueryOptions(), retry: false })
      .catch(() => []);
    if (invitations.length > 0) return { kind: 'invitations-only' };
    const blockedCompanies = (session.blockedCompanies ?? []).map((c) => c.name);
    return { kind: 'unauthorized', blockedCompanies };
  }
  // No remembered company (first sign-in here), or one that cannot be used: ask for the chosen one.
  if (session.company?.id !== company.id) session = await getSession(company.id);
  writeStoredCompanyId(company.id);
  setApiCompanyId(company.id);

  const { user, company: answer } = session;
  queryClient.setQueryData(sessionKeys.currentUser(company.id), user);
  if (answer) {
    queryClient.setQueryData(terminologyKeys.list(company.id), answer.terminology);
    queryClient.setQueryData(dashboardKeys.hasConnections(), answer.hasConnections);
    // Home is the page being opened: its data goes out now, while the frame renders.
    if (answer.hasConnections && openingPath === '/') {
      prefetchDashboard(queryClient, company.partyTypeIds);
    }
    if (answer.featureFlags) queryClient.setQueryData(featureFlagKeys.all, answer.featureFlags);
  }
  if (!answer?.featureFlags) {
    // The server could not read them: ask once more, awaited only so long (spec 2 §4.4); a late
    // answer still fills the cache and the UI follows.
    await withTimeout(
      queryClient.fetchQuery(featureFlagsQueryOptions()),
      FEATURE_FLAG_WAIT_MS,
    ).catch(() => undefined);
  }
  return { kind: 'ready', company, companies, user };
}

/**
 * The session start as a query: SessionProvider reads it, the shell's loader waits for it.
 * `openingPath`: the address the app was opened at (Home's data is asked for with the session's).
 */
export const sessionStartQueryOptions = (queryClient: QueryClient, openingPath: string) =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'start'],
    queryFn: () => startSession(queryClient, openingPath),
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
