import { z } from 'zod';
import { workflowMessages } from '../rules/document-workflow';
import { zId, zIdParam } from './common';

/** POST /documents/{id}/reject: the reason becomes the sender's 'Rejection Reason'. */
export const zRejectDocumentInput = z.object({
  reason: z
    .string({ error: workflowMessages.reasonRequired })
    .trim()
    .min(1, workflowMessages.reasonRequired)
    .max(2000, 'The reason can be at most 2000 characters'),
});
export type RejectDocumentInput = z.infer<typeof zRejectDocumentInput>;

/** POST /documents/approve: bulk Approve from a list. */
export const zBulkApproveInput = z.object({
  documentIds: z.array(zId).min(1, 'Select at least one document').max(500),
});
export const zBulkApproveResult = z.object({
  approved: z.array(z.number().int()),
  refused: z.array(z.object({ documentId: z.number().int(), message: z.string() })),
  message: z.string(),
});
export type BulkApproveResult = z.infer<typeof zBulkApproveResult>;

/** An amount typed as a number or a numeric string ('2,500.75' and '$2,500.75' accepted). */
const zAmount = z
  .union([z.number(), z.string()], { error: workflowMessages.amountRequired })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.replace(/[$,\s]/g, '');
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: workflowMessages.amountRequired });
      return z.NEVER;
    }
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(text) || Number(text) <= 0) {
      ctx.addIssue({ code: 'custom', message: workflowMessages.amountNumeric });
      return z.NEVER;
    }
    return text;
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** POST /payment (spec 1 §7): the amount is a decimal with at most two places. */
export const zPaymentInput = z.object({
  documentId: zId,
  amount: zAmount,
  checkNumber: optionalText(50),
  description: optionalText(500),
  isCancellation: z.boolean().default(false),
  transactionDate: z
    .union([z.literal(''), z.iso.date('Enter a valid date')])
    .nullish()
    .transform((v) => v || null),
  paymentId: optionalText(100),
});
export type PaymentInput = z.input<typeof zPaymentInput>;

export const zPayment = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  amount: z.number(),
  checkNumber: z.string().nullable(),
  description: z.string().nullable(),
  isCancellation: z.boolean(),
  transactionDate: z.string().nullable(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof zPayment>;

export const zPaymentList = z.object({
  items: z.array(zPayment),
  /** Paid minus cancelled. */
  paidAmount: z.number(),
  total: z.number().nullable(),
});
export type PaymentList = z.infer<typeof zPaymentList>;

export const zPaymentListQuery = z.object({ documentId: zIdParam });
