import { Readable } from 'node:stream';
import type { AttachmentStream, MessageText } from 'mailparser';
import {
  DocumentTypeId,
  HistoryOperation,
  INBOUND_EMAIL_ALLOWED_TYPES,
  inboundEmailAddress,
  inboundEmailMessages as msg,
  MetadataKey,
  RouteStatus,
  type InboundEmail,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertAdministrator } from '../../auth/policy';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { loadMailParser } from '../../platform/heavy-modules';
import { withTenantScope, withoutTenantScope } from '../../db/tenant-scope';
import { notFound } from '../../errors';
import { cleanUploadFileName, inspectStream, type Inspection } from '../../http/upload-stream';
import type { BlobStore } from '../../platform/blob-store/index';
import type { JobEngine } from '../../platform/jobs/types';
import { enqueueDocumentExtraction } from '../document-intelligence/jobs';
import { markExtractionPending } from '../document-intelligence/repository';
import { lockBlobForUse, releaseBlobIfUnreferenced } from '../document-upload/blob-cleanup';
import {
  createDocument,
  type NewDocumentFile,
  type NewDocumentHistory,
} from '../document-upload/create-document';
import { sniffDocument, type SniffedDocumentType } from '../document-upload/sniff';
import {
  checkContent,
  countPdfPages,
  PAGE_COUNT_MAX_BYTES,
} from '../document-upload/upload-reader';
import { assignApprovalChain } from '../approvals/chain';
import { applyArrivalRules } from '../three-way-match/arrival';
import * as uploadRepo from '../document-upload/repository';
import { refreshDocumentIndex } from '../documents/search-index';
import { insertLines } from '../line-items/repository';
import type { PidxInvoice } from '../pidx/map';
import {
  codeReceiverLines,
  pidxLines,
  pidxMetadata,
  renderInvoicePdf,
  storePdf,
  stripCid,
} from '../pidx/service';
import { isXmlAttachment, matchPidxReferences, readPidxAttachment } from './pidx-attachment';
import * as repo from './repository';

/**
 * Invoices by e-mail (issue 30 item 3, docs/inbound-email.md): what the SMTP listener does with
 * a message once its recipient is known. Each PDF or image attachment streams into the blob store
 * (never held whole in memory), then ONE transaction writes every document, its history and the
 * delivery row — or nothing, and the stored files are released again.
 */

export interface InboundDeps {
  db: Db;
  blobStore: BlobStore;
  jobs?: JobEngine;
  config: AppConfig['inboundMail'];
}

/** A refusal the listener answers in SMTP: the code and the reason the sender reads. */
export class MailRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RecipientCompany {
  id: number;
  code: string;
}

/** RCPT TO: the company the address names (550 when none), and the sender's hourly limit. */
export async function checkRecipient(
  deps: InboundDeps,
  address: string,
  sender: string,
  companyCode: string | null,
  now = new Date(),
): Promise<RecipientCompany> {
  const company = companyCode
    ? await withoutTenantScope(() => repo.unsafeFindCompanyByCode(deps.db, companyCode))
    : null;
  if (!company) throw new MailRefusal(550, msg.unknownRecipient(address));
  const since = new Date(now.getTime() - 60 * 60 * 1000);
  // Counted over every company: one sender flooding many mailboxes is still one sender.
  const recent = await withoutTenantScope(() =>
    repo.unsafeCountRecentFromSender(deps.db, sender.toLowerCase(), since),
  );
  if (recent >= deps.config.perSenderPerHour) {
    throw new MailRefusal(450, msg.rateLimited(deps.config.perSenderPerHour));
  }
  return { id: company.id, code: company.code };
}

interface StoredAttachment {
  file: NewDocumentFile;
  /** The part's Content-ID and file name (lower case), which a PIDX invoice may reference. */
  ids: string[];
}

interface MailedPidxInvoice {
  fileName: string;
  invoice: PidxInvoice;
}

/** Sentinel errors of inspectStream, turned into SMTP refusals. */
class AttachmentTooLarge extends Error {}
class AttachmentWrongType extends Error {}

export interface DeliveryResult {
  documentIds: number[];
  partyId: number | null;
}

/**
 * DATA: parses the message as it arrives. Refused (nothing kept): too large, more document
 * attachments than allowed, an attachment that is not a PDF or image, a file that does not open,
 * no document at all. Inline images of an HTML body (signatures, logos) are not documents.
 */
