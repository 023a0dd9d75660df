import { z } from 'zod';
import { zIdParam } from './common';
import { FieldType } from '../ids';
import { zDocumentListQuery, zTypeaheadSuggestion } from './documents';
import { zStatusCount } from './document-counts';

/**
 * Contracts of the document lists, inbox, status counts, dashboard data and type-ahead
 * (spec 3 §2, §3, §7; spec 2 §7.3, §7.4; docs/document-lists-and-search.md). The result set of the
 * type lists and of search is zDocumentResultSet (schemas/document-results.ts).
 */

/**
 * The generic columns of lists that mix document types (search, inbox, sent, all routes,
 * getByDocumentTypes): key → column name and field type. `values` follow this order.
 */
export const genericDocumentColumns = [
  { key: 'documentTypeName', name: 'Type', metadataType: { id: FieldType.Text } },
  { key: 'number', name: 'Number', metadataType: { id: FieldType.Text } },
  { key: 'counterparty', name: 'From / To', metadataType: { id: FieldType.Text } },
  { key: 'amount', name: 'Amount', metadataType: { id: FieldType.Currency } },
  { key: 'status', name: 'Status', metadataType: { id: FieldType.Text } },
  { key: 'date', name: 'Date', metadataType: { id: FieldType.DateTime } },
] as const;
export type GenericColumnKey = (typeof genericDocumentColumns)[number]['key'];

/** The inbox's server-provided columns (besides Doc #, which is the item id). */
export const inboxColumnHeaders = [
  { key: 'documentTypeName', name: 'Type' },
  { key: 'number', name: 'Number' },
  { key: 'counterparty', name: 'From' },
  { key: 'amount', name: 'Amount' },
  { key: 'status', name: 'Status' },
  { key: 'date', name: 'Received' },
] as const;

/** Metadata keys that carry a type's document number, in the order they are looked up. */
export const documentNumberKeys = ['docNumber', 'docCheckNumber', 'docOwnerNumber'] as const;

// ---- Inbox (spec 3 §7: columnHeaders (key, name) and items (id, metadata key/value)) ----------

export const zColumnHeader = z.object({ key: z.string(), name: z.string() });
export type ColumnHeader = z.infer<typeof zColumnHeader>;

export const zInboxItem = z.object({
  id: z.number().int(),
  documentTypeId: z.number().int(),
  documentTypeName: z.string(),
  routeStatusId: z.number().int().nullable(),
  isRead: z.boolean(),
  /** Values by column key (canonical text: amounts plain decimals, dates ISO 8601). */
  metadata: z.record(z.string(), z.string().nullable()),
});
export type InboxItem = z.infer<typeof zInboxItem>;

export const zInbox = z.object({
  columnHeaders: z.array(zColumnHeader),
  items: z.array(zInboxItem),
  totalRecords: z.number().int(),
});
export type Inbox = z.infer<typeof zInbox>;

/** GET /documentroute/inbox: the list's paging and sort, and 'My approvals' (issue 29 item 3). */
export const zInboxQuery = zDocumentListQuery.extend({
  /** Only invoices whose waiting approval step waits for the caller (or a delegator). */
  waitingForMe: z
    .enum(['true', 'false'], { error: "Use 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
});

// ---- Status counts and tabs (spec 3 §3 status counts, §4 status tabs) -----------------------

export const zDocumentStatusCount = zStatusCount.extend({
  documentTypeId: z.number().int(),
  documentTypeName: z.string(),
});
export type DocumentStatusCount = z.infer<typeof zDocumentStatusCount>;

export const zDocumentStatusCountsQuery = z.object({
  documentTypeId: zIdParam.optional(),
});

export const zDocumentStatusCounts = z.object({ items: z.array(zDocumentStatusCount) });
export type DocumentStatusCounts = z.infer<typeof zDocumentStatusCounts>;

/** GET /documentstatus?documentTypeId&documentRouteStatusId (+ the list's paging and sort). */
export const zDocumentStatusListQuery = zDocumentListQuery.extend({
  documentTypeId: zIdParam,
});

// ---- Dashboard (spec 3 §3 dashboard data) ---------------------------------------------------

/** Days covered by the owner/operator per-day counts (today included). */
export const DAILY_COUNTS_DAYS = 30;
/** Months covered by 'AR Invoices Sent' (this month included). */
export const MONTHLY_COUNTS_MONTHS = 12;

// ---- Type lists by ids, type-ahead ----------------------------------------------------------

/** `{ids}` of /documentroute/getByDocumentTypes/{ids}: comma-separated positive ids. */
export const zDocumentTypeIdsParam = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Must be a comma-separated list of document type ids')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= 50 && ids.every((id) => id > 0 && id < 2 ** 31), {
    message: 'Must be a comma-separated list of document type ids',
  });

export const zTypeaheadQuery = z.object({
  query: z.string().trim().min(1, 'Required').max(200),
});

export const zTypeaheadResponse = z.object({ items: z.array(zTypeaheadSuggestion) });
export type TypeaheadResponse = z.infer<typeof zTypeaheadResponse>;

/** zDocumentListQuery after parsing (defaults applied), as the server sees it. */
export type DocumentListQueryParsed = z.output<typeof zDocumentListQuery>;
