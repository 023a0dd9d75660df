import type { renderPidxInvoicePdf } from './render-pdf';
import { Readable } from 'node:stream';
import {
  centsToDecimal,
  codingKinds,
  DocumentTypeId,
  documentUploadMessages,
  MetadataKey,
  PartyType,
  pidxMessages as msg,
  type CodingKey,
  type PidxInvoiceResult,
  type PidxProblem,
} from '@flowline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantContext } from '../../auth/request-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { withTenantScope } from '../../db/tenant-scope';
import { AppError, forbidden } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import type { Mailer } from '../../platform/mail/mailer';
import { mailAutoApproval } from '../coding-rules/evaluate';
import { lockBlobForUse, releaseBlobIfUnreferenced } from '../document-upload/blob-cleanup';
import { createDocument, type NewDocumentFile } from '../document-upload/create-document';
import * as uploadRepo from '../document-upload/repository';
import { assertCanUpload } from '../document-upload/service';
import { countPdfPages } from '../document-upload/upload-reader';
import { assertDocumentAction, loadDocument } from '../documents/policy';
import { mailReceivers, sendDocumentInTransaction } from '../documents/publish';
import { mailWaitingApproval } from '../approvals/waiting-mail';
import { findLines, insertLines, knownCodes } from '../line-items/repository';
import { mapPidxInvoice, type PidxInvoice, type PidxPartner } from './map';
import * as repo from './repository';
import { parsePidxXml, PidxXmlError } from './xml';

/**
 * POST /api/pidx/invoices (issue 30 item 1; docs/pidx.md): a supplier system's PIDX invoice
 * becomes the sender's AR invoice — metadata, lines, the receiver's coding from the invoice's
 * references — and is sent through the same path as the Send button (duplicate detection, coding
 * rules, notifications). Everything is checked before anything is written; the writes are one
 * transaction, so a refusal at any point leaves nothing.
 */

export interface PidxAttachmentPart {
  /** What a `cid:` may name the part by: its field name and its file name. */
  ids: string[];
  fileName: string;
  bytes: Buffer;
}

export interface PidxSubmission {
  xml: string;
  attachments: PidxAttachmentPart[];
  send: boolean;
  confirmDuplicate: boolean;
}

export interface PidxDeps {
  blobStore: BlobStore;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
}

const BILL_TO = "InvoiceProperties/PartnerInformation[@partnerRoleIndicator='BillTo']";

/** 400 with every problem located. */
export function refused(problems: PidxProblem[]): AppError {
  const [first] = problems;
  const message = problems.length === 1 && first ? `${first.path}: ${first.message}` : msg.invalid;
  return new AppError(400, 'pidx_invalid', message, problems);
}

interface Receiver {
  partyId: number;
  partyName: string;
  companyId: number;
}

/** The BillTo partner among the sender's connections: by PartnerIdentifier, then by name. */
async function resolveReceiver(
  db: Db,
  companyId: number,
  billTo: PidxPartner,
): Promise<Receiver | PidxProblem> {
  let found = await repo.findPartiesByIdentifier(db, companyId, billTo.identifiers);
  let path = `${BILL_TO}/PartnerIdentifier`;
  if (!found.length && billTo.name) {
    found = await repo.findPartiesByName(db, companyId, billTo.name);
    path = `${BILL_TO}/PartnerName`;
    if (found.length > 1) return { path, message: msg.ambiguousReceiver(billTo.name) };
  }
  const party = found[0];
  if (!party) return { path: BILL_TO, message: msg.unknownReceiver };
  if (!party.connectedCompanyId || party.isDisconnected || !party.isActive) {
    return { path, message: msg.receiverNotConnected(party.name) };
  }
  return { partyId: party.id, partyName: party.name, companyId: party.connectedCompanyId };
}

export const stripCid = (location: string) =>
  location.replace(/^cid:/i, '').replace(/^<|>$/g, '').trim().toLowerCase();

/** The attachments the XML references, each found among the request's parts. */
function matchAttachments(
  locations: string[],
  parts: PidxAttachmentPart[],
): { files: PidxAttachmentPart[]; problems: PidxProblem[] } {
  const files: PidxAttachmentPart[] = [];
  const problems: PidxProblem[] = [];
  locations.forEach((location, i) => {
    const path = `InvoiceProperties/Attachment[${i + 1}]/AttachmentLocation`;
    const id = stripCid(location);
    const part = parts.find((p) => p.ids.some((candidate) => candidate.toLowerCase() === id));
    if (!part) problems.push({ path, message: msg.attachmentMissing(location) });
    else if (part.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
      problems.push({ path, message: msg.attachmentNotPdf(location) });
    } else if (!files.includes(part)) files.push(part);
  });
  return { files, problems };
}

