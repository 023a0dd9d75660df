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

/** POST /documents/{id}/hold: Put on hold, with an optional internal comment (issue 29 item 2). */
export const zHoldDocumentInput = z.preprocess(
  (v) => v ?? {},
  z.object({
    comment: z
      .string()
      .trim()
      .max(2000, 'The comment can be at most 2000 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
  }),
);
export type HoldDocumentInput = z.input<typeof zHoldDocumentInput>;

/** POST /documents/{id}/dispute: the comment is required and is shown to the sender. */
export const zDisputeDocumentInput = z.object({
  comment: z
    .string({ error: workflowMessages.commentRequired })
    .trim()
    .min(1, workflowMessages.commentRequired)
    .max(2000, 'The comment can be at most 2000 characters'),
});
export type DisputeDocumentInput = z.infer<typeof zDisputeDocumentInput>;

/** POST /documents/hold: bulk Put on hold from a list (each document on its own). */
export const zBulkHoldInput = z.object({
  documentIds: z.array(zId).min(1, 'Select at least one document').max(500),
  comment: z
    .string()
    .trim()
    .max(2000, 'The comment can be at most 2000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const zBulkHoldResult = z.object({
  held: z.array(z.number().int()),
  refused: z.array(z.object({ documentId: z.number().int(), message: z.string() })),
  message: z.string(),
});
export type BulkHoldResult = z.infer<typeof zBulkHoldResult>;

const optionalComment = z
  .string()
  .trim()
  .max(2000, 'The comment can be at most 2000 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /documents/approve: bulk Approve from a list, with one optional comment for each. */
export const zBulkApproveInput = z.object({
  documentIds: z.array(zId).min(1, 'Select at least one document').max(500),
  comment: optionalComment,
});
export const zBulkApproveResult = z.object({
  approved: z.array(z.number().int()),
  refused: z.array(z.object({ documentId: z.number().int(), message: z.string() })),
  message: z.string(),
});
export type BulkApproveResult = z.infer<typeof zBulkApproveResult>;

/**
 * POST /documents/assign (issue 29 item 5): the waiting approval step of each selected invoice
 * goes to one named user of the company, with an optional comment; each on its own.
 */
export const zBulkAssignInput = z.object({
  documentIds: z.array(zId).min(1, 'Select at least one document').max(500),
  userId: zId,
  comment: optionalComment,
});
export type BulkAssignInput = z.input<typeof zBulkAssignInput>;
export const zBulkAssignResult = z.object({
  assigned: z.array(z.number().int()),
  refused: z.array(z.object({ documentId: z.number().int(), message: z.string() })),
  message: z.string(),
});
export type BulkAssignResult = z.infer<typeof zBulkAssignResult>;

/** At most this many documents in one zip (POST /documents/download.zip). */
export const BULK_DOWNLOAD_MAX = 200;

/** POST /documents/download.zip: the selected documents' PDFs as one zip. */
export const zBulkDownloadInput = z.object({
  documentIds: z
    .array(zId)
    .min(1, 'Select at least one document')
    .max(BULK_DOWNLOAD_MAX, `Select at most ${BULK_DOWNLOAD_MAX} documents to download at once`),
});

/** An amount typed as a number or a numeric string ('2,500.75' and '$2,500.75' accepted). */
export const zAmount = z
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
  /** An early-pay discount settled with this payment (payment runs); absent or 0 when none. */
  discount: z.number().optional(),
  transactionDate: z.string().nullable(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof zPayment>;

/** An invoice's payment terms as both sides see them (docs/payment-runs.md). */
export const zInvoiceTerms = z.object({
  /** The Payment Terms field ('2/10 Net 30'); null when not set. */
  text: z.string().nullable(),
  /** The Due Date field, or the one the terms give from the invoice date. */
  dueDate: z.string().nullable(),
  /** The early-pay discount it carries, from its terms or the vendor's Early pay agreement. */
  discount: z
    .object({
      percent: z.number(),
      amount: z.number().nullable(),
      until: z.string(),
      source: z.enum(['terms', 'agreement']),
    })
    .nullable(),
});
export type InvoiceTerms = z.infer<typeof zInvoiceTerms>;

export const zPaymentList = z.object({
  items: z.array(zPayment),
  /** Paid minus cancelled. */
  paidAmount: z.number(),
  total: z.number().nullable(),
  /** AR invoices: the terms, due date and early-pay discount. */
  terms: zInvoiceTerms.optional(),
});
export type PaymentList = z.infer<typeof zPaymentList>;

export const zPaymentListQuery = z.object({ documentId: zIdParam });
