import { readBlobWithin } from '../../platform/blob-store/read-limited';
import { Readable as ReadableStream } from 'node:stream';
import { eq } from 'drizzle-orm';
import { loadSharp } from '../../platform/heavy-modules';
import {
  DivisionOrderResponse,
  HistoryOperation,
  MetadataKey,
  RouteStatus,
  decideWorkflowMove,
  senderLineColumns,
  signingMessages,
  validateDocumentForSend,
  BULK_SIGNATURE_AREA,
  declineReasonText,
  type DeclineReason,
  type BulkReturnRequest,
  type BulkReturnItem,
  type BulkReturnResult,
  type DocumentDto,
  type EsignConsent,
  type UserSignature,
  type UserSignatureInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import {
  documentAttachments,
  documentRoutes,
  documents as documentRows,
  users,
} from '../../db/schema/index';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import { appendHistory } from '../document-history/repository';
import {
  mailStatus,
  notifyStatus,
  type StatusNews,
  type WorkflowDeps,
} from '../document-workflow/notify';
import { loadMetadataView, toValidationField } from '../documents/metadata-view';
import { loadDocument, type LoadedDocument } from '../documents/policy';
import * as documents from '../documents/repository';
import { refreshDocumentIndex } from '../documents/search-index';
import { presentForCaller } from '../documents/service';
import * as versions from '../documents/version-repository';
import { pdfFileName } from '../downloads/content-disposition';
import {
  imageToPdf,
  PDF_RENDITION_MAX_BYTES,
  PDF_RENDITION_TYPES,
} from '../downloads/pdf-rendition';
import { findLineValues } from '../line-items/repository';
import { ESIGN_CONSENT_TEXT, ESIGN_CONSENT_VERSION } from './consent-text';
import { areaText, chainNext, sha256Hex, type EvidenceFields } from './evidence-chain';
import { PdfStampError, applyDigitalSignature, stampSignature } from './pdf-signature';
import * as repo from './repository';
import { signatureFieldFor } from './signature-field-service';
import { loadSigningCertificate } from './signing-certificate';
import { faultPoint } from '../../platform/fault-points';

/**
 * Division-order signing (issue 13; docs/signing.md): stored signatures, ESIGN consent, Return
 * signed / unsigned with the hash-chained evidence. The transition table's 'return' decides who
 * may return what (403 who, 409 state).
 */

export interface SigningDeps extends WorkflowDeps {
  blobStore: BlobStore;
  config: Pick<AppConfig, 'publicUrl' | 'dataDir' | 'signing' | 'dataEncryptionKeys'>;
}

/** Where a request came from, for the evidence. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

const USER_AGENT_MAX = 1000;
export const requestOrigin = (ip: string | undefined, userAgent: unknown): RequestOrigin => ({
  ip: ip ? ip.slice(0, 100) : null,
  userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
});

/** The largest signature image we accept, in pixels on a side (a drawing pad is ~1000 wide). */
const SIGNATURE_MAX_SIDE = 4000;

/** The base64 must decode to a PNG sharp can read (not just any bytes that look like base64). */
export async function decodeSignaturePng(base64: string): Promise<Buffer> {
  const png = Buffer.from(base64, 'base64');
  const invalid = () =>
    badRequest(signingMessages.imageInvalid, 'invalid_signature_image', {
      signatureImageAsBase64: signingMessages.imageInvalid,
    });
  if (png.length < 8 || !png.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) {
    throw invalid();
  }
  const sharp = await loadSharp();
  try {
    const meta = await sharp(png, { failOn: 'error' }).metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height) throw invalid();
    if (meta.width > SIGNATURE_MAX_SIDE || meta.height > SIGNATURE_MAX_SIDE) throw invalid();
    // Decoding the pixels catches a truncated or corrupt image the header alone would pass.
    await sharp(png, { failOn: 'error' }).raw().toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid();
  }
  return png;
}

// ---- Stored signature ---------------------------------------------------------------------

const signatureNotFound = () => notFound(signingMessages.notFound, 'signature_not_found');

