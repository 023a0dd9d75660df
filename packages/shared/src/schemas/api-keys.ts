import { z } from 'zod';
import { Role, assignableRoleIds } from '../ids';

/** API keys for a company's accounting system (issue 12 item 8; docs/api-keys.md). */
export const API_KEY_PREFIX = 'flk_';
export const API_KEY_HEADER = 'X-Api-Key';

export const apiKeyMessages = {
  invalid: 'The API key is not valid or was revoked.',
  notFound: 'API key not found',
  created: 'API Key Created',
  revoked: 'API Key Revoked',
  shownOnce: 'Copy the key now: it is shown only once.',
  nameRequired: 'Name is required',
  keysCannotManageKeys: 'API keys cannot manage API keys.',
  wrongCompany: 'This API key belongs to another company.',
} as const;

export const zCreateApiKeyInput = z.object({
  name: z
    .string({ error: apiKeyMessages.nameRequired })
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(100, 'The name can be at most 100 characters'),
  role: z
    .literal(assignableRoleIds, {
      error: 'Only the Administrator, ReadOnly and Processor roles can be assigned',
    })
    .default(Role.Processor),
});
export type CreateApiKeyInput = z.input<typeof zCreateApiKeyInput>;

export const zApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.number().int(),
  keyPrefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** Refused calls with a wrong key starting with this key's prefix, and the last one's time. */
  failedAttempts: z.number().int(),
  lastFailedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof zApiKey>;

/** The answer to creating a key: the only time the key itself is shown. */
export const zCreatedApiKey = zApiKey.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof zCreatedApiKey>;
