import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  zCurrentUser,
  zSession,
  zUserCompany,
  type WelcomeMessageDisplayed,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

export const sessionKeys = {
  all: ['session'] as const,
  companies: () => [...sessionKeys.all, 'companies'] as const,
  /** `null`: the user without a company (no roles). */
  currentUser: (companyId: number | null) =>
    [...sessionKeys.all, 'current-user', companyId] as const,
};

/** Every company of the signed-in user; needs no Company-Id. */
export function getAllCompanies() {
  return apiRequest('/company/allCompanies', { schema: z.array(zUserCompany), company: false });
}

/** With a company id the roles are those in that company; without one they are empty. */
export function getCurrentUser(companyId: number | null) {
  return apiRequest('/users/current', {
    schema: zCurrentUser,
    ...(companyId === null ? { company: false } : { companyId }),
  });
}

/**
 * The session start in one call (our addition, docs/auth-and-tenancy.md): the companies, the user
 * and, with a company id, that company's flags, terminology and whether it has connections.
 */
export async function getSession(companyId: number | null) {
  const key = `${SESSION_COPY_KEY}.${companyId ?? 'none'}`;
  try {
    const session = await apiRequest('/session', {
      schema: zSession,
      ...(companyId === null ? { company: false } : { companyId }),
    });
    try {
      window.sessionStorage.setItem(key, JSON.stringify(session));
    } catch {
      // No storage: an offline reload cannot start.
    }
    return session;
  } catch (error) {
    // Offline (a wellsite, issue 32 item 2): a reload of this tab starts from the last answer it
    // had, so that the field tickets kept on the phone stay reachable. Only without a network.
    if (!isApiError(error, 0)) throw error;
    const copy = readSessionCopy(key);
    if (!copy) throw error;
    return copy;
  }
}

/** This tab's last session start answers (sessionStorage, beside the tab's sign-in). */
const SESSION_COPY_KEY = 'flowline.sessionCopy';

function readSessionCopy(key: string) {
  try {
    const parsed = zSession.safeParse(JSON.parse(window.sessionStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function postWelcomeMessageDisplayed(body: WelcomeMessageDisplayed) {
  return apiRequest('/exchangeusers/welcomeMessageDisplayed', { method: 'POST', body });
}

export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.companies(),
    queryFn: getAllCompanies,
    staleTime: Infinity,
  });

export const currentUserQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: sessionKeys.currentUser(companyId),
    queryFn: () => getCurrentUser(companyId),
    staleTime: Infinity,
  });

export function useCompanies() {
  return useQuery(companiesQueryOptions());
}

export function useCurrentUser(companyId: number | null) {
  return useQuery(currentUserQueryOptions(companyId));
}

export function useWelcomeMessageDisplayed() {
  return useMutation({ mutationFn: postWelcomeMessageDisplayed });
}
