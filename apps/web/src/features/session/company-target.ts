import { zResolvedCompany, type ResolvedCompany } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/** GET /companyResolving/resolveCompanyByServiceId (spec 2 §7.4): where a company is served. */
export function resolveCompany(companyId: number): Promise<ResolvedCompany> {
  return apiRequest('/companyResolving/resolveCompanyByServiceId', {
    query: { companyId },
    schema: zResolvedCompany,
    company: false,
  });
}

export type CompanyTarget =
  /** Served by another deployment: open `url` there. */
  | { kind: 'cloud'; url: string }
  /** Served here: switch to it. */
  | { kind: 'here'; company: ResolvedCompany }
  /** A cloud company without a known url cannot be opened. */
  | { kind: 'unavailable'; company: ResolvedCompany };

/**
 * The shell's one decision between switching company and redirecting to a cloud host (Change
 * Account, invitations, onboarding), asked of the server rather than read from the cached list.
 * `cloudPath` is where the cloud host should open, e.g. '/repository'.
 */
export async function resolveCompanyTarget(
  companyId: number,
  cloudPath: string,
): Promise<CompanyTarget> {
  const company = await resolveCompany(companyId);
  if (!company.isCloud) return { kind: 'here', company };
  if (!company.url) return { kind: 'unavailable', company };
  return { kind: 'cloud', url: `${company.url.replace(/\/+$/, '')}${cloudPath}` };
}
