import type { UserCompany } from '../schemas/companies';

/** Companies this deployment serves (cloud-hosted ones live on their own url). */
export function localCompanies(companies: readonly UserCompany[]): UserCompany[] {
  return companies.filter((c) => !c.isCloud);
}

/**
 * The company to work in at sign-in (spec 2 §4.4): the stored one if the user still
 * belongs to it, else the first non-cloud company; null when there is none.
 */
export function pickStartCompany(
  companies: readonly UserCompany[],
  storedCompanyId: number | null,
): UserCompany | null {
  const local = localCompanies(companies);
  return local.find((c) => c.id === storedCompanyId) ?? local[0] ?? null;
}

/** Where a cloud-hosted company's repository lives (spec 2 §2.3). */
export function cloudRepositoryUrl(company: Pick<UserCompany, 'url'>): string | null {
  if (!company.url) return null;
  return `${company.url.replace(/\/+$/, '')}/repository`;
}
