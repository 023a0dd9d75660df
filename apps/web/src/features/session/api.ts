import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  zCurrentUser,
  zSession,
  zUserCompany,
  type WelcomeMessageDisplayed,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

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
export function getSession(companyId: number | null) {
  return apiRequest('/session', {
    schema: zSession,
    ...(companyId === null ? { company: false } : { companyId }),
  });
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
