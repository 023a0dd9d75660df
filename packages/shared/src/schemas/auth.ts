import { z } from 'zod';

/** What the SPA needs to start its OpenID Connect sign-in (public, no token). */
export const zAuthClientConfig = z.object({
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  /** Sent as the `resource`/`audience` parameter where the issuer needs one. */
  audience: z.string().nullable(),
  /** Where the identity provider's end-session lands back. */
  postLogoutRedirectPath: z.string(),
});
export type AuthClientConfig = z.infer<typeof zAuthClientConfig>;

/** Password rules for local accounts (embedded issuer). */
export const PASSWORD_MIN_LENGTH = 10;
export const zNewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters')
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), 'Password must contain letters and digits');
