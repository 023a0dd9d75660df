import { z } from 'zod';

/** The three-way match tolerances (issue 32 item 4), set by an Administrator per company. */

const decimal = (label: string, max: number, places: number, example: string) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((value, ctx) => {
    const text = String(value).trim().replace(/^\$/, '');
    const pattern = new RegExp(`^\\d{1,9}(?:\\.\\d{1,${places}})?$`);
    if (!pattern.test(text) || Number(text) > max) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be a number from 0 to ${max} like ${example}`,
      });
      return z.NEVER;
    }
    return String(Number(text));
  });

export const zMatchTolerancesInput = z.object({
  quantityPercent: decimal('Quantity tolerance (%)', 100, 2, '2.5'),
  priceAmount: decimal('Price tolerance ($)', 1_000_000, 4, '0.50'),
  totalPercent: decimal('Total tolerance (%)', 100, 2, '1'),
});

export const zMatchTolerances = z.object({
  quantityPercent: z.string(),
  priceAmount: z.string(),
  totalPercent: z.string(),
  /** false: the company has not set them yet (the defaults apply). */
  isSet: z.boolean(),
});
export type MatchTolerancesDto = z.infer<typeof zMatchTolerances>;

// ── the match on arrival, the exceptions list and the dashboards (issue 32 items 4–5) ────────────

const matchVerdictEnum = z.enum(['matched', 'priceDiffers', 'noTicket', 'quantityOverTicket']);
const reasonKindEnum = z.enum(['priceDiffers', 'noTicket', 'quantityOverTicket', 'totalDiffers']);

export const zLineMatchDto = z.object({
  lineNumber: z.number().int(),
  verdict: matchVerdictEnum,
  reason: z.string(),
  itemCode: z.string().nullable(),
  quantity: z.string().nullable(),
  unitPrice: z.string().nullable(),
  expectedUnitPrice: z.string().nullable(),
  priceBookVersionId: z.number().int().nullable(),
  priceBookVersionNumber: z.number().int().nullable(),
  ticketNumbers: z.array(z.string()),
});
export type LineMatchDto = z.infer<typeof zLineMatchDto>;

/** Where an invoice stands in the match: matched, an open exception, accepted, or resolved by a
 * dispute / rejection / approval. */
export const matchStatuses = ['matched', 'open', 'accepted', 'resolved'] as const;

export const zInvoiceMatchDto = z.object({
  documentId: z.number().int(),
  verdict: z.enum(['matched', 'exceptions']),
  status: z.enum(matchStatuses),
  touchless: z.boolean(),
  reasons: z.array(z.string()),
  reasonKinds: z.array(reasonKindEnum),
  lines: z.array(zLineMatchDto),
  tickets: z.array(z.object({ documentId: z.number().int(), ticketNumber: z.string() })),
  priceBookVersions: z.array(z.object({ id: z.number().int(), versionNumber: z.number().int() })),
  expectedTotal: z.string().nullable(),
  matchedAt: z.string(),
  accepted: z
    .object({ at: z.string(), userName: z.string().nullable(), comment: z.string() })
    .nullable(),
});
export type InvoiceMatchDto = z.infer<typeof zInvoiceMatchDto>;

const positiveInt = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} can be at most ${max}`);

export const zMatchExceptionsQuery = z.object({
  reason: reasonKindEnum
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('priceDiffers | noTicket | quantityOverTicket | totalDiffers'),
  vendor: positiveInt('vendor', 2_147_483_647).optional().describe("the vendor's company id"),
  page: positiveInt('page', 100_000).default(1),
  pageSize: positiveInt('pageSize', 100).default(25),
});

export const zMatchExceptionRow = z.object({
  documentId: z.number().int(),
  invoiceNumber: z.string().nullable(),
  invoiceTotal: z.string().nullable(),
  vendor: z.object({ companyId: z.number().int().nullable(), name: z.string() }),
  receivedAt: z.string(),
  routeStatusId: z.number().int().nullable(),
  reasonKinds: z.array(reasonKindEnum),
  reasons: z.array(z.string()),
});
export type MatchExceptionRow = z.infer<typeof zMatchExceptionRow>;

export const zMatchExceptionsPage = z.object({
  items: z.array(zMatchExceptionRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The vendors with open exceptions (the filter's choices). */
  vendors: z.array(z.object({ companyId: z.number().int(), name: z.string() })),
});
export type MatchExceptionsPage = z.infer<typeof zMatchExceptionsPage>;

export const zAcceptMatchInput = z.object({
  comment: z
    .string({ error: 'Say why the difference is accepted (a comment is required)' })
    .trim()
    .min(1, 'Say why the difference is accepted (a comment is required)')
    .max(2000, 'The comment can be at most 2000 characters'),
});

export const zOperatorMatchDashboard = z.object({
  touchlessByVendorMonth: z.array(
    z.object({
      vendorCompanyId: z.number().int().nullable(),
      vendorName: z.string(),
      month: z.string(),
      received: z.number().int(),
      touchless: z.number().int(),
      /** touchless / received, 0–1. */
      rate: z.number(),
    }),
  ),
  exceptionsByReason: z.array(z.object({ reason: reasonKindEnum, open: z.number().int() })),
  cycleTime: z.object({
    approved: z.number().int(),
    /** Hours from received to approved. */
    medianHours: z.number().nullable(),
    p90Hours: z.number().nullable(),
  }),
});
export type OperatorMatchDashboard = z.infer<typeof zOperatorMatchDashboard>;

export const zVendorTicketDashboard = z.object({
  byMonth: z.array(
    z.object({ month: z.string(), signed: z.number().int(), invoiced: z.number().int() }),
  ),
  /** Days from a ticket's service day to its invoice's send, and from the send to payment. */
  ticketToInvoiceDays: z.object({ median: z.number().nullable(), p90: z.number().nullable() }),
  invoiceToPaymentDays: z.object({ median: z.number().nullable(), p90: z.number().nullable() }),
  unbilledApproved: z.number().int(),
});
export type VendorTicketDashboard = z.infer<typeof zVendorTicketDashboard>;
