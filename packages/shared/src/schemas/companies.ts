import { z } from 'zod';
import { zIdParam } from './common';

/** A company as the signed-in user sees it in the account list (spec 2 §3). */
export const zUserCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  serviceId: z.string(),
  isCloud: z.boolean(),
  url: z.string().nullable(),
  onBoardingProcessPending: z.boolean(),
  partyTypeIds: z.array(z.number().int()),
});
export type UserCompany = z.infer<typeof zUserCompany>;

export const zCompanyName = z.object({ id: z.number().int(), name: z.string() });

/** GET /companyResolving/resolveCompanyByServiceId?companyId (spec 2 §7.4, spec 3 §7). */
export const zResolveCompanyQuery = z.object({
  companyId: zIdParam,
});

/** Where a company of the user is served: here (switch to it) or on its own cloud host. */
export const zResolvedCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceId: z.string(),
  isCloud: z.boolean(),
  url: z.string().nullable(),
});
export type ResolvedCompany = z.infer<typeof zResolvedCompany>;
