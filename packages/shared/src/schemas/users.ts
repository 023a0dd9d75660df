import { z } from 'zod';
import { zUserCompany } from './companies';

export const zRoleId = z.number().int();

/** The signed-in user, with roles in the selected company (Company-Id) when one is given. */
export const zCurrentUser = z.object({
  id: z.number().int(),
  externalId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  emailAddress: z.string(),
  title: z.string().nullable(),
  userType: z.number().int(),
  isTemporaryPassword: z.boolean(),
  /** Roles in the selected company: the main role first. Empty without a Company-Id. */
  roles: z.array(zRoleId),
  mainRole: zRoleId.nullable(),
  /** Whether the welcome dialog should open for the selected company. */
  showWelcomeMessage: z.boolean(),
  companies: z.array(zUserCompany),
});
export type CurrentUser = z.infer<typeof zCurrentUser>;

export const zWelcomeMessageDisplayed = z.object({
  /** True when the user ticked 'Do not show this message again'. */
  doNotShowAgain: z.boolean(),
});
export type WelcomeMessageDisplayed = z.infer<typeof zWelcomeMessageDisplayed>;

/** Body of the two client error-logging calls (spec 2 §7.4). */
export const zClientException = z.object({
  message: z.string().max(4000),
  stackTrace: z.string().max(20000).optional().nullable(),
  type: z.string().max(200).optional().nullable(),
  cause: z.string().max(4000).optional().nullable(),
  url: z.string().max(2000).optional().nullable(),
});
export type ClientException = z.infer<typeof zClientException>;