function presentSignature(
  row: NonNullable<Awaited<ReturnType<typeof repo.findUserSignature>>>,
): UserSignature {
  return {
    userId: row.userId,
    signatureImageAsBase64: row.imageBase64,
    fullName: row.fullName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Only the caller's own: another user's id looks exactly like a user without a signature. */
export async function getUserSignature(db: Db, callerId: number, userId: number) {
  if (userId !== callerId) throw signatureNotFound();
  const row = await repo.findUserSignature(db, callerId);
  if (!row) throw signatureNotFound();
  return presentSignature(row);
}

export async function saveUserSignature(
  db: Db,
  callerId: number,
  input: UserSignatureInput,
): Promise<UserSignature> {
  if (input.userId !== undefined && input.userId !== callerId) throw signatureNotFound();
  await decodeSignaturePng(input.signatureImageAsBase64);
  const row = await repo.upsertUserSignature(db, callerId, {
    imageBase64: input.signatureImageAsBase64,
    fullName: input.fullName,
  });
  return presentSignature(row);
}

// ---- Consent ------------------------------------------------------------------------------

export async function getConsent(db: Db, userId: number): Promise<EsignConsent> {
  const row = await repo.findConsent(db, userId, ESIGN_CONSENT_VERSION);
  return {
    version: ESIGN_CONSENT_VERSION,
    text: ESIGN_CONSENT_TEXT,
    consentedAt: row?.consentedAt.toISOString() ?? null,
  };
}

const consentOutdated = () =>
  new AppError(
    409,
    'consent_version_outdated',
    'The consent text has changed. Read the current text and agree again.',
  );

export async function giveConsent(
  db: Db,
  userId: number,
  version: string,
  origin: RequestOrigin,
): Promise<EsignConsent> {
  if (version !== ESIGN_CONSENT_VERSION) throw consentOutdated();
  await repo.insertConsent(db, { userId, version, ...origin });
  return getConsent(db, userId);
}

// ---- Return -------------------------------------------------------------------------------

function assertReturn(ctx: TenantContext, loaded: LoadedDocument) {
  const decision = decideWorkflowMove({
    action: 'return',
    templateId: loaded.type.templateId,
    documentTypeId: loaded.type.id,
    routeStatusId: loaded.route.routeStatusId,
    side: loaded.route.side === 'received' ? 'received' : 'sent',
    userType: ctx.userType,
    roles: ctx.roles,
  });
  if (decision.allowed) return;
  if (decision.refusal === 'role') throw forbidden(decision.message);
  throw new AppError(409, 'action_not_allowed', decision.message);
}

/** The whole document is validated first, exactly as Send validates it (spec 1 §4). */
async function assertComplete(db: Db, loaded: LoadedDocument) {
  const view = await loadMetadataView(db, loaded);
  const problem = validateDocumentForSend({
    templateId: loaded.type.templateId,
    definitions: view.definitions.map(toValidationField),
    values: Object.fromEntries(view.effective),
    lineItems: loaded.type.lineItemsEnabled
      ? { columns: senderLineColumns, rows: await findLineValues(db, loaded.document.id) }
      : null,
  });
  if (problem) throw badRequest(problem, 'document_incomplete');
}

/** Sets the division-order response status (a read-only field of the sender's metadata). */
async function setResponseStatus(
  db: Db,
  loaded: LoadedDocument,
  documentId: number,
  value: string,
) {
  const view = await loadMetadataView(db, loaded);
  const def = view.definitions.find((d) => d.key === MetadataKey.divisionOrderResponseStatus);
  if (!def) return;
  const lookup = view.lookups.get(def.id)?.find((l) => l.lookupValue === value) ?? null;
  await documents.upsertMetadataValue(db, documentId, def.id, {
    value,
    lookupValueId: lookup?.id ?? null,
    partyId: null,
  });
}

async function documentLabel(db: Db, loaded: LoadedDocument, documentId: number) {
  const view = await loadMetadataView(db, loaded);
  const numberDef = view.definitions.find((d) => d.key === MetadataKey.number);
  const number = numberDef ? view.effective.get(numberDef.id) : null;
  return `${loaded.type.name} ${number || `#${documentId}`}`;
}

interface Actor {
  userId: number;
  userName: string;
  email: string;
  companyId: number;
  companyName: string;
}

async function actorOf(db: Db, ctx: TenantContext): Promise<Actor> {
  const [user] = await db
    .select({ first: users.firstName, last: users.lastName, email: users.emailAddress })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const names = await documents.findCompanyNames(db, [ctx.companyId]);
  return {
    userId: ctx.userId,
    userName: user ? `${user.first} ${user.last}`.trim() : '',
    email: user?.email ?? '',
    companyId: ctx.companyId,
    companyName: names.get(ctx.companyId) ?? '',
  };
}

type EvidenceInput = Omit<EvidenceFields, 'seq' | 'prevHash' | 'chainDocumentId'>;

/** Appends entries to the document's chain; the caller holds the document's lock. */
async function appendEvidence(db: Db, chainDocumentId: number, entries: EvidenceInput[]) {
  let head = await repo.findEvidenceHead(db, chainDocumentId);
  for (const entry of entries) {
    const next = chainNext(head, { ...entry, chainDocumentId });
    await repo.insertEvidence(db, next);
    head = { seq: next.seq, hash: next.hash };
  }
}

const chainOf = (loaded: LoadedDocument) => loaded.document.versionRootId ?? loaded.document.id;

/** Signing keeps the whole file in memory (pdf-lib); larger documents are refused. */
export const SIGNING_MAX_BYTES = 50 * 1024 * 1024;

interface Returned {
  documentId: number;
  news: StatusNews;
  memberIds: number[];
}

export type ReturnInput =
  | {
      signed: true;
      fullName: string;
      signatureImageAsBase64: string;
      page: number | 'last';
      area: { x: number; y: number; width: number; height: number };
      consentVersion: string;
      saveSignature: boolean;
    }
  | { signed: false; declineReason: DeclineReason; reason?: string | null };

/** A decline's reason: the code from the list and the owner's words (required with 'other'). */
export interface Decline {
  declineReason: DeclineReason;
  reason: string | null;
}

/**
 * POST /documents/{id}/return: the receiving owner returns a pending division order. Unsigned:
 * 'Returned Unsigned' and Returned on both sides. Signed: stamped and digitally signed into a new
 * version that replaces the old one in both companies' lists (docs/signing.md).
 */
export async function returnDocument(
  db: Db,
  deps: SigningDeps,
  ctx: TenantContext,
  id: number,
  input: ReturnInput,
  origin: RequestOrigin,
): Promise<DocumentDto> {
  const done = input.signed
    ? await returnSigned(db, deps, ctx, id, input, origin)
    : await returnUnsigned(
        db,
        ctx,
        id,
        { declineReason: input.declineReason, reason: input.reason ?? null },
        origin,
      );
  await mailStatus(db, deps, done.news, done.memberIds);
  return presentForCaller(db, ctx, await loadDocument(db, ctx, done.documentId));
}

async function news(
  db: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  documentId: number,
  signed: boolean,
  reason: string | null = null,
): Promise<Omit<Returned, 'documentId'>> {
  const [label, names] = await Promise.all([
    documentLabel(db, loaded, documentId),
    documents.findCompanyNames(db, [ctx.companyId]),
  ]);
  const receiver = names.get(ctx.companyId) ?? '';
  const status = signed
    ? DivisionOrderResponse.returnedSigned
    : DivisionOrderResponse.returnedUnsigned;
  const item: StatusNews = {
    documentId,
    toCompanyId: loaded.document.ownerCompanyId,
    fromCompanyId: ctx.companyId,
    title: `${label} ${status.toLowerCase()}`,
    message: `${receiver} returned ${label} ${signed ? 'signed' : 'unsigned'}.`,
    details: reason
      ? [
          ['Response Status', status],
          ['Reason', reason],
        ]
      : [['Response Status', status]],
  };
  return { news: item, memberIds: await notifyStatus(db, item) };
}

async function returnUnsigned(
  db: Db,
  ctx: TenantContext,
  id: number,
  decline: Decline,
  origin: RequestOrigin,
): Promise<Returned> {
  const reason = declineReasonText(decline.declineReason, decline.reason);
  return db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertReturn(ctx, loaded);
    const at = new Date();
    await repo.recordDecline(tx, {
      documentId: id,
      operatorCompanyId: loaded.document.ownerCompanyId,
      ownerCompanyId: ctx.companyId,
      declineReason: decline.declineReason,
      declineText: decline.reason,
      at,
    });
    await setResponseStatus(tx, loaded, id, DivisionOrderResponse.returnedUnsigned);
    await documents.setStatusOfAllRoutes(tx, id, RouteStatus.Returned);
    await appendHistory(tx, [
      {
        documentId: id,
        companyId: ctx.companyId,
        userId: ctx.userId,
        objectType: 'document',
        operationId: HistoryOperation.ReturnUnsigned,
        newValue: DivisionOrderResponse.returnedUnsigned,
        // The owner's reason ('Not my property', 'Other: …'), read back as the 'Return Reason'
        // (history presenter); the code is kept in division_order_responses for the lists.
        details: [{ name: 'Reason', newValue: reason }],
      },
    ]);
    const actor = await actorOf(tx, ctx);
    await appendEvidence(tx, chainOf(loaded), [
      {
        ...blankEvidence(actor, id, at, origin),
        event: 'returnUnsigned',
        sha256Before: loaded.document.fileSha256,
        sha256After: loaded.document.fileSha256,
      },
    ]);
    await refreshDocumentIndex(tx, id);
    return { documentId: id, ...(await news(tx, ctx, loaded, id, false, reason)) };
  });
}