export async function receiveMessage(
  deps: InboundDeps,
  company: RecipientCompany,
  envelopeSender: string,
  message: Readable & { sizeExceeded?: boolean },
  now = new Date(),
): Promise<DeliveryResult> {
  const stored: StoredAttachment[] = [];
  const pidx: MailedPidxInvoice[] = [];
  const rendered: { file: NewDocumentFile }[] = [];
  let refusal: MailRefusal | null = null;
  let fromHeader: string | null = null;
  let subject: string | null = null;
  const MailParser = await loadMailParser();
  const parser = new MailParser({
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
  });
  parser.on('headers', (headers) => {
    const from = headers.get('from') as { value?: Array<{ address?: string }> } | undefined;
    fromHeader = from?.value?.[0]?.address?.trim().toLowerCase() || null;
    const s = headers.get('subject');
    subject = typeof s === 'string' ? s.slice(0, 250) : null;
  });

  const handle = async (part: AttachmentStream | MessageText) => {
    if (part.type !== 'attachment') return;
    try {
      if (refusal || part.related) {
        part.content.resume();
        await new Promise((resolve) => part.content.once('end', resolve));
        return;
      }
      if (stored.length + pidx.length >= deps.config.maxAttachments) {
        refusal = new MailRefusal(552, msg.tooManyAttachments(deps.config.maxAttachments));
        part.content.resume();
        await new Promise((resolve) => part.content.once('end', resolve));
        return;
      }
      const fileName = cleanUploadFileName(
        part.filename || `attachment-${stored.length + pidx.length + 1}`,
      );
      if (isXmlAttachment(part)) {
        const reading = await readPidxAttachment(part.content, fileName);
        if ('refusal' in reading) refusal = new MailRefusal(554, reading.refusal);
        else pidx.push({ fileName, invoice: reading.invoice });
        return;
      }
      const ids = [part.cid, part.filename, fileName]
        .filter((id): id is string => Boolean(id))
        .map((id) => stripCid(id));
      stored.push({ file: await storeAttachment(deps, part.content, fileName), ids });
    } catch (error) {
      refusal ??= toRefusal(error, part.filename ?? 'attachment');
      part.content.resume();
    } finally {
      part.release?.();
    }
  };

  let chain = Promise.resolve();
  parser.on('data', (part: AttachmentStream | MessageText) => {
    chain = chain.then(() => handle(part));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      parser.once('end', () => resolve());
      parser.once('error', reject);
      message.once('error', reject);
      message.pipe(parser);
    });
    await chain;
    if (message.sizeExceeded) refusal = new MailRefusal(552, msg.tooLarge(deps.config.maxBytes));
    if (!refusal && !stored.length && !pidx.length) {
      refusal = new MailRefusal(554, msg.noDocuments);
    }
    const sender = fromHeader ?? envelopeSender.toLowerCase();
    // The PDFs a PIDX invoice references are its file and attachments, not documents of their own.
    let invoices: PreparedInvoice[] = [];
    if (!refusal && pidx.length) {
      try {
        invoices = await prepareMailedInvoices(deps, company, stored, pidx, rendered);
      } catch (error) {
        if (!(error instanceof MailRefusal)) throw error;
        refusal = error;
      }
    }
    if (refusal) {
      await recordRefusal(deps, company.id, envelopeSender, subject, refusal.message, now);
      throw refusal;
    }
    const referenced = new Set(invoices.flatMap((i) => i.files));
    const extracted: number[] = [];
    return await withTenantScope(company.id, () =>
      deps.db.transaction(async (tx) => {
        const party = await repo.findPartyByEmail(tx, company.id, sender);
        const documentIds: number[] = [];
        const receivedHistory = {
          operationId: HistoryOperation.ReceivedByEmail,
          companyId: company.id,
          newValue: msg.receivedFrom(sender),
          objectName: party?.name ?? msg.unknownSender,
        };
        for (const invoice of invoices) {
          const doc = await createPidxDocument(tx, deps, company, invoice, {
            partyId: party?.id ?? null,
            history: receivedHistory,
            now,
          });
          documentIds.push(doc);
        }
        for (const { file } of stored) {
          if (referenced.has(file)) continue;
          await lockBlobForUse(tx, deps.blobStore, file);
          const doc = await createDocument(tx, {
            ownerCompanyId: company.id,
            userId: null,
            documentTypeId: DocumentTypeId.ArInvoice,
            file,
            metadata: { [MetadataKey.scanDate]: now.toISOString().slice(0, 10) },
            receivedFromOutside: {
              routeStatusId: RouteStatus.Received,
              partyId: party?.id ?? null,
            },
            history: [receivedHistory],
            at: now,
          });
          await markExtractionPending(tx, doc.id);
          documentIds.push(doc.id);
          extracted.push(doc.id);
        }
        await repo.insertDelivery(tx, {
          companyId: company.id,
          sender: envelopeSender.toLowerCase(),
          subject,
          status: 'accepted',
          partyId: party?.id ?? null,
          documentIds,
          createdAt: now,
        });
        return { documentIds, partyId: party?.id ?? null };
      }),
    ).then(async (result) => {
      // After the commit, as for an upload: a lost enqueue is queued again at the next start.
      // A PIDX invoice's values are given, not read.
      if (deps.jobs) {
        for (const id of extracted) {
          await enqueueDocumentExtraction(deps.jobs, id, company.id).catch(() => undefined);
        }
      }
      return result;
    });
  } catch (error) {
    await releaseAll(deps, [...stored, ...rendered]);
    if (error instanceof MailRefusal) throw error;
    throw new MailRefusal(451, msg.temporaryFailure);
  } finally {
    message.resume();
  }
}

