import { z } from 'zod';

export const EXTRACTION_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export const zExtractionStatus = z.enum(EXTRACTION_STATUSES);
export type ExtractionStatus = z.infer<typeof zExtractionStatus>;

/** A document's reading job, included in GET /documents/{id} as `extraction`. */
export const zDocumentExtraction = z.object({
  status: zExtractionStatus,
  /** Pages read so far / in all (for the progress shown while reading). */
  pagesRead: z.number().int(),
  pageCount: z.number().int().nullable(),
  /** Set when status is 'failed'. */
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type DocumentExtraction = z.infer<typeof zDocumentExtraction>;
