import type { z } from 'zod';
import {
  FIELD_TICKET_LIMITS,
  FIELD_TICKET_SIGNATURE_PREFIX,
  HistoryOperation,
  fieldTicketMessages as msg,
  type FieldTicket,
  type zFieldTicketSignoffInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { userDisplayName } from '../approvals/repository';
import { mailWaitingApproval } from '../approvals/waiting-mail';
import { mailAutoApproval } from '../coding-rules/evaluate';
import { appendHistory } from '../document-history/repository';
import { lockBlobForUse, releaseBlobIfUnreferenced } from '../document-upload/blob-cleanup';
import * as uploadRepo from '../document-upload/repository';
import { assertCanUpload } from '../document-upload/service';
import { assertDocumentAction, loadDocument } from '../documents/policy';
import { mailReceivers, sendDocumentInTransaction } from '../documents/publish';
import * as documentsRepo from '../documents/repository';
import { storePdf } from '../pidx/service';
import { canonicalJson, sha256Hex } from '../signing/evidence-chain';
import { decodeSignaturePng, type RequestOrigin } from '../signing/service';
import * as repo from './repository';
import {
  getFieldTicket,
  loadTicket,
  renderTicket,
  ticketPdfInput,
  type FieldTicketDeps,
} from './service';

/**
 * POST /api/field-tickets/{id}/signoff (docs/field-tickets.md 'Sign-off and evidence'): the
 * operator's representative signed on the vendor's phone. The evidence is stored (name, title, the
 * phone's time and the server's, GPS, the signature's SHA-256, the user holding the phone, the
 * request's address and browser, the PDF's hash before and after) with a SHA-256 over all of it,
 * the PDF is drawn again with the signature block, a 'Signed at the wellsite' history entry is
 * written and the ticket is SENT — one transaction. The same clientId again answers the same
 * ticket; another sign-off of a signed ticket is 409.
 */

type SignoffInput = z.output<typeof zFieldTicketSignoffInput>;

const invalidSignature = (message: string = msg.signatureInvalid) =>
  badRequest(message, 'invalid_signature_image', { signature: message });

async function decodeSignature(dataUrl: string): Promise<Buffer> {
  const base64 = dataUrl.slice(FIELD_TICKET_SIGNATURE_PREFIX.length);
  let png: Buffer;
  try {
    png = await decodeSignaturePng(base64);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) throw invalidSignature();
    throw error;
  }
  if (png.length > FIELD_TICKET_LIMITS.signatureMaxBytes)
    throw invalidSignature(msg.signatureTooLarge);
  return png;
}