interface PreparedInvoice {
  invoice: PidxInvoice;
  /** The document's file first, then its attachments. */
  files: NewDocumentFile[];
}

/**
 * Each PIDX invoice with its files: the mailed PDFs it references, else a PDF drawn from the XML
 * (stored now, listed in `rendered` so a later failure releases it).
 */
async function prepareMailedInvoices(
  deps: InboundDeps,
  company: RecipientCompany,
  stored: StoredAttachment[],
  pidx: MailedPidxInvoice[],
  rendered: { file: NewDocumentFile }[],
): Promise<PreparedInvoice[]> {
  const mailed = stored.map((s) => ({
    ids: s.ids,
    isPdf: s.file.contentType === 'application/pdf',
  }));
  const prepared: PreparedInvoice[] = pidx.map(({ fileName, invoice }) => {
    const match = matchPidxReferences(invoice, mailed, fileName);
    if ('refusal' in match) throw new MailRefusal(554, match.refusal);
    return { invoice, files: match.indexes.map((i) => stored[i]!.file) };
  });
  const receiver = await withTenantScope(company.id, () =>
    uploadRepo.findCompanyName(deps.db, company.id),
  );
  for (const invoice of prepared) {
    if (invoice.files.length) continue;
    const bytes = await renderInvoicePdf(invoice.invoice, {
      sender: invoice.invoice.seller?.name ?? '',
      receiver,
    });
    const fileName = `${invoice.invoice.invoiceNumber.replace(/[^\w.-]+/g, '_')}.pdf`;
    const file = await storePdf(deps.blobStore, bytes, fileName);
    rendered.push({ file });
    invoice.files.push(file);
  }
  return prepared;
}

/**
 * A received AR invoice from a mailed PIDX invoice: its values and lines as given, coded from
 * its references, then the receiver's approval policy and coding rules, as for one sent on the
 * network (docs/inbound-email.md 'PIDX attachments').
 */
async function createPidxDocument(
  tx: Db,
  deps: InboundDeps,
  company: RecipientCompany,
  { invoice, files }: PreparedInvoice,
  opts: { partyId: number | null; history: NewDocumentHistory; now: Date },
): Promise<number> {
  const [main, ...extra] = files;
  if (!main) throw new Error('a PIDX invoice without a file');
  for (const file of files) await lockBlobForUse(tx, deps.blobStore, file);
  const doc = await createDocument(tx, {
    ownerCompanyId: company.id,
    userId: null,
    documentTypeId: DocumentTypeId.ArInvoice,
    file: main,
    metadata: {
      ...pidxMetadata(invoice, opts.now),
      [MetadataKey.arCompany]: invoice.seller?.name ?? null,
    },
    receivedFromOutside: { routeStatusId: RouteStatus.Received, partyId: opts.partyId },
    history: [opts.history],
    at: opts.now,
  });
  const { rows, details } = pidxLines(invoice);
  await insertLines(
    tx,
    rows.map((r, i) => ({
      ...r,
      documentId: doc.id,
      ownerCompanyId: doc.ownerCompanyId,
      lineNumber: i + 1,
    })),
  );
  for (const file of extra) {
    await uploadRepo.insertAttachment(tx, {
      documentId: doc.id,
      companyId: company.id,
      createdByUserId: null,
      fileName: file.fileName,
      fileKey: file.key,
      fileSha256: file.sha256,
      fileSize: file.size,
      contentType: file.contentType,
    });
  }
  await codeReceiverLines(tx, company.id, doc.id, invoice, details);
  await assignApprovalChain(tx, company.id, doc.id, opts.partyId);
  await applyArrivalRules(
    tx,
    company.id,
    doc.id,
    details.map((d) => d.fieldTicketNumber ?? null).filter((n): n is string => !!n),
  );
  await refreshDocumentIndex(tx, doc.id);
  return doc.id;
}

