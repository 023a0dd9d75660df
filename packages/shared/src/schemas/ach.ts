import { z } from 'zod';
import { usRoutingNumberError } from '../rules/ach';
import { messages } from './common';

/** Spec 2 §5.1 has no wording for the length limit; this is ours. */
const tooLong = 'Must be at most 255 characters';
const MAX_SELECTION = 1000;

const zRequiredText = z.string({ error: messages.required }).trim().min(1, messages.required);
const zDigits = zRequiredText.regex(/^\d+$/, messages.mustBeNumber).max(255, tooLong);

/**
 * The ACH fields of POST /ach and PUT /ach/{id}, and the form's validation (spec 2 §5.1).
 * Connections are given as ids: the server links each to every chosen profile it belongs to.
 */
export const zAchInput = z
  .object({
    bankName: zRequiredText.max(255, tooLong),
    country: z.enum(['US', 'O'], { error: messages.required }),
    routingNumber: zDigits,
    accountNumber: zDigits,
    accountTypeId: z.literal([1, 2], { error: messages.required }),
    isActive: z.boolean().default(true),
    orgUnitIds: z
      .array(z.number().int().positive(), { error: messages.required })
      .min(1, messages.required)
      .max(MAX_SELECTION),
    partyIds: z
      .array(z.number().int().positive(), { error: messages.required })
      .min(1, messages.required)
      .max(MAX_SELECTION),
  })
  .superRefine(
    (ach, ctx) => {
      const { country, routingNumber } = ach as { country: unknown; routingNumber: unknown };
      if (typeof country !== 'string' || typeof routingNumber !== 'string') return;
      const message = usRoutingNumberError(country, routingNumber.trim());
      if (message) ctx.addIssue({ code: 'custom', path: ['routingNumber'], message });
    },
    // The US rule is shown together with the other fields' messages, not only once they pass.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type AchInput = z.output<typeof zAchInput>;
export type AchFormValues = z.input<typeof zAchInput>;

export const zAchRef = z.object({ id: z.number().int(), name: z.string() });
export type AchRef = z.infer<typeof zAchRef>;

export const zAchListItem = z.object({
  id: z.number().int(),
  bankName: z.string(),
  country: z.string(),
  /**
   * In lists '••••0021' (stored encrypted, docs/secrets-at-rest.md); in the form's `Ach` the full
   * routing number.
   */
  routingNumber: z.string(),
  /** '••••1234': lists never carry the full account number. */
  accountNumberMasked: z.string(),
  accountTypeId: z.number().int(),
  accountTypeName: z.string(),
  isActive: z.boolean(),
  profiles: z.array(zAchRef),
  connections: z.array(zAchRef),
});
export type AchListItem = z.infer<typeof zAchListItem>;

export const zAchPage = z.object({ items: z.array(zAchListItem), totalRecords: z.number().int() });
export type AchPage = z.infer<typeof zAchPage>;

export const achOrderByFields = ['bankName', 'routingNumber', 'accountTypeName'] as const;
export type AchOrderBy = (typeof achOrderByFields)[number];

export const zAchListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(25),
  query: z.string().trim().max(255).optional(),
  orderBy: z.enum(achOrderByFields).default('bankName'),
  orderByDirection: z.enum(['asc', 'desc']).default('asc'),
});
export type AchListQuery = z.output<typeof zAchListQuery>;

/** One ACH for the form: the full routing and account numbers, to Administrators only. */
export const zAch = zAchListItem.extend({
  accountNumber: z.string(),
  orgUnitIds: z.array(z.number().int()),
  partyIds: z.array(z.number().int()),
  /** The spec's shape (spec 2 §3): per profile id, the connections the ACH is given to there. */
  partiesByOrgUnitId: z.array(z.object({ key: z.number().int(), value: z.array(zAchRef) })),
});
export type Ach = z.infer<typeof zAch>;

/** `orgUnitIds=1,2` (comma-separated, as the form sends it). */
export const zAchAvailablePartiesQuery = z.object({
  orgUnitIds: z
    .string()
    .max(10000)
    .transform((raw) => [
      ...new Set(
        raw
          .split(',')
          .map((s) => Number(s.trim()))
          .filter((n) => Number.isSafeInteger(n) && n > 0),
      ),
    ]),
});

/** A connection that may receive an ACH: an active party of one of the chosen profiles. */
export const zAchAvailableParty = zAchRef.extend({ orgUnitIds: z.array(z.number().int()) });
export type AchAvailableParty = z.infer<typeof zAchAvailableParty>;
