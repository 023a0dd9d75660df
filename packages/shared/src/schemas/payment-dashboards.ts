import { z } from 'zod';

/**
 * The answers of the payment dashboards on Home (issue 29 item 7; their queries and the routes'
 * other schemas are in payment-runs.ts): a module of their own, so that Home's code does not
 * carry the payment runs' schemas and rules (issue 33 item 6).
 */
const zCashBucket = z.object({ amount: z.number(), count: z.number().int() });
export const zExpectedCash = z.object({
  /** Today (UTC) as the server counted it. */
  asOf: z.string(),
  /** Open invoices whose due date has passed. */
  overdue: zCashBucket,
  /** Monday-to-Sunday weeks from this week's Monday; this week counts from today. */
  weeks: z.array(zCashBucket.extend({ weekStart: z.string(), weekEnd: z.string() })),
  /** Due after the last week shown. */
  later: zCashBucket,
  /** Everything still open: overdue + weeks + later. */
  total: zCashBucket,
});
export type ExpectedCash = z.infer<typeof zExpectedCash>;

export const zDiscountSummary = z.object({
  asOf: z.string(),
  /** The first day counted. */
  since: z.string(),
  /** Discounts taken in payments dated since then. */
  captured: zCashBucket,
  /** Discounts offered whose window ended since then without being taken. */
  missed: zCashBucket,
  /** Discounts still open today on invoices not paid yet. */
  available: zCashBucket,
});
export type DiscountSummary = z.infer<typeof zDiscountSummary>;
