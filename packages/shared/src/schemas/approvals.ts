import { z } from 'zod';
import { approvalMessages as msg } from '../rules/approval-chains';
import { zId } from './common';

/** Approval policies, chains and limits (issue 29 item 1; docs/approvals.md). */

/** An amount typed as a number or text ('5,000', '$5000.00'), in cents; '' or null: none. */
const zOptionalAmount = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = String(value).replace(/[$,\s]/g, '');
    if (text === '') return null;
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount like 5000.00' });
      return z.NEVER;
    }
    return Math.round(Number(text) * 100);
  });

export const zApprovalStepInput = z
  .object({
    /** The step applies when the invoice total is above this amount; empty: always. */
    above: zOptionalAmount,
    approverUserIds: z.array(zId).max(20, 'At most 20 approvers').default([]),
    approverRoleId: z.number().int().positive().nullable().default(null),
  })
  .refine((s) => s.approverUserIds.length > 0 || s.approverRoleId !== null, {
    message: msg.approverRequired,
    path: ['approverUserIds'],
  });

export const zApprovalPolicyInput = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name can be at most 100 characters'),
    /** The order policies are tried in (first match wins). */
    position: z.number().int().min(0).max(10000).default(0),
    isActive: z.boolean().default(true),
    isDefault: z.boolean().default(false),
    partyId: zId.nullable().default(null),
    codingPrefix: z
      .string()
      .trim()
      .max(50, 'The prefix can be at most 50 characters')
      .nullish()
      .transform((v) => v || null),
    accountCodes: z
      .array(z.string().trim().min(1).max(50))
      .max(100, 'At most 100 account codes')
      .default([]),
    minTotal: zOptionalAmount,
    maxTotal: zOptionalAmount,
    steps: z.array(zApprovalStepInput).min(1, 'Add at least one step').max(10, 'At most 10 steps'),
  })
  .superRefine((p, ctx) => {
    if (p.minTotal !== null && p.maxTotal !== null && p.minTotal > p.maxTotal) {
      ctx.addIssue({ code: 'custom', path: ['maxTotal'], message: msg.rangeOrder });
    }
    if (p.steps[0] && p.steps[0].above !== null) {
      ctx.addIssue({ code: 'custom', path: ['steps', 0, 'above'], message: msg.firstStepAlways });
    }
    let last = -1;
    p.steps.forEach((s, i) => {
      if (i === 0 || s.above === null) return;
      if (s.above < last) {
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'above'], message: msg.stepsAscending });
      }
      last = s.above;
    });
  });
export type ApprovalPolicyInput = z.input<typeof zApprovalPolicyInput>;
export type ApprovalPolicyValues = z.output<typeof zApprovalPolicyInput>;

export const zApprovalPolicy = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  partyId: z.number().int().nullable(),
  partyName: z.string().nullable(),
  codingPrefix: z.string().nullable(),
  accountCodes: z.array(z.string()),
  minTotal: z.number().nullable(),
  maxTotal: z.number().nullable(),
  steps: z.array(
    z.object({
      above: z.number().nullable(),
      approverUserIds: z.array(z.number().int()),
      approverRoleId: z.number().int().nullable(),
      approverLabel: z.string(),
    }),
  ),
});
export type ApprovalPolicy = z.infer<typeof zApprovalPolicy>;

/** POST /documents/{id}/approve: an optional comment shown in the chain and the history. */
export const zApproveDocumentInput = z.preprocess(
  (v) => v ?? {},
  z.object({
    comment: z
      .string()
      .trim()
      .max(2000, 'The comment can be at most 2000 characters')
      .nullish()
      .transform((v) => v || null),
  }),
);

/** GET /documents/{id}/approvals: the chain the receiver's screen shows, and the Approve state. */
export const zDocumentApprovals = z.object({
  policyName: z.string(),
  /** False when the document carries no stored chain (a single approval by any user). */
  hasPolicy: z.boolean(),
  steps: z.array(
    z.object({
      number: z.number().int(),
      approverLabel: z.string(),
      approval: z
        .object({
          userName: z.string(),
          at: z.string(),
          comment: z.string().nullable(),
          byRule: z.string().nullable(),
          /** Approved by a delegate for this user ('Out of office'). */
          onBehalfOf: z.string().nullable().default(null),
        })
        .nullable(),
      /** 'Assign to' (issue 29 item 5): who gave the step to whom, when, with the comment. */
      assigned: z
        .object({
          userName: z.string(),
          byName: z.string(),
          at: z.string(),
          comment: z.string().nullable(),
        })
        .nullable()
        .default(null),
    }),
  ),
  /** 'Awaiting approval by Dana (step 2 of 3)' while the status allows approving. */
  awaiting: z.string().nullable(),
  canApprove: z.boolean(),
  /** Why Approve is disabled for the caller (null when it is enabled or not offered). */
  approveRefusal: z.string().nullable(),
});
export type DocumentApprovals = z.infer<typeof zDocumentApprovals>;

/** GET/PUT /users/{id}/approvallimit: what a user may approve (null: no limit). */
export const zApprovalLimitInput = z.object({ approvalLimit: zOptionalAmount });
export const zApprovalLimit = z.object({ approvalLimit: z.number().nullable() });
export type ApprovalLimit = z.infer<typeof zApprovalLimit>;

// ---- My approvals, Out of office, reminders and escalation (issue 29 item 3) ----------------

const zDay = z
  .string({ error: 'Enter a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date like 2026-12-24')
  // A real calendar day (Date.parse rolls 2026-02-30 over to March) in years the database keeps.
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && v >= '1900';
  }, 'Enter a real date');

/** POST /approvals/delegations: 'Out of office' — my approvals go to another user for these days. */
export const zApprovalDelegationInput = z
  .object({
    /** Whose approvals (Administrators may set it for another user); default: the caller. */
    fromUserId: zId.optional(),
    toUserId: zId,
    startsOn: zDay,
    endsOn: zDay,
  })
  .refine((d) => d.endsOn >= d.startsOn, { message: msg.delegationDates, path: ['endsOn'] });
export type ApprovalDelegationInput = z.input<typeof zApprovalDelegationInput>;

export const zApprovalDelegation = z.object({
  id: z.number().int(),
  fromUserId: z.number().int(),
  fromUserName: z.string(),
  toUserId: z.number().int(),
  toUserName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** True on the days it runs. */
  isActive: z.boolean(),
});
export type ApprovalDelegation = z.infer<typeof zApprovalDelegation>;
export const zApprovalDelegationList = z.object({ items: z.array(zApprovalDelegation) });
export type ApprovalDelegationList = z.infer<typeof zApprovalDelegationList>;

const zDays = (max: number) =>
  z
    .number({ error: `Enter a number of days from 1 to ${max}` })
    .int(`Enter a number of days from 1 to ${max}`)
    .min(1, `Enter a number of days from 1 to ${max}`)
    .max(max, `Enter a number of days from 1 to ${max}`)
    .nullable();

/** GET/PUT /approvals/settings: reminders and escalation after N business days (null: off). */
export const zApprovalSettings = z
  .object({ remindAfterDays: zDays(60), escalateAfterDays: zDays(90) })
  .refine(
    (s) =>
      s.remindAfterDays === null ||
      s.escalateAfterDays === null ||
      s.escalateAfterDays > s.remindAfterDays,
    {
      message: 'Escalate after more days than the reminder',
      path: ['escalateAfterDays'],
    },
  );
export type ApprovalSettings = z.infer<typeof zApprovalSettings>;

/** GET /approvals/delegates: who may approve (the 'Out of office' choices). */
export const zApprovalDelegateChoices = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
