import { zConnectionListQuery, type SessionData } from '@flowline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { withTenantScope } from '../../db/tenant-scope';
import {
  listBlockedCompaniesOfUser,
  type ActiveMembership,
} from '../companies/membership-repository';
import { flagsForCompany } from '../feature-flags/service';
import { listParties } from '../parties/service';
import { listTerms } from '../terminology/service';
import { getCurrentUser } from '../users/service';
import type { UserRow } from '../users/repository';

/** Home's question, asked as Home asks it: one connected connection is enough. */
const connectedQuery = zConnectionListQuery.parse({
  partyStatus: 'connected',
  page: 1,
  itemsPerPage: 1,
});

/**
 * The session start in one answer (GET /api/session): what GET /users/current, GET
 * /company/allCompanies and — with a Company-Id — GET /featureflags, GET /terminology and Home's
 * connection count give, with exactly their checks: the user comes from the verified token, and a
 * company is answered for only through the user's active, unblocked membership of it (the same
 * refusal as /users/current: 403 company_forbidden, no data).
 */
export async function startSession(
  db: Db,
  user: UserRow,
  companyId: number | undefined,
  /** The membership the request context loaded for `companyId` (undefined: not loaded). */
  membership: ActiveMembership | null | undefined,
  enabledFlags: readonly string[],
  log: FastifyBaseLogger,
): Promise<SessionData> {
  // Throws 403 when the user is not an active member of `companyId` (before anything is read).
  const current = await getCurrentUser(db, user, companyId, membership);
  if (companyId === undefined) {
    // Asked only when there is no company to start in: the sign-in then says why (item 23).
    const blockedCompanies =
      current.companies.length === 0 ? await listBlockedCompaniesOfUser(db, user.id) : [];
    return { companies: current.companies, user: current, company: null, blockedCompanies };
  }

  const ctx: TenantContext = {
    companyId,
    userId: user.id,
    userType: user.userTypeId,
    roles: current.roles,
  };
  // The tenant reads run under row-level security like the company routes they stand for.
  const [featureFlags, terminology, connected] = await withTenantScope(companyId, () =>
    Promise.all([
      // All flags default off (spec 2 §9): a failure here must not stop the session start.
      flagsForCompany(db, companyId, enabledFlags).catch((error: unknown) => {
        log.warn({ err: error }, 'feature flags unavailable at session start');
        return null;
      }),
      listTerms(db, ctx),
      listParties(db, ctx, connectedQuery),
    ]),
  );
  return {
    companies: current.companies,
    user: current,
    company: {
      id: companyId,
      featureFlags,
      terminology,
      hasConnections: connected.totalRecords > 0,
    },
  };
}
