import { z } from 'zod';
import { zId } from './common';
import { zExtractionStatus, zProposedValue } from './document-extraction';
import { zDocumentMetadataEntry, zMetadataValueInput } from './documents';

/**
 * Document intelligence (issue 14): what was read from a document's pages (text layer or OCR),
 * the values proposed from it, and the suggested document type. docs/document-intelligence.md.
 */

/**
 * One word read from a page. Coordinates are in the page's own units (PDF points for PDFs, the
 * same grid as `width`/`height` of the page), origin at the page's top-left corner, so a client
 * scales them by its rendered width / page width.
 */
export const zOcrBlock = z.object({
  Text: z.string(),
  Coordinates: z.object({
    X: z.number(),
    Y: z.number(),
    Width: z.number(),
    Height: z.number(),
  }),
  /** 0–1; 1 for a PDF's own text layer. */
  Confidence: z.number(),
});
export type OcrBlock = z.infer<typeof zOcrBlock>;

/** GET /api/DocumentOcr/{documentId}/page/{page} (spec 2 §3, §7.4). */
export const zOcrPage = z.object({
  documentPage: z.number().int(),
  width: z.number(),
  height: z.number(),
  /** A JSON string: OcrBlock[] (the spec's shape). */
  ocrJson: z.string(),
  /** Ours: 'text' when the words come from the PDF's text layer, 'ocr' when they were recognised. */
  source: z.enum(['text', 'ocr']),
});
export type OcrPage = z.infer<typeof zOcrPage>;

/** POST /api/autoextraction (spec 1 §7): documentId, documentTypeId, documentMetadata. */
export const zAutoExtractionRequest = z.object({
  documentId: zId,
  documentTypeId: zId,
  /** The values on the user's screen: a field with a value here is never replaced. */
  documentMetadata: z.array(zMetadataValueInput).max(500).optional(),
});
export type AutoExtractionRequest = z.infer<typeof zAutoExtractionRequest>;

export const zAutoExtractionResult = z.object({
  /** The document's metadata after the proposals were applied (autoExtracted marks them). */
  metadata: z.array(zDocumentMetadataEntry),
  /** Every value the rules proposed, applied or not. */
  proposals: z.array(zProposedValue),
  /** Line items proposed from the invoice's table (shown as suggested rows). */
  proposedLineItems: z.number().int(),
});
export type AutoExtractionResult = z.infer<typeof zAutoExtractionResult>;

/** A suggested document type for an uploaded file (flag ai-doctype-detection-and-extraction). */
export const zDocumentTypeSuggestion = z.object({
  documentTypeId: z.number().int().nullable(),
  documentTypeName: z.string().nullable(),
  /** Legal documents (W9 1, insurance certificate 2) when the file is one. */
  legalDocumentTypeId: z.number().int().nullable(),
  confidence: z.number(),
});
export type DocumentTypeSuggestion = z.infer<typeof zDocumentTypeSuggestion>;

/** The real-time event pushed to a company's sockets when a document's reading changes state. */
export const zDocumentExtractionEvent = z.object({
  type: z.literal('documentExtraction'),
  documentId: z.number().int(),
  status: zExtractionStatus,
});
export type DocumentExtractionEvent = z.infer<typeof zDocumentExtractionEvent>;

/** Shown on the document screen while the reading job runs (issue 14). */
export const READING_DOCUMENT_MESSAGE = 'Reading the document…';
/** Spec 3 §8: legal document upload answered 501. */
export const LEGAL_EXTRACTION_FAILED_MESSAGE = 'The file was uploaded but extract data failed.';

const pages = (n: number) => n.toLocaleString('en-US');

/**
 * What the user is told when reading is bounded (issue 28 item 2, docs/document-intelligence.md
 * "Fair and bounded"): the page cap per document — at upload and on the document screen — and
 * the hourly page quota per company.
 */
export const readingLimitMessages = {
  /** The upload's answer, before the document is read. */
  pageCapAtUpload: (maxPages: number, pageCount: number) =>
    `This file has ${pages(pageCount)} pages: only the first ${pages(maxPages)} will be read (the limit per document); the later pages will not be searchable.`,
  /** On the document screen once read. */
  pageCapRead: (maxPages: number, pageCount: number) =>
    `Only the first ${pages(maxPages)} of ${pages(pageCount)} pages were read (the limit per document); the later pages are not searchable.`,
  /** On the document screen while its reading waits for the company's hourly quota. */
  hourlyQuota: (used: number, limit: number, minutes: number) =>
    `Reading waits: ${pages(used)} pages of your company's documents were read in the past hour (the limit is ${pages(limit)} an hour). This document will be read in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;
