import type { QueryClient } from '@tanstack/react-query';
import {
  FEATURE_FLAG_WAIT_MS,
  cloudRepositoryUrl,
  pickStartCompany,
  type CurrentUser,
  type UserCompany,
} from '@flowline/shared';
import { setApiCompanyId } from '../../lib/api-client';
import { readStoredCompanyId, writeStoredCompanyId } from '../../lib/selected-company-storage';
import { withTimeout } from '../../lib/with-timeout';
import { companiesQueryOptions, currentUserQueryOptions } from '../../features/session/api';
import { featureFlagsQueryOptions } from '../../features/feature-flags/api';
import { myMembershipInvitationsQueryOptions } from '../../features/membership-invitations/api';

export type SessionStart =
  | { kind: 'ready'; company: UserCompany; companies: UserCompany[]; user: CurrentUser }
  | { kind: 'cloud-redirect'; url: string }
  /** No company yet, but companies are asking the person to join them. */
  | { kind: 'invitations-only' }
  | { kind: 'unauthorized' };

/**
 * The start-up sequence after sign-in (spec 2 §4.4). Results land in the query cache under the
 * feature keys, so hooks elsewhere read the same data.
 */
export async function startSession(queryClient: QueryClient): Promise<SessionStart> {
  const [companies] = await Promise.all([
    queryClient.fetchQuery(companiesQueryOptions()),
    // Without Company-Id: confirms the account exists before any tenant call.
    queryClient.fetchQuery(currentUserQueryOptions(null)),
  ]);

  const company = pickStartCompany(companies, readStoredCompanyId());
  if (!company) {
    const url = companies
      .filter((c) => c.isCloud)
      .map(cloudRepositoryUrl)
      .find((u): u is string => u !== null);
    if (url) return { kind: 'cloud-redirect', url };
    const invitations = await queryClient
      .fetchQuery({ ...myMembershipInvitationsQueryOptions(), retry: false })
      .catch(() => []);
    return invitations.length > 0 ? { kind: 'invitations-only' } : { kind: 'unauthorized' };
  }
  writeStoredCompanyId(company.id);
  setApiCompanyId(company.id);

  // The user in the company is asked for beside the flags, not after them: one round trip less
  // before the first page (issue 16 item 4). Marked handled at once; the await below rethrows.
  const userInCompany = queryClient.fetchQuery(currentUserQueryOptions(company.id));
  userInCompany.catch(() => undefined);
  // Flags are awaited only so long; a late answer still fills the cache and the UI follows.
  await withTimeout(queryClient.fetchQuery(featureFlagsQueryOptions()), FEATURE_FLAG_WAIT_MS).catch(
    () => undefined,
  );
  const user = await userInCompany;
  return { kind: 'ready', company, companies, user };
}