function blankEvidence(actor: Actor, documentId: number, at: Date, origin: RequestOrigin) {
  return {
    documentId,
    userId: actor.userId,
    userName: actor.userName,
    email: actor.email,
    companyId: actor.companyId,
    companyName: actor.companyName,
    signerName: null,
    at: at.toISOString(),
    ip: origin.ip,
    userAgent: origin.userAgent,
    sha256Before: null,
    sha256After: null,
    page: null,
    area: null,
    consentVersion: null,
    consentedAt: null,
  };
}

/** The certificate, or a clear 503 (logged) when the embedded one cannot be made or read. */
async function signingCertificate(deps: SigningDeps) {
  try {
    return await loadSigningCertificate(deps.config);
  } catch (err) {
    deps.log.error({ err }, 'the signing certificate could not be loaded');
    throw new AppError(
      503,
      'signing_unavailable',
      'Signing is not available right now: the signing certificate could not be loaded.',
    );
  }
}

const consentRequired = () => new AppError(409, 'consentRequired', signingMessages.consentRequired);

async function returnSigned(
  db: Db,
  deps: SigningDeps,
  ctx: TenantContext,
  id: number,
  input: Extract<ReturnInput, { signed: true }>,
  origin: RequestOrigin,
): Promise<Returned> {
  // Everything that can be refused is checked before the expensive work (and again under the lock).
  const first = await loadDocument(db, ctx, id);
  assertReturn(ctx, first);
  if (input.consentVersion !== ESIGN_CONSENT_VERSION) throw consentRequired();
  const consent = await repo.findConsent(db, ctx.userId, ESIGN_CONSENT_VERSION);
  if (!consent) throw consentRequired();
  await assertComplete(db, first);
  const png = await decodeSignaturePng(input.signatureImageAsBase64);

  const original = first.document;
  const isPdf = original.contentType === 'application/pdf';
  if (!isPdf && !(PDF_RENDITION_TYPES as readonly string[]).includes(original.contentType)) {
    throw new AppError(
      409,
      'not_signable',
      'Only PDF and image documents can be signed. Return it unsigned instead.',
    );
  }
  const originalBytes = await readBlobWithin(
    deps.blobStore,
    original.fileKey,
    isPdf ? SIGNING_MAX_BYTES : PDF_RENDITION_MAX_BYTES,
    () => new AppError(409, 'document_too_large', 'The document is too large to be signed here.'),
  );
  const sha256Before = sha256Hex(originalBytes);
  let pdf: Uint8Array;
  try {
    pdf = isPdf ? originalBytes : await imageToPdf(originalBytes, original.contentType);
  } catch {
    throw new AppError(
      409,
      'not_signable',
      'The document could not be converted to PDF for signing.',
    );
  }

  const signedAt = new Date();
  let signedPdf: Buffer;
  let pageCount: number;
  let signedPage: number;
  try {
    const stamped = await stampSignature({
      pdf,
      png,
      page: input.page,
      area: input.area,
      fullName: input.fullName,
      signedAt,
    });
    pageCount = stamped.getPageCount();
    signedPage = input.page === 'last' ? pageCount : input.page;
    signedPdf = await applyDigitalSignature({
      doc: stamped,
      certificate: await signingCertificate(deps),
      signerName: input.fullName,
      contactInfo: (await actorOf(db, ctx)).email,
      signedAt,
    });
  } catch (error) {
    if (error instanceof PdfStampError) {
      if (error.reason === 'page')
        throw badRequest(error.message, 'page_out_of_range', { page: error.message });
      throw new AppError(409, 'not_signable', error.message);
    }
    throw error;
  }
  const stored = await deps.blobStore.putByContent('documents', ReadableStream.from([signedPdf]), {
    contentType: 'application/pdf',
  });

  return db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    assertReturn(ctx, loaded);
    if (
      loaded.document.fileSha256 !== original.fileSha256 ||
      loaded.document.fileKey !== original.fileKey
    ) {
      throw new AppError(
        409,
        'document_changed',
        'The document changed while it was being signed. Try again.',
      );
    }
    const old = loaded.document;
    const version = await versions.insertVersionOf(tx, old, ctx.userId);
    await documents.touchDocument(tx, version.id, {
      fileKey: stored.key,
      fileSha256: stored.sha256,
      fileSize: stored.size,
      contentType: 'application/pdf',
      fileName: isPdf ? old.fileName : pdfFileName(old.fileName),
      pageCount,
    });
    await versions.copyMetadata(tx, old.id, version.id);
    await versions.copyLineItems(tx, old.id, version.id);
    // The original stays readable as 'Version 1' (access.ts findReplacedVersion); its chain root is
    // written so row-level security shares it through the signed version's routes.
    if (old.versionRootId === null) {
      await tx
        .update(documentRows)
        .set({ versionRootId: old.id })
        .where(eq(documentRows.id, old.id));
    }
    // The signed version takes the old one's place for both companies: routes and attachments move.
    await tx
      .update(documentRoutes)
      .set({ documentId: version.id })
      .where(eq(documentRoutes.documentId, old.id));
    await tx
      .update(documentAttachments)
      .set({ documentId: version.id })
      .where(eq(documentAttachments.documentId, old.id));
    await setResponseStatus(tx, loaded, version.id, DivisionOrderResponse.returnedSigned);
    await documents.setStatusOfAllRoutes(tx, version.id, RouteStatus.Returned);
    const area = areaText(input.area);
    await repo.insertDocumentSignature(tx, {
      documentId: version.id,
      userId: ctx.userId,
      fullName: input.fullName,
      imageBase64: input.signatureImageAsBase64,
      page: signedPage,
      area,
      signedAt,
    });
    if (input.saveSignature) {
      await repo.upsertUserSignature(tx, ctx.userId, {
        imageBase64: input.signatureImageAsBase64,
        fullName: input.fullName,
      });
    }
    const entry = { companyId: ctx.companyId, userId: ctx.userId, objectType: 'document' } as const;
    await appendHistory(tx, [
      { ...entry, documentId: version.id, operationId: HistoryOperation.Create },
      {
        ...entry,
        documentId: version.id,
        operationId: HistoryOperation.ReturnSigned,
        newValue: DivisionOrderResponse.returnedSigned,
      },
    ]);
    const actor = await actorOf(tx, ctx);
    const base = blankEvidence(actor, version.id, signedAt, origin);
    await appendEvidence(tx, chainOf(loaded), [
      {
        ...base,
        event: 'consent',
        documentId: old.id,
        at: consent.consentedAt.toISOString(),
        ip: consent.ip,
        userAgent: consent.userAgent,
        consentVersion: consent.version,
        consentedAt: consent.consentedAt.toISOString(),
      },
      {
        ...base,
        event: 'sign',
        signerName: input.fullName,
        sha256Before,
        sha256After: stored.sha256,
        page: signedPage,
        area,
        consentVersion: consent.version,
        consentedAt: consent.consentedAt.toISOString(),
      },
    ]);
    await refreshDocumentIndex(tx, version.id);
    const returned = { documentId: version.id, ...(await news(tx, ctx, loaded, version.id, true)) };
    await faultPoint('sign:before-commit');
    return returned;
  });
}

