import { z } from 'zod';
import { MAX_ID, zId, zIdParam, zPaged, zPageQuery } from './common';
import { zAmount } from './document-workflow';
import {
  addDaysToIsoDate,
  EARLY_PAY_DAYS_MAX,
  EARLY_PAY_PERCENT_MAX,
  EARLY_PAY_PERCENT_MIN,
} from '../rules/payment-terms';

/**
 * Payment runs (issue 29 item 6, docs/payment-runs.md): the receiver pays several approved
 * invoices of one vendor at once; the vendor gets one remittance advice.
 */
export const PAYMENT_METHODS = ['ach', 'check', 'wire'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  ach: 'ACH',
  check: 'Check',
  wire: 'Wire',
};

/** The most invoices one run pays (one transaction, one remittance). */
export const PAYMENT_RUN_MAX_INVOICES = 500;

export const paymentRunMessages = {
  connectionRequired: 'Choose the vendor to pay',
  dateRequired: 'Enter the payment date',
  methodRequired: 'Choose how it is paid',
  referenceRequired: 'Enter the payment reference (ACH trace, check or wire number)',
  linesRequired: 'Select at least one invoice to pay',
  tooManyLines: `A payment run pays at most ${PAYMENT_RUN_MAX_INVOICES} invoices`,
  duplicateInvoice: 'Each invoice can be paid once in a run',
  notFromVendor: (number: string) => `${number} was not received from this vendor.`,
  notPayable: (number: string) =>
    `${number} cannot be paid: only approved invoices that are not paid in full can be.`,
  overBalance: (number: string, balance: string) =>
    `${number}: the amount is more than its balance of ${balance}.`,
  noConnectedCompany: 'This connection has no company on Flowline to pay.',
  noDiscountOffered: (number: string) => `${number}: no early-pay discount is offered on it.`,
  discountWindowEnded: (number: string, until: string) =>
    `${number}: the early-pay discount ended on ${until}.`,
  discountOnPartlyPaid: (number: string) =>
    `${number}: the early-pay discount applies only when the whole invoice is paid at once.`,
  discountedAmount: (number: string, amount: string) =>
    `${number}: with the early-pay discount the amount to pay is ${amount}.`,
  percentRange: 'Enter a discount between 0.01 and 20 percent',
  daysRange: 'Enter a number of days between 1 and 120',
} as const;

/** A vendor's early-pay discount to one customer: percent off when paid within `days`. */
export const zEarlyPayOfferInput = z.object({
  partyId: z.number({ error: paymentRunMessages.connectionRequired }).int().positive().max(MAX_ID),
  discountPercent: z.coerce
    .number({ error: paymentRunMessages.percentRange })
    .min(EARLY_PAY_PERCENT_MIN, paymentRunMessages.percentRange)
    .max(EARLY_PAY_PERCENT_MAX, paymentRunMessages.percentRange)
    .transform((v) => Math.round(v * 100) / 100),
  days: z.coerce
    .number({ error: paymentRunMessages.daysRange })
    .int(paymentRunMessages.daysRange)
    .min(1, paymentRunMessages.daysRange)
    .max(EARLY_PAY_DAYS_MAX, paymentRunMessages.daysRange),
});
export type EarlyPayOfferInput = z.input<typeof zEarlyPayOfferInput>;
export const zEarlyPayOffer = z.object({
  partyId: z.number().int().nullable(),
  /** The customer (offered) or the vendor (received). */
  counterpartyName: z.string(),
  discountPercent: z.number(),
  days: z.number().int(),
  updatedAt: z.string(),
  /** It covers the invoices sent from then on (an Early pay agreement). */
  startsAt: z.string().optional(),
});
export type EarlyPayOffer = z.infer<typeof zEarlyPayOffer>;
export const zEarlyPayOffers = z.object({
  offered: z.array(zEarlyPayOffer),
  received: z.array(zEarlyPayOffer),
});

/** The discount an early payment earns, in cents (rounded to the cent). */
export function earlyPayDiscountCents(totalCents: number, discountPercent: number): number {
  return Math.round((totalCents * discountPercent) / 100);
}

/** The last day a payment earns the discount: the invoice date plus the offer's days. */
export function earlyPayDiscountUntil(invoiceDate: string, days: number): string | null {
  return addDaysToIsoDate(invoiceDate, days);
}

