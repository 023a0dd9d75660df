import { z } from 'zod';

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
