import { z } from 'zod';
import { codingRuleKinds } from '../rules/coding-rules';
import { zId } from './common';

/** Coding rules (issue 12 item 4; docs/coding-rules.md). */

const zLimit = z
  .union([z.string(), z.number()], { error: 'The limit is required' })
  .transform((value, ctx) => {
    const text = String(value).replace(/[$,\s]/g, '');
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'The limit must be an amount like 5000.00' });
      return z.NEVER;
    }
    return Math.round(Number(text) * 100);
  });

export const zCodingRuleInput = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name can be at most 100 characters'),
    /** One connection of the company, or null for all connections. */
    partyId: zId.nullable().default(null),
    isActive: z.boolean().default(true),
    kind: z.enum(codingRuleKinds, { error: 'Choose a rule kind' }),
    requiredKinds: z.array(z.number().int().min(1).max(8)).max(8).default([]),
    limit: zLimit.nullish(),
    autoApprove: z.boolean().default(false),
    /** How many approval-chain steps its automatic approval counts as; null: every step. */
    replacesApprovalSteps: z
      .number({ error: 'Enter a number of steps' })
      .int('Enter a number of steps')
      .min(1, 'At least 1 step')
      .max(10, 'At most 10 steps')
      .nullable()
      .default(null),
    poPattern: z
      .string()
      .trim()
      .max(50, 'The pattern can be at most 50 characters')
      .nullish()
      .transform((v) => v || null),
    poValues: z
      .array(z.string().trim().min(1).max(50))
      .max(200, 'At most 200 PO numbers')
      .default([]),
  })
  .superRefine((rule, ctx) => {
    if (rule.kind === 'requiredCoding' && rule.requiredKinds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['requiredKinds'],
        message: 'Choose at least one account kind',
      });
    }
    if (rule.kind === 'amountLimit' && (rule.limit === null || rule.limit === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['limit'], message: 'The limit is required' });
    }
    if (rule.kind !== 'amountLimit' && rule.autoApprove) {
      ctx.addIssue({
        code: 'custom',
        path: ['autoApprove'],
        message: 'Automatic approval belongs to an amount limit rule',
      });
    }
  });
export type CodingRuleInput = z.input<typeof zCodingRuleInput>;

export const zCodingRule = z.object({
  id: z.number().int(),
  name: z.string(),
  partyId: z.number().int().nullable(),
  partyName: z.string().nullable(),
  isActive: z.boolean(),
  kind: z.enum(codingRuleKinds),
  requiredKinds: z.array(z.number().int()),
  /** The limit as an amount (amountLimit). */
  limit: z.number().nullable(),
  autoApprove: z.boolean(),
  replacesApprovalSteps: z.number().int().nullable(),
  poPattern: z.string().nullable(),
  poValues: z.array(z.string()),
});
export type CodingRule = z.infer<typeof zCodingRule>;
