import { z } from 'zod';

/**
 * The rows of document lists, search results and Home's recent-documents cards (spec 3 §3
 * document row), and a document's availability: a module of their own, so that the shell and
 * Home (issue 33 item 6) do not carry every document schema (schemas/documents.ts) with them.
 */

/** How a returned division order came back (issue 27 item 9): signed, or unsigned. */
export const zReturnKind = z.enum(['signed', 'unsigned']);
export type ReturnKind = z.infer<typeof zReturnKind>;

export const zResultColumn = z.object({
  name: z.string(),
  key: z.string(),
  metadataType: z.object({ id: z.number().int() }),
});
export type ResultColumn = z.infer<typeof zResultColumn>;

export const zResultRow = z.object({
  id: z.number().int(),
  documentTypeId: z.number().int(),
  routeStatusId: z.number().int().nullable(),
  isRead: z.boolean(),
  /** This company's side: its own upload (sent) or one it received. */
  side: z.enum(['sent', 'received']),
  /** One value per column, in column order (canonical text form, null when empty). */
  values: z.array(z.string().nullable()),
  /** A Returned document: whether it came back signed or unsigned (null for other statuses). */
  returnKind: zReturnKind.nullable().optional(),
});
export type ResultRow = z.infer<typeof zResultRow>;

export const zDocumentResultSet = z.object({
  columns: z.array(zResultColumn),
  rows: z.array(zResultRow),
  totalRecords: z.number().int(),
});
export type DocumentResultSet = z.infer<typeof zDocumentResultSet>;

export const zDocumentAvailability = z.object({
  available: z.boolean(),
  /** The version to open: this one, or a newer one of the same document (e.g. signed); null none. */
  latestVersionId: z.number().int().nullable(),
});
