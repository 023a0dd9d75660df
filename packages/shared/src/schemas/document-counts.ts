import { z } from 'zod';

/**
 * The counts the navigation shows and Home's charts (spec 3 §3): a module of their own, so that
 * the shell and Home (issue 33 item 6) do not carry the lists' query schemas (document-lists.ts,
 * documents.ts, list-views.ts) with them.
 */

/** GET /documentroute/inbox/unreadCount: received documents the company has not opened yet. */
export const zInboxUnreadCount = z.object({ count: z.number().int().min(0) });
export type InboxUnreadCount = z.infer<typeof zInboxUnreadCount>;

/**
 * GET /documentroute/inbox/myApprovalsCount: invoices whose waiting step waits for the caller
 * (the approvals' routes are in approvals.ts; the count is the navigation's, beside the inbox's).
 */
export const zMyApprovalsCount = z.object({ count: z.number().int().min(0) });

export const zRouteStatusRef = z.object({ id: z.number().int(), name: z.string() });

export const zStatusCount = z.object({ status: zRouteStatusRef, count: z.number().int() });
export type StatusCount = z.infer<typeof zStatusCount>;

export const zDashboardStats = z.object({
  /** AR invoices sent per month, the last 12 months oldest first; month 'YYYY-MM-01T00:00' (UTC). */
  documentsByMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
  /** The company's documents (both sides) per type, most first. */
  documentsByDocType: z.array(
    z.object({
      documentTypeId: z.number().int(),
      documentType: z.string(),
      count: z.number().int(),
    }),
  ),
  /** AR invoices by status, only the payment chart's statuses, in the chart's order. */
  statusCounts: z.array(zStatusCount),
});
export type DashboardStats = z.infer<typeof zDashboardStats>;

export const zDailyDocumentCount = z.object({
  /** 'YYYY-MM-DDT00:00' (UTC day). */
  day: z.string(),
  divisionOrderCount: z.number().int(),
  _1099Count: z.number().int(),
  runStatementCount: z.number().int(),
  ownerStatementCount: z.number().int(),
});
export type DailyDocumentCount = z.infer<typeof zDailyDocumentCount>;

export const zDailyDocumentCounts = z.object({ items: z.array(zDailyDocumentCount) });
export type DailyDocumentCounts = z.infer<typeof zDailyDocumentCounts>;
