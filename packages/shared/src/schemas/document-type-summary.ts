import { z } from 'zod';

/**
 * A document type as the navigation lists it (GET /documentType): apart from the details'
 * schemas (document-types.ts), which bring every document schema with them (issue 33 item 6).
 */
export const zDocumentTypeSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  documentTypeTemplateId: z.number().int(),
  lineItemsEnabled: z.boolean(),
  isAccountingReport: z.boolean(),
  adminOnly: z.boolean(),
});
export type DocumentTypeSummary = z.infer<typeof zDocumentTypeSummary>;
