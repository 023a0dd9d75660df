import { z } from 'zod';
import { adminAuditMessages, auditRangeInOrder, zAdminAuditFilters } from './admin-audit';
import { zAdminUserListQuery } from './admin-users';
import { zConnectionListQuery } from './connection-dtos';
import { zDocumentListQuery } from './documents';

/** List exports (issue 30 item 5, docs/list-exports.md): every row of a list, CSV or XLSX. */
export const exportFormats = ['csv', 'xlsx'] as const;
export const zExportFormat = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof zExportFormat>;

/** Which document list: the Inbox, Sent, All, or one type's list. */
export const exportDocumentLists = ['inbox', 'sent', 'all', 'type'] as const;

/** GET /api/exports/documents: the list's own filters and sort, without the page. */
export const zDocumentListExportQuery = zDocumentListQuery
  .omit({ page: true, pageSize: true })
  .extend({
    list: z.enum(exportDocumentLists),
    documentTypeId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    format: zExportFormat,
  })
  .refine((q) => q.list !== 'type' || q.documentTypeId !== undefined, {
    path: ['documentTypeId'],
    message: 'Choose the document type of the list',
  });
export type DocumentListExportQuery = z.input<typeof zDocumentListExportQuery>;

export const listExportMessages = {
  menu: 'Export',
  csv: 'Export to CSV',
  xlsx: 'Export to Excel (XLSX)',
  preparing: 'Preparing the export…',
  received: (bytes: string) => `Downloading… ${bytes}`,
  done: 'Export downloaded',
  failed: 'The export failed; try again',
} as const;

/** The download's file name: 'AR Invoice 2026-11-28.xlsx'. */
export function exportFileName(listName: string, format: ExportFormat, now = new Date()): string {
  const safe = listName.replace(/[^A-Za-z0-9 ._-]+/g, ' ').trim() || 'export';
  return `${safe} ${now.toISOString().slice(0, 10)}.${format}`;
}

/** GET /api/exports/search: every document the top-bar search finds, best match first. */
export const zSearchExportQuery = z.object({
  querySearchTerm: z.string().trim().min(1, 'Required').max(200),
  format: zExportFormat,
});

/** GET /api/exports/connections: the connections screen's filters and sort, without the page. */
export const zConnectionExportQuery = zConnectionListQuery
  .omit({ page: true, itemsPerPage: true })
  .extend({ format: zExportFormat });

/** GET /api/exports/users: the users screen's filters and sort, without the page. */
export const zAdminUserExportQuery = zAdminUserListQuery
  .omit({ page: true, pageSize: true })
  .extend({ format: zExportFormat });

/** GET /api/exports/audit: the audit log's filters, without the page. */
export const zAdminAuditExportQuery = zAdminAuditFilters
  .extend({ format: zExportFormat })
  .refine(auditRangeInOrder, { message: adminAuditMessages.badRange, path: ['to'] });