async function releaseAll(deps: InboundDeps, stored: { file: NewDocumentFile }[]) {
  for (const { file } of stored) {
    await withoutTenantScope(() => releaseBlobIfUnreferenced(deps.db, deps.blobStore, file)).catch(
      () => undefined,
    );
  }
}

async function recordRefusal(
  deps: InboundDeps,
  companyId: number,
  sender: string,
  subject: string | null,
  reason: string,
  now: Date,
) {
  await withTenantScope(companyId, () =>
    repo.insertDelivery(deps.db, {
      companyId,
      sender: sender.toLowerCase(),
      subject,
      status: 'refused',
      reason: reason.slice(0, 250),
      createdAt: now,
    }),
  ).catch(() => undefined);
}

function toRefusal(error: unknown, fileName: string): MailRefusal {
  if (error instanceof AttachmentTooLarge) return new MailRefusal(552, error.message);
  if (error instanceof AttachmentWrongType)
    return new MailRefusal(554, msg.forbiddenType(fileName));
  return new MailRefusal(554, msg.unreadableFile(fileName));
}

/** Streams one attachment into the blob store, sniffed and counted; checked as an upload is. */
async function storeAttachment(
  deps: InboundDeps,
  content: Readable,
  fileName: string,
): Promise<NewDocumentFile> {
  const seen: Inspection<SniffedDocumentType> = { size: 0 };
  const stream = Readable.from(
    inspectStream(
      content,
      {
        maxBytes: deps.config.maxBytes,
        sniffBytes: 1024,
        sniff: sniffDocument,
        tooLarge: () => new AttachmentTooLarge(msg.tooLarge(deps.config.maxBytes)),
        wrongType: () => new AttachmentWrongType(),
        keepUpTo: PAGE_COUNT_MAX_BYTES,
      },
      seen,
    ),
  );
  const blob = await deps.blobStore.putByContent('documents', stream);
  const type = seen.type;
  if (!type) throw new AttachmentWrongType();
  const file: NewDocumentFile = {
    key: blob.key,
    sha256: blob.sha256,
    size: blob.size,
    contentType: type.contentType,
    fileName: withExtension(fileName, type.extension),
    pageCount: type.extension === 'pdf' && seen.kept ? await countPdfPages(seen.kept) : null,
  };
  try {
    await checkContent(file, seen);
  } catch (error) {
    await withoutTenantScope(() => releaseBlobIfUnreferenced(deps.db, deps.blobStore, file));
    throw error;
  }
  return file;
}

function withExtension(name: string, extension: string) {
  return /\.[A-Za-z0-9]{2,5}$/.test(name) ? name : `${name}.${extension}`;
}

/** GET /api/inbound-email: the company's address, the limits and the recent deliveries. */
export async function getInboundEmail(
  db: Db,
  ctx: TenantContext,
  config: AppConfig['inboundMail'],
): Promise<InboundEmail> {
  assertAdministrator(ctx);
  const code = await repo.findCompanyCode(db, ctx.companyId);
  if (!code) throw notFound('Company not found', 'company_not_found');
  const rows = await repo.listRecentDeliveries(db, ctx.companyId, 50);
  return {
    address: inboundEmailAddress(code, config.domain),
    enabled: config.port !== null,
    limits: {
      maxMessageBytes: config.maxBytes,
      maxAttachments: config.maxAttachments,
      perSenderPerHour: config.perSenderPerHour,
      allowedTypes: [...INBOUND_EMAIL_ALLOWED_TYPES],
    },
    deliveries: rows.map((r) => ({
      id: r.id,
      receivedAt: r.createdAt.toISOString(),
      sender: r.sender,
      subject: r.subject,
      status: r.status,
      reason: r.reason,
      partyName: r.partyName,
      documentIds: r.documentIds,
    })),
  };
}
