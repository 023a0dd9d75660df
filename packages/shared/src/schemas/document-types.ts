import { z } from 'zod';
import { zDocumentMetadataEntry, zMetadataDefinition } from './documents';
import { zDocumentTypeSummary } from './document-type-summary';

/**
 * GET /documentType/{id}: the type with its metadata definitions (ordered by sortOrder) and its
 * list columns (the definitions that have a listColumnOrder, in that order).
 */
export const zDocumentTypeDetails = zDocumentTypeSummary.extend({
  metadataDefinitions: z.array(zMetadataDefinition),
  listColumns: z.array(zMetadataDefinition),
});
export type DocumentTypeDetails = z.infer<typeof zDocumentTypeDetails>;

/** GET /documentType: the summaries; with IncludeFullDetails=true each also has the details. */
export const zDocumentTypeListItem = zDocumentTypeSummary.extend({
  metadataDefinitions: z.array(zMetadataDefinition).optional(),
  listColumns: z.array(zMetadataDefinition).optional(),
});
export type DocumentTypeListItem = z.infer<typeof zDocumentTypeListItem>;

export const zDocumentTypeListQuery = z.object({
  IncludeFullDetails: z.enum(['true', 'false']).optional(),
});

/**
 * GET /documentType/template/{id}/instance: an empty document of the first type (lowest id) with
 * that template — the type plus one metadata entry per definition, every value null.
 */
export const zDocumentTypeInstance = zDocumentTypeSummary.extend({
  documentTypeId: z.number().int(),
  documentTypeName: z.string(),
  metadata: z.array(zDocumentMetadataEntry),
});
export type DocumentTypeInstance = z.infer<typeof zDocumentTypeInstance>;
