import { z } from 'zod';

export const EXTRACTION_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export const zExtractionStatus = z.enum(EXTRACTION_STATUSES);
export type ExtractionStatus = z.infer<typeof zExtractionStatus>;

/** One proposed metadata value with how sure the rule is (0–1). */
export const zProposedValue = z.object({
  key: z.string(),
  value: z.string(),
  confidence: z.number(),
});
export type ProposedValue = z.infer<typeof zProposedValue>;

/** A document's reading job, included in GET /documents/{id} as `extraction`. */
export const zDocumentExtraction = z.object({
  status: zExtractionStatus,
  /** Pages read so far / in all (for the progress shown while reading). */
  pagesRead: z.number().int(),
  pageCount: z.number().int().nullable(),
  /** Set when status is 'failed'. */
  error: z.string().nullable(),
  /**
   * What the user is told besides the status (issue 28 item 2): only the first pages are read
   * (the page cap), or reading waits for the company's hourly page quota.
   */
  notice: z.string().nullable().optional(),
  /**
   * Issue 34: the values auto-extraction proposed, with their confidence — for the caller who may
   * edit the document (its sender, a draft); absent otherwise. The screen offers those it did not
   * fill (below the fill threshold, or a field emptied since) beside their fields, one click to use.
   */
  proposals: z.array(zProposedValue).optional(),
  updatedAt: z.string(),
});
export type DocumentExtraction = z.infer<typeof zDocumentExtraction>;