export async function storePdf(blobStore: BlobStore, bytes: Uint8Array, fileName: string) {
  const stored = await blobStore.putByContent('documents', Readable.from([Buffer.from(bytes)]));
  const file: NewDocumentFile = {
    key: stored.key,
    sha256: stored.sha256,
    size: stored.size,
    contentType: 'application/pdf',
    fileName,
    pageCount: await countPdfPages(bytes),
  };
  return file;
}

/** The invoice's lines: each InvoiceLineItem, then one line per tax (so the total adds up). */
export function pidxLines(invoice: PidxInvoice) {
  const rows: {
    description: string;
    quantity: string;
    unitPrice: string;
    amount: string;
    /** Issue 32: what the three-way match compares (item code, unit, service day). */
    itemCode?: string | null;
    uom?: string | null;
    serviceDate?: string | null;
  }[] = [];
  const details: repo.PidxInvoiceDetails['lines'] = [];
  invoice.lines.forEach((line) => {
    rows.push({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: centsToDecimal(line.amountCents),
      itemCode: line.itemCode?.slice(0, 50) ?? null,
      uom: line.unitOfMeasure?.slice(0, 20) ?? null,
      serviceDate: line.serviceDate ?? invoice.serviceDate ?? null,
    });
    details.push({
      lineNumber: rows.length,
      pidxLineNumber: line.pidxLineNumber,
      itemCode: line.itemCode,
      unitOfMeasure: line.unitOfMeasure,
      serviceDate: line.serviceDate,
      afe: line.afe,
      costCenter: line.costCenter,
      contractNumber: line.contractNumber,
      ...(line.fieldTicketNumber ? { fieldTicketNumber: line.fieldTicketNumber } : {}),
    });
    const taxed = rows.length;
    for (const tax of line.taxes) {
      const amount = centsToDecimal(tax.cents);
      rows.push({
        description: `Tax${tax.type ? ` ${tax.type}` : ''} (line ${line.pidxLineNumber})`,
        quantity: '1',
        unitPrice: amount,
        amount,
      });
      details.push({
        lineNumber: rows.length,
        pidxLineNumber: `${line.pidxLineNumber}-tax`,
        itemCode: null,
        unitOfMeasure: null,
        serviceDate: line.serviceDate,
        // A tax line is coded like the line it taxes.
        afe: line.afe,
        costCenter: line.costCenter,
        contractNumber: line.contractNumber,
        taxOf: taxed,
        taxType: tax.type,
      });
    }
  });
  for (const tax of invoice.invoiceTaxes) {
    const amount = centsToDecimal(tax.cents);
    rows.push({
      description: `Tax${tax.type ? ` ${tax.type}` : ''}`,
      quantity: '1',
      unitPrice: amount,
      amount,
    });
    details.push({
      lineNumber: rows.length,
      pidxLineNumber: 'tax',
      itemCode: null,
      unitOfMeasure: null,
      serviceDate: null,
      afe: invoice.references.afe,
      costCenter: invoice.references.costCenter,
      contractNumber: invoice.references.contractNumber,
      taxOf: null,
      taxType: tax.type,
    });
  }
  return { rows, details };
}

/**
 * The receiver's coding from the invoice's references (AFE, cost center; the well on every
 * line), written on the receiver's side before its coding rules run. Where the receiver keeps a
 * list of codes of a kind, only a value on its list is written (as the list spells it); the
 * sender's value stays in the PIDX details either way.
 */
export async function codeReceiverLines(
  tx: Db,
  receiverId: number,
  documentId: number,
  invoice: PidxInvoice,
  details: repo.PidxInvoiceDetails['lines'],
  /** The lines as this transaction inserted them (else they are read). */
  inserted?: { id: number; lineNumber: number }[],
) {
  await withTenantScope(receiverId, async () => {
    const lines = inserted ?? (await findLines(tx, documentId));
    const known = await knownCodes(
      tx,
      receiverId,
      codingKinds.map((c) => c.kind),
    );
    const well = invoice.well.name ?? invoice.well.identifier;
    const rows = lines.flatMap((line) => {
      const detail = details.find((d) => d.lineNumber === line.lineNumber);
      const given: Partial<Record<CodingKey, string | null>> = {
        afe: detail?.afe ?? null,
        costCenter: detail?.costCenter ?? null,
        well: well ?? null,
      };
      const coding = {} as Record<CodingKey, string | null>;
      let any = false;
      for (const { kind, key } of codingKinds) {
        const value = given[key]?.slice(0, 50) ?? null;
        const list = known.get(kind);
        coding[key] = value && list ? (list.get(value.toLowerCase()) ?? null) : value;
        if (coding[key]) any = true;
      }
      return any
        ? [
            {
              lineItemId: line.id,
              companyId: receiverId,
              documentId,
              ...coding,
              updatedByUserId: null,
            },
          ]
        : [];
    });
    await repo.insertCoding(tx, rows);
  });
}