/** A refusal by the single return, answered for its id; anything else (a fault) is thrown. */
function refusalOf(id: number, error: unknown): BulkReturnItem {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  return {
    id,
    ok: false,
    documentId: null,
    error: { status: error.status, code: error.code, message: error.message },
  };
}

function bulkResult(results: BulkReturnItem[]): BulkReturnResult {
  const returned = results.filter((r) => r.ok).length;
  return { results, returned, refused: results.length - returned };
}

/**
 * POST /documents/return/bulk: signed (item 2) or declined with one reason (item 3). Each id
 * goes through the single return, in its own transaction, one after the other.
 */
export async function returnInBulk(
  db: Db,
  deps: SigningDeps,
  ctx: TenantContext,
  input: BulkReturnRequest,
  origin: RequestOrigin,
): Promise<BulkReturnResult> {
  if (input.signed) return returnSignedInBulk(db, deps, ctx, input, origin);
  const results: BulkReturnItem[] = [];
  for (const id of input.ids) {
    try {
      const done = await returnUnsigned(
        db,
        ctx,
        id,
        { declineReason: input.declineReason, reason: input.reason },
        origin,
      );
      await mailStatus(db, deps, done.news, done.memberIds);
      results.push({ id, ok: true, documentId: done.documentId, error: null });
    } catch (error) {
      results.push(refusalOf(id, error));
    }
  }
  return bulkResult(results);
}

