import { SELECTED_COMPANY_STORAGE_KEY } from '@flowline/shared';

/** The company restored at the next sign-in (spec 2 §4.4); storage may be unavailable (privacy modes). */
export function readStoredCompanyId(): number | null {
  try {
    const raw = window.localStorage.getItem(SELECTED_COMPANY_STORAGE_KEY);
    const id = raw === null ? NaN : Number(raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function writeStoredCompanyId(companyId: number): void {
  try {
    window.localStorage.setItem(SELECTED_COMPANY_STORAGE_KEY, String(companyId));
  } catch {
    // The choice simply is not remembered.
  }
}