async function assertVendor(db: Db, ctx: TenantContext) {
  if (!(await uploadRepo.companyHasPartyType(db, ctx.companyId, PartyType.Vendor))) {
    throw forbidden(documentUploadMessages.vendorsOnly, 'vendor_required');
  }
}

export async function receivePidxInvoice(
  db: Db,
  deps: PidxDeps,
  ctx: TenantContext,
  submission: PidxSubmission,
  now = new Date(),
): Promise<PidxInvoiceResult> {
  assertCanUpload(ctx);
  let root;
  try {
    root = parsePidxXml(submission.xml);
  } catch (error) {
    if (error instanceof PidxXmlError) {
      await assertVendor(db, ctx);
      throw refused([error.problem]);
    }
    throw error;
  }
  const mapped = mapPidxInvoice(root);
  const billTo = mapped.billTo;
  // The sender's checks and names in one read-only transaction: on PGlite every statement
  // outside a transaction is a transaction of its own (its BEGIN, scope and COMMIT).
  const { isVendor, found, sender } = await db.transaction(async (tx) => ({
    isVendor: await uploadRepo.companyHasPartyType(tx, ctx.companyId, PartyType.Vendor),
    found:
      billTo && (billTo.name || billTo.identifiers.length)
        ? await resolveReceiver(tx, ctx.companyId, billTo)
        : null,
    sender: await uploadRepo.findCompanyName(tx, ctx.companyId),
  }));
  if (!isVendor) throw forbidden(documentUploadMessages.vendorsOnly, 'vendor_required');
  const problems: PidxProblem[] = [...mapped.problems];
  const invoice = mapped.invoice;
  let receiver: Receiver | null = null;
  if (found) {
    if ('path' in found) problems.push(found);
    else receiver = found;
  }
  const attachments = matchAttachments(mapped.attachmentLocations, submission.attachments);
  problems.push(...attachments.problems);
  const pdfs = attachments.files;
  if (problems.length || !invoice || !receiver) throw refused(problems);

  const [main, ...extra] = pdfs;
  const stored: NewDocumentFile[] = [];
  const release = () =>
    Promise.all(
      stored.map((f) => releaseBlobIfUnreferenced(db, deps.blobStore, f).catch(() => undefined)),
    );
  try {
    stored.push(
      main
        ? await storePdf(deps.blobStore, main.bytes, main.fileName)
        : await storePdf(
            deps.blobStore,
            await renderInvoicePdf(invoice, { sender, receiver: receiver.partyName }),
            `${invoice.invoiceNumber.replace(/[^\w.-]+/g, '_')}.pdf`,
          ),
    );
    for (const part of extra)
      stored.push(await storePdf(deps.blobStore, part.bytes, part.fileName));
  } catch (error) {
    await release();
    throw error;
  }

  const { rows, details } = pidxLines(invoice);
  const to = receiver;
  let outcome;
  try {
    outcome = await db.transaction(async (tx) => {
      // The receiver's profiles first: read outside the tenant scope like the transaction's start,
      // so the scope switches once (to the sender's, at the blob lock), not three times.
      const billToChoices = await uploadRepo.findBillToOrgUnits(tx, ctx.companyId, to.companyId);
      for (const file of stored) await lockBlobForUse(tx, deps.blobStore, file);
      const billToName = invoice.billTo.name?.toLowerCase();
      const billTo =
        billToChoices.find((o) => o.name.toLowerCase() === billToName) ?? billToChoices[0];
      const doc = await createDocument(tx, {
        ownerCompanyId: ctx.companyId,
        userId: ctx.userId,
        documentTypeId: DocumentTypeId.ArInvoice,
        file: stored[0]!,
        batchName: `pidx-${now.toISOString().slice(0, 10)}`,
        receivingPartyId: to.partyId,
        receivingCompanyId: to.companyId,
        metadata: {
          ...pidxMetadata(invoice, now),
          [MetadataKey.arPurchaserName]: { value: to.partyName, partyId: to.partyId },
          [MetadataKey.orgUnitName]: billTo?.name ?? invoice.billTo.name ?? to.partyName,
          [MetadataKey.arCompany]: sender || null,
        },
        at: now,
        sentInSameTransaction: submission.send,
      });
      const inserted = await insertLines(
        tx,
        rows.map((r, i) => ({
          ...r,
          documentId: doc.id,
          ownerCompanyId: ctx.companyId,
          lineNumber: i + 1,
        })),
      );
      for (const file of stored.slice(1)) {
        await uploadRepo.insertAttachment(tx, {
          documentId: doc.id,
          companyId: ctx.companyId,
          createdByUserId: ctx.userId,
          fileName: file.fileName,
          fileKey: file.key,
          fileSha256: file.sha256,
          fileSize: file.size,
          contentType: file.contentType,
        });
      }
      await repo.insertPidxInvoice(tx, {
        documentId: doc.id,
        senderCompanyId: ctx.companyId,
        receiverCompanyId: to.companyId,
        invoiceNumber: invoice.invoiceNumber.slice(0, 100),
        invoiceTypeCode: invoice.invoiceTypeCode?.slice(0, 50) ?? null,
        currency: invoice.currency,
        details: {
          wellName: invoice.well.name,
          wellIdentifier: invoice.well.identifier,
          contractNumber: invoice.references.contractNumber,
          comment: invoice.comment,
          lines: details,
        },
      });
      if (!submission.send) return { documentId: doc.id, sent: null };
      // Created by this transaction: no other one sees it before the commit, so it is read once,
      // without the lock and the read before the lock that an existing document needs.
      const loaded = await loadDocument(tx, ctx, doc.id);
      assertDocumentAction(ctx, loaded, 'send');
      const sent = await sendDocumentInTransaction(tx, ctx, loaded, {
        confirmDuplicate: submission.confirmDuplicate,
        beforeReceiverRules: (receiverId) =>
          codeReceiverLines(tx, receiverId, doc.id, invoice, details, inserted),
        // The lines just inserted, as inserted (nothing writes them in between): not read back.
        lineValues: rows.map((r) => ({
          description: r.description,
          quantity: r.quantity,
          unitPrice: r.unitPrice,
          amount: r.amount,
        })),
      });
      return { documentId: doc.id, sent };
    });
  } catch (error) {
    await release();
    throw error;
  }

  if (outcome.sent) {
    const sent = outcome.sent;
    await mailAutoApproval(db, deps, sent.approval).catch((err: unknown) =>
      deps.log.error({ err, documentId: sent.documentId }, 'could not mail the approval'),
    );
    await mailWaitingApproval(db, deps, sent.waiting);
    await mailReceivers(db, deps, sent.documentId, sent).catch((err: unknown) =>
      deps.log.error({ err, documentId: sent.documentId }, 'could not send the received mails'),
    );
  }
  return {
    documentId: outcome.documentId,
    status: outcome.sent ? 'sent' : 'draft',
    invoiceNumber: invoice.invoiceNumber,
    total: centsToDecimal(invoice.totalCents),
    lineCount: rows.length,
    receiver: { partyId: to.partyId, companyId: to.companyId, name: to.partyName },
    file: main ? 'attached' : 'rendered',
    autoApproved: Boolean(outcome.sent?.approval),
  };
}

/** The AR invoice's values a PIDX invoice gives, whoever receives it (API or e-mail). */
export function pidxMetadata(invoice: PidxInvoice, now: Date) {
  return {
    [MetadataKey.number]: invoice.invoiceNumber,
    docInvoiceDate: invoice.invoiceDate,
    docServiceDate: invoice.serviceDate,
    docTotal: centsToDecimal(invoice.totalCents),
    docPONumber: invoice.purchaseOrderNumber,
    docAFE: invoice.references.afe,
    docDescription: invoice.comment,
    [MetadataKey.scanDate]: now.toISOString().slice(0, 10),
  };
}

/** pdf-lib is loaded with the first invoice that needs a drawn PDF, not at start. */
export async function renderInvoicePdf(
  ...args: Parameters<typeof renderPidxInvoicePdf>
): ReturnType<typeof renderPidxInvoicePdf> {
  const { renderPidxInvoicePdf: render } = await import('./render-pdf');
  return render(...args);
}
