import { z } from 'zod';

export const zDocumentTypeSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  documentTypeTemplateId: z.number().int(),
  lineItemsEnabled: z.boolean(),
  isAccountingReport: z.boolean(),
  adminOnly: z.boolean(),
});
export type DocumentTypeSummary = z.infer<typeof zDocumentTypeSummary>;
