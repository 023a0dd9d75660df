import type { FastifyBaseLogger } from 'fastify';
import {
  DocumentTemplate,
  decideSignatureFieldEdit,
  findSignatureField as findFieldInWords,
  signatureFieldMessages as msg,
  type SignatureFieldAnswer,
  type SignatureFieldInput,
  type SignatureField,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { AppError, badRequest, forbidden } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import { loadDocument, type LoadedDocument } from '../documents/policy';
import { pageCountOf, pagesToScan, type FieldDocument } from './signature-field-pages';
import * as repo from './signature-field-repository';

/**
 * Signature fields (issue 31 item 1; docs/signing.md 'Signature fields'): where the owner of a
 * pending division order is asked to sign — drawn by the operator, or found from the document's
 * words when it is sent (and for the demo orders).
 */

function present(row: repo.SignatureFieldRow): SignatureField {
  return {
    page: row.page,
    area: { x: row.x, y: row.y, width: row.width, height: row.height },
    source: row.source,
    label: row.label,
  };
}

const isPendingDivisionOrder = (loaded: LoadedDocument) =>
  loaded.type.templateId === DocumentTemplate.PendingDivisionOrder;

/** Looks for the field in the document's words; null when none is found (never throws). */
export async function findFieldOf(
  db: Db,
  blobStore: BlobStore,
  doc: FieldDocument,
  log?: FastifyBaseLogger,
): Promise<SignatureField | null> {
  try {
    const { pages } = await pagesToScan(db, blobStore, doc);
    const found = findFieldInWords(pages);
    return found && { page: found.page, area: found.area, source: 'automatic', label: found.label };
  } catch (err) {
    // An unreadable file only means no field: the owner places the signature by hand.
    log?.warn({ err, documentId: doc.id }, 'could not look for a signature field');
    return null;
  }
}

/**
 * After a pending division order is sent (or seeded): finds its field and stores it, unless the
 * operator drew one. Never fails the send — nothing found is simply no field.
 */
export async function detectSignatureField(
  db: Db,
  blobStore: BlobStore,
  doc: FieldDocument,
  log?: FastifyBaseLogger,
): Promise<SignatureField | null> {
  const existing = await repo.findSignatureField(db, doc.id);
  if (existing?.source === 'operator') return present(existing);
  const found = await findFieldOf(db, blobStore, doc, log);
  if (found) {
    await repo.upsertSignatureField(
      db,
      doc.id,
      { ...found, setByUserId: null },
      { keepOperator: true },
    );
  }
  return found;
}

/**
 * GET /documents/{id}/signatureField — both companies. The stored field, else (an order sent
 * before fields existed, or one whose words had none) a look at its words now, not stored.
 */
export async function getSignatureField(
  db: Db,
  blobStore: BlobStore,
  ctx: TenantContext,
  id: number,
  log?: FastifyBaseLogger,
): Promise<SignatureFieldAnswer> {
  const loaded = await loadDocument(db, ctx, id, { readOnly: true });
  if (!isPendingDivisionOrder(loaded)) return { field: null };
  const row = await repo.findSignatureField(db, id);
  if (row) return { field: present(row) };
  return { field: await findFieldOf(db, blobStore, loaded.document, log) };
}

/** The field the signing uses for a document signed without a dragged box (bulk signing). */
export async function signatureFieldFor(
  db: Db,
  blobStore: BlobStore,
  loaded: LoadedDocument,
): Promise<SignatureField | null> {
  const row = await repo.findSignatureField(db, loaded.document.id);
  if (row) return present(row);
  return findFieldOf(db, blobStore, loaded.document);
}

/**
 * PUT /documents/{id}/signatureField — the sending company's writers, while the order is unsent
 * or awaiting the owner: the operator's box replaces any found one.
 */
export async function setSignatureField(
  db: Db,
  blobStore: BlobStore,
  ctx: TenantContext,
  id: number,
  input: SignatureFieldInput,
): Promise<SignatureFieldAnswer> {
  return db.transaction(async (tx) => {
    const loaded = await loadDocument(tx, ctx, id, { lock: true });
    const decision = decideSignatureFieldEdit({
      templateId: loaded.type.templateId,
      side: loaded.route.side === 'received' ? 'received' : 'sent',
      routeStatusId: loaded.route.routeStatusId,
      userType: ctx.userType,
      roles: ctx.roles,
    });
    if (!decision.allowed) {
      if (decision.refusal === 'role') throw forbidden(decision.message);
      throw new AppError(409, 'action_not_allowed', decision.message);
    }
    const pages = await pageCountOf(blobStore, loaded.document).catch(() => null);
    if (pages !== null && input.page > pages) {
      const message = msg.pageOutOfRange(pages);
      throw badRequest(message, 'page_out_of_range', { page: message });
    }
    await repo.upsertSignatureField(tx, id, {
      page: input.page,
      area: input.area,
      source: 'operator',
      label: null,
      setByUserId: ctx.userId,
    });
    const row = await repo.findSignatureField(tx, id);
    return { field: row && present(row) };
  });
}
