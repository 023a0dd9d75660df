import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import {
  canChangeData,
  documentScreenMessages,
  legalDocumentTypeNames,
  type AutoExtractionRequest,
  type AutoExtractionResult,
  type DocumentTypeSuggestion,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { documentExtractions, documentTypes } from '../../db/schema/index';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { sniffDocument } from '../document-upload/sniff';
import { assertDocumentAction, loadDocument } from '../documents/policy';
import { presentForCaller } from '../documents/service';
import { flagsForCompany } from '../feature-flags/service';
import { applyAutoExtraction } from './auto-extraction';
import { detectDocumentType } from './proposals/index';
import { readDocumentPages } from './reading/index';

export const suggestionMessages = {
  typeMismatch: 'The document type does not match the document.',
  notReadYet: 'The document is still being read. Try again when it is done.',
  readingFailed: 'The document could not be read, so nothing can be extracted from it.',
  detectionDisabled: 'Document type detection is not enabled for this company.',
  fileRequired: 'Please select a file to send',
} as const;

/** POST /autoextraction: the caller must be able to edit the document (its sender, a draft). */
export async function autoExtractForCaller(
  db: Db,
  ctx: TenantContext,
  body: AutoExtractionRequest,
): Promise<AutoExtractionResult> {
  const loaded = await loadDocument(db, ctx, body.documentId);
  if (loaded.document.documentTypeId !== body.documentTypeId) {
    throw badRequest(suggestionMessages.typeMismatch, 'document_type_mismatch');
  }
  assertDocumentAction(ctx, loaded, 'edit');
  const [reading] = await db
    .select({ status: documentExtractions.status })
    .from(documentExtractions)
    .where(eq(documentExtractions.documentId, body.documentId));
  if (!reading || reading.status === 'pending' || reading.status === 'running') {
    throw conflict(suggestionMessages.notReadYet, 'not_read_yet');
  }
  if (reading.status !== 'done') throw conflict(suggestionMessages.readingFailed, 'reading_failed');

  const outcome = await applyAutoExtraction(db, body.documentId, {
    screenValues: body.documentMetadata,
    userId: ctx.userId,
    fillClearedFields: true,
  });
  const document = await presentForCaller(db, ctx, await loadDocument(db, ctx, body.documentId));
  return {
    metadata: document.metadata,
    proposals: outcome.proposals,
    proposedLineItems: outcome.proposedLineItems,
  };
}

/** Detection reads at most this much of a file and its first pages: the type shows on page one. */
const DETECTION_MAX_BYTES = 25 * 1024 * 1024;
const DETECTION_MAX_PAGES = 2;
const NOTHING_DETECTED: DocumentTypeSuggestion = {
  documentTypeId: null,
  documentTypeName: null,
  legalDocumentTypeId: null,
  confidence: 0,
};

/** POST /documentType/detect: a suggestion for a file the user is about to send or upload. */
export async function detectUploadedType(
  db: Db,
  ctx: TenantContext,
  req: FastifyRequest,
  enabledByConfig: readonly string[],
): Promise<DocumentTypeSuggestion> {
  const flags = await flagsForCompany(db, ctx.companyId, enabledByConfig);
  if (!flags.aiDocTypeDetectionAndExtractionFlag) {
    throw forbidden(suggestionMessages.detectionDisabled, 'feature_disabled');
  }
  if (!canChangeData(ctx)) throw forbidden(documentScreenMessages.readOnlyRole, 'read_only');
  if (!req.isMultipart())
    throw new AppError(415, 'multipart_expected', suggestionMessages.fileRequired);
  const part = await req.file({ limits: { fileSize: DETECTION_MAX_BYTES, files: 1, parts: 3 } });
  if (!part) throw badRequest(suggestionMessages.fileRequired, 'file_required');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    // A file too large to read quickly gets no suggestion rather than an error: it can still be sent.
    if ((error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE')
      return NOTHING_DETECTED;
    throw error;
  }
  const sniffed = sniffDocument(bytes.subarray(0, 1024));
  if (!sniffed) return NOTHING_DETECTED;
  let detected;
  try {
    const pages = await readDocumentPages({ buffer: bytes }, sniffed.contentType, {
      maxPages: DETECTION_MAX_PAGES,
    });
    detected = detectDocumentType(pages);
  } catch {
    return NOTHING_DETECTED;
  }
  if (detected.documentTypeId === null && detected.legalDocumentTypeId === null) {
    return NOTHING_DETECTED;
  }
  let documentTypeName: string | null = null;
  if (detected.documentTypeId !== null) {
    const [type] = await db
      .select({ name: documentTypes.name })
      .from(documentTypes)
      .where(eq(documentTypes.id, detected.documentTypeId));
    documentTypeName = type?.name ?? null;
  } else if (detected.legalDocumentTypeId !== null) {
    documentTypeName = legalDocumentTypeNames[detected.legalDocumentTypeId] ?? null;
  }
  return {
    documentTypeId: detected.documentTypeId,
    documentTypeName,
    legalDocumentTypeId: detected.legalDocumentTypeId,
    confidence: Math.round(detected.confidence * 100) / 100,
  };
}