export const zPaymentRunLineInput = z.object({
  documentId: zId,
  amount: zAmount,
  /** Take the vendor's early-pay discount (the amount is then the total less the discount). */
  takeDiscount: z.boolean().default(false),
});

export const zPaymentRunInput = z
  .object({
    partyId: z
      .number({ error: paymentRunMessages.connectionRequired })
      .int()
      .positive()
      .max(MAX_ID),
    // From 1900: the database has no year 0, and no payment run is older.
    paymentDate: z.iso
      .date(paymentRunMessages.dateRequired)
      .refine((v) => v >= '1900-01-01', paymentRunMessages.dateRequired),
    method: z.enum(PAYMENT_METHODS, { error: paymentRunMessages.methodRequired }),
    reference: z
      .string({ error: paymentRunMessages.referenceRequired })
      .trim()
      .min(1, paymentRunMessages.referenceRequired)
      .max(100, 'At most 100 characters'),
    lines: z
      .array(zPaymentRunLineInput)
      .min(1, paymentRunMessages.linesRequired)
      .max(PAYMENT_RUN_MAX_INVOICES, paymentRunMessages.tooManyLines),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<number>();
    input.lines.forEach((line, index) => {
      if (seen.has(line.documentId))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'documentId'],
          message: paymentRunMessages.duplicateInvoice,
        });
      seen.add(line.documentId);
    });
  });
export type PaymentRunInput = z.input<typeof zPaymentRunInput>;

/** An approved invoice of the vendor that is not paid in full: what a run may pay. */
export const zPaymentRunCandidate = z.object({
  documentId: z.number().int(),
  docNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  total: z.number().nullable(),
  paid: z.number(),
  balance: z.number().nullable(),
  /** The vendor's early-pay discount on it, when offered and nothing is paid yet. */
  discount: z
    .object({
      percent: z.number(),
      amount: z.number(),
      until: z.string(),
      /** Its own terms ('2/10 Net 30') or the vendor's Early pay agreement. */
      source: z.enum(['terms', 'agreement']).optional(),
    })
    .nullable(),
});
export type PaymentRunCandidate = z.infer<typeof zPaymentRunCandidate>;
export const zPaymentRunCandidates = z.object({ items: z.array(zPaymentRunCandidate) });
export const zPaymentRunCandidatesQuery = z.object({ partyId: zIdParam });

export const zPaymentRunLine = z.object({
  documentId: z.number().int(),
  docNumber: z.string().nullable(),
  amount: z.number(),
  /** The early-pay discount taken (0 when none). */
  discount: z.number(),
  invoiceTotal: z.number().nullable(),
  /** Whether this payment paid the invoice in full. */
  paidInFull: z.boolean(),
});

export const zPaymentRun = z.object({
  id: z.number().int(),
  /** 'paid': this company paid it; 'received': it was paid to this company. */
  side: z.enum(['paid', 'received']),
  payerName: z.string(),
  payeeName: z.string(),
  paymentDate: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  total: z.number(),
  /** Early-pay discounts taken on its invoices. */
  discountTotal: z.number(),
  invoiceCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lines: z.array(zPaymentRunLine).optional(),
});
export type PaymentRun = z.infer<typeof zPaymentRun>;
export const zPaymentRunList = zPaged(zPaymentRun);
export const zPaymentRunListQuery = zPageQuery.extend({
  side: z.enum(['paid', 'received']).optional(),
});
export const zRemittanceQuery = z.object({ format: z.enum(['pdf', 'csv']).default('pdf') });

/** Dashboards (issue 29 item 7): the vendor's expected cash, the customer's discounts. */
export const dashboardMessages = {
  weeksRange: 'Enter a number of weeks between 1 and 26',
  monthsRange: 'Enter a number of months between 1 and 36',
} as const;

export const zExpectedCashQuery = z.object({
  weeks: z.coerce
    .number({ error: dashboardMessages.weeksRange })
    .int(dashboardMessages.weeksRange)
    .min(1, dashboardMessages.weeksRange)
    .max(26, dashboardMessages.weeksRange)
    .default(12),
});

export const zDiscountSummaryQuery = z.object({
  months: z.coerce
    .number({ error: dashboardMessages.monthsRange })
    .int(dashboardMessages.monthsRange)
    .min(1, dashboardMessages.monthsRange)
    .max(36, dashboardMessages.monthsRange)
    .default(12),
});
