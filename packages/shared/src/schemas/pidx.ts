import { z } from 'zod';

/** PIDX invoices in and out, and the ERP export feed (issue 30; docs/pidx.md). */

export const erpExportFormats = ['json', 'csv', 'pidx'] as const;

export const zErpExportQuery = z.object({
  /** The nextCursor of the previous answer; leave out (or 0) to start from the first approval. */
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'The cursor is the nextCursor of an earlier answer.')
    .default('0'),
  format: z.enum(erpExportFormats).default('json'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ErpExportQuery = z.infer<typeof zErpExportQuery>;

export const zErpExportCoding = z.object({
  afe: z.string().nullable(),
  costCenter: z.string().nullable(),
  accountCode: z.string().nullable(),
  well: z.string().nullable(),
  property: z.string().nullable(),
});

export const zErpExportLine = z.object({
  lineNumber: z.number().int(),
  description: z.string().nullable(),
  quantity: z.string().nullable(),
  unitPrice: z.string().nullable(),
  amount: z.string().nullable(),
  coding: zErpExportCoding,
});

export const zErpExportInvoice = z.object({
  /** The approval's position in the feed (what the cursor counts). */
  seq: z.string(),
  documentId: z.number().int(),
  documentTypeId: z.number().int(),
  documentType: z.string(),
  approvedAt: z.string(),
  status: z.string(),
  vendor: z.object({
    companyId: z.number().int(),
    name: z.string(),
    partyId: z.number().nullable(),
  }),
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  total: z.string().nullable(),
  /** Every metadata value by field key (canonical text). */
  metadata: z.record(z.string(), z.string().nullable()),
  lines: z.array(zErpExportLine),
  /** Exported before this answer (a re-export). */
  previouslyExported: z.boolean(),
});
export type ErpExportInvoice = z.infer<typeof zErpExportInvoice>;

export const zErpExportPage = z.object({
  cursor: z.string(),
  nextCursor: z.string(),
  hasMore: z.boolean(),
  invoices: z.array(zErpExportInvoice),
});
export type ErpExportPage = z.infer<typeof zErpExportPage>;

// ---- PIDX invoices in (issue 30 item 1) -----------------------------------------------------

export const zPidxInvoiceQuery = z.object({
  /** false keeps the invoice as a draft of the sender instead of sending it. */
  send: z.enum(['true', 'false']).default('true'),
  /** Sends an invoice that looks like one already sent (the Send dialog's 'Send anyway'). */
  confirmDuplicate: z.enum(['true', 'false']).default('false'),
});

export const zPidxInvoiceResult = z.object({
  documentId: z.number().int(),
  status: z.enum(['sent', 'draft']),
  invoiceNumber: z.string(),
  total: z.string(),
  lineCount: z.number().int(),
  receiver: z.object({ partyId: z.number().int(), companyId: z.number().int(), name: z.string() }),
  /** 'attached': the PDF of the message is the file; 'rendered': made from the XML. */
  file: z.enum(['attached', 'rendered']),
  /** The receiver's coding rules approved it on delivery. */
  autoApproved: z.boolean(),
});
export type PidxInvoiceResult = z.infer<typeof zPidxInvoiceResult>;