export async function signoffFieldTicket(
  db: Db,
  deps: FieldTicketDeps,
  ctx: TenantContext,
  documentId: number,
  input: SignoffInput,
  origin: RequestOrigin,
): Promise<{ created: boolean; ticket: FieldTicket }> {
  assertCanUpload(ctx);
  const loaded = await loadTicket(db, ctx, documentId);
  if (loaded.route.side === 'received') {
    throw forbidden('Only the vendor records the sign-off on its ticket.', 'not_document_owner');
  }
  const answerExisting = (existing: repo.SignoffRow) => {
    if (existing.clientId !== input.clientId)
      throw conflict(msg.alreadySigned, 'field_ticket_signed');
  };
  const existing = await repo.findSignoff(db, documentId);
  if (existing) {
    answerExisting(existing);
    return { created: false, ticket: await getFieldTicket(db, ctx, documentId) };
  }
  if (loaded.route.routeStatusId !== null) throw conflict(msg.notDraft, 'field_ticket_not_draft');
  const png = await decodeSignature(input.signature);
  const receivedAt = new Date();
  const signatureSha256 = sha256Hex(png);

  const ticket = await repo.findTicket(db, documentId);
  const [meta, lines, vendor, operator] = await Promise.all([
    repo.findMetadata(db, documentId),
    repo.findLines(db, documentId),
    uploadRepo.findCompanyName(db, ctx.companyId),
    ticket?.counterpartyCompanyId
      ? uploadRepo.findCompanyName(db, ticket.counterpartyCompanyId)
      : Promise.resolve(''),
  ]);
  const signedAt = new Date(input.signedAt);
  const bytes = await renderTicket({
    ...ticketPdfInput(Object.fromEntries(meta), lines.map(pdfLine), { vendor, operator }),
    signoff: {
      signerName: input.signerName,
      signerTitle: input.signerTitle,
      signedAt: signedAt.toISOString(),
      receivedAt: receivedAt.toISOString(),
      position: input.position,
      png,
      signatureSha256,
    },
  });
  const file = await storePdf(deps.blobStore, bytes, loaded.document.fileName);
  const before = loaded.document;
  const release = (f: Parameters<typeof releaseBlobIfUnreferenced>[2]) =>
    releaseBlobIfUnreferenced(db, deps.blobStore, f).catch(() => undefined);

  let sent;
  try {
    sent = await db.transaction(async (tx) => {
      const locked = await loadTicket(tx, ctx, documentId, { lock: true });
      const again = await repo.findSignoff(tx, documentId);
      if (again) {
        answerExisting(again);
        return null;
      }
      assertDocumentAction(ctx, locked, 'send');
      await lockBlobForUse(tx, deps.blobStore, file);
      const userName = await userDisplayName(tx, ctx.userId);
      const evidence = {
        documentId,
        clientId: input.clientId,
        companyId: ctx.companyId,
        counterpartyCompanyId: ticket?.counterpartyCompanyId ?? null,
        signerName: input.signerName,
        signerTitle: input.signerTitle,
        signedAt: signedAt.toISOString(),
        receivedAt: receivedAt.toISOString(),
        latitude: input.position?.latitude ?? null,
        longitude: input.position?.longitude ?? null,
        accuracyMeters: input.position?.accuracyMeters ?? null,
        signatureSha256,
        userId: ctx.userId,
        userName,
        ip: origin.ip,
        userAgent: origin.userAgent,
        pdfSha256Before: locked.document.fileSha256,
        pdfSha256After: file.sha256,
      };
      const evidenceSha256 = sha256Hex(canonicalJson(evidence));
      await repo.insertSignoff(tx, {
        ...evidence,
        signedAt,
        receivedAt,
        signaturePngBase64: png.toString('base64'),
        evidenceSha256,
      });
      await documentsRepo.touchDocument(tx, documentId, {
        fileKey: file.key,
        fileSha256: file.sha256,
        fileSize: file.size,
        pageCount: file.pageCount,
      });
      const who = input.signerTitle
        ? `${input.signerName} (${input.signerTitle})`
        : input.signerName;
      await appendHistory(tx, [
        {
          documentId,
          companyId: ctx.companyId,
          userId: ctx.userId,
          objectType: 'document',
          operationId: HistoryOperation.FieldTicketSigned,
          objectName: msg.signatureRecorded(input.signerName).slice(0, 255),
          newValue: `${msg.signatureRecorded(who)} at ${signedAt.toISOString()}${
            input.position
              ? `, GPS ${input.position.latitude.toFixed(6)}, ${input.position.longitude.toFixed(6)} (±${Math.round(input.position.accuracyMeters)} m)`
              : ''
          }`,
          details: { evidence: { ...evidence, evidenceSha256 } },
        },
      ]);
      const reloaded = await loadDocument(tx, ctx, documentId, { lock: true });
      return sendDocumentInTransaction(tx, ctx, reloaded, {});
    });
  } catch (error) {
    await release(file);
    throw error;
  }
  if (!sent) {
    await release(file);
    return { created: false, ticket: await getFieldTicket(db, ctx, documentId) };
  }
  if (before.fileKey !== file.key) {
    await release({ key: before.fileKey, sha256: before.fileSha256 });
  }
  const done = sent;
  await mailAutoApproval(db, deps, done.approval).catch((err: unknown) =>
    deps.log.error({ err, documentId }, 'could not mail the approval'),
  );
  await mailWaitingApproval(db, deps, done.waiting);
  await mailReceivers(db, deps, documentId, done).catch((err: unknown) =>
    deps.log.error({ err, documentId }, 'could not send the received mails'),
  );
  return { created: true, ticket: await getFieldTicket(db, ctx, documentId) };
}

export const pdfLine = (l: repo.LineRow) => ({
  itemCode: l.itemCode,
  description: l.description ?? '',
  quantity: l.quantity ?? '',
  uom: l.uom,
  unitPrice: l.unitPrice ?? '',
  amount: l.amount ?? '',
  serviceDate: l.serviceDate,
});