/**
 * POST /documents/return/bulk (issue 31 item 2): one signature and one consent for many pending
 * division orders. Each goes through the single signed return (own version, evidence, certificate,
 * mail), in its own transaction, one after the other; a refusal is answered for that id with the
 * single return's status, code and message, and the others go on. Errors that are not refusals
 * (a fault of the server) stop the batch as they would a single return.
 */
/**
 * Where a document signed in bulk is signed: its signature field (the operator's, or found from
 * its words, issue 31 item 1), else BULK_SIGNATURE_AREA on the last page.
 */
async function bulkPlacement(db: Db, deps: SigningDeps, ctx: TenantContext, id: number) {
  const loaded = await loadDocument(db, ctx, id);
  const field = await signatureFieldFor(db, deps.blobStore, loaded);
  return field
    ? { page: field.page, area: field.area }
    : { page: 'last' as const, area: BULK_SIGNATURE_AREA };
}

async function returnSignedInBulk(
  db: Db,
  deps: SigningDeps,
  ctx: TenantContext,
  input: Extract<BulkReturnRequest, { signed: true }>,
  origin: RequestOrigin,
): Promise<BulkReturnResult> {
  // Refusals that concern the whole batch come once, before any document is touched.
  if (input.consentVersion !== ESIGN_CONSENT_VERSION) throw consentRequired();
  if (!(await repo.findConsent(db, ctx.userId, ESIGN_CONSENT_VERSION))) throw consentRequired();
  await decodeSignaturePng(input.signatureImageAsBase64);
  if (input.saveSignature) {
    await repo.upsertUserSignature(db, ctx.userId, {
      imageBase64: input.signatureImageAsBase64,
      fullName: input.fullName,
    });
  }
  const results: BulkReturnItem[] = [];
  for (const id of input.ids) {
    try {
      const placement = await bulkPlacement(db, deps, ctx, id);
      const done = await returnSigned(
        db,
        deps,
        ctx,
        id,
        {
          signed: true,
          fullName: input.fullName,
          signatureImageAsBase64: input.signatureImageAsBase64,
          ...placement,
          consentVersion: input.consentVersion,
          saveSignature: false, // written once above, not once per document
        },
        origin,
      );
      await mailStatus(db, deps, done.news, done.memberIds);
      results.push({ id, ok: true, documentId: done.documentId, error: null });
    } catch (error) {
      results.push(refusalOf(id, error));
    }
  }
  return bulkResult(results);
}
