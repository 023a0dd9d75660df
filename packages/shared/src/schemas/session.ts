import { z } from 'zod';
import { zUserCompany } from './companies';
import { zFeatureFlags } from './feature-flags';
import { zTerm } from './terminology';
import { zCurrentUser } from './users';

/**
 * What the shell needs from the selected company before its first paint (GET /api/session with a
 * Company-Id): the same values GET /featureflags, GET /terminology and Home's
 * GET /party/grid/search?partyStatus=connected give, in the same round trip.
 */
export const zSessionCompany = z.object({
  id: z.number().int(),
  /** null: the flags could not be read; the client asks GET /featureflags itself (defaults off). */
  featureFlags: zFeatureFlags.nullable(),
  terminology: z.array(zTerm),
  /** Whether the company has a connected connection (Home shows widgets, else getting started). */
  hasConnections: z.boolean(),
});
export type SessionCompany = z.infer<typeof zSessionCompany>;

/**
 * GET /api/session: the session start in one call (issue 16 item 4; docs/auth-and-tenancy.md).
 * Our addition beside the spec's calls, which stay: `companies` is GET /company/allCompanies,
 * `user` is GET /users/current with the same Company-Id (roles in that company, none without one),
 * `company` is null when no Company-Id was sent.
 */
export const zSession = z.object({
  companies: z.array(zUserCompany),
  user: zCurrentUser,
  company: zSessionCompany.nullable(),
  /**
   * Only without a Company-Id and when the user has no company to work in: the active companies
   * whose Administrators blocked them, by name (issue 27 item 23) — the sign-in then says their
   * access is blocked instead of only 'not authorized'. The user's own memberships, nobody else's.
   */
  blockedCompanies: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
});
export type SessionData = z.infer<typeof zSession>;
