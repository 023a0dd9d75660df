import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  DocumentTypeId,
  HistoryOperation,
  PartyType,
  amountMatches,
  documentMessages,
  fieldTicketMessages as msg,
  fieldTicketStatusOf,
  lineAmount,
  ticketTotal,
  type FieldTicket,
  type FieldTicketList,
  type zFieldTicketCreateInput,
  type zFieldTicketListQuery,
  type zFieldTicketUpdateInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import type { Mailer } from '../../platform/mail/mailer';
import { appendHistory } from '../document-history/repository';
import { lockBlobForUse, releaseBlobIfUnreferenced } from '../document-upload/blob-cleanup';
import { createDocument, type NewDocumentFile } from '../document-upload/create-document';
import * as uploadRepo from '../document-upload/repository';
import { assertCanUpload } from '../document-upload/service';
import { assertDocumentAction, loadDocument, type LoadedDocument } from '../documents/policy';
import * as documentsRepo from '../documents/repository';
import { refreshDocumentIndex } from '../documents/search-index';
import { storePdf } from '../pidx/service';
import { loadPriceLookup, type PriceLookup } from './price-book';
import type { renderTicketPdf } from './render-pdf';
import * as repo from './repository';

/**
 * Field tickets (issue 32 item 2; docs/field-tickets.md): a draft written from JSON by the
 * vendor's crew (no upload — its PDF is drawn from the data), edited while a draft, read by both
 * sides, listed in pages. Sign-off (which sends it) is signoff.ts, the invoice from tickets flip.ts.
 */

export interface FieldTicketDeps {
  blobStore: BlobStore;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
}

type CreateInput = z.output<typeof zFieldTicketCreateInput>;
type UpdateInput = z.output<typeof zFieldTicketUpdateInput>;
type ListQuery = z.output<typeof zFieldTicketListQuery>;

export const ticketNotFound = () => notFound(msg.notFound, 'field_ticket_not_found');

/** Writers of a vendor company (not Global support users): 403 before anything is read. */
export async function assertVendorWriter(db: Db, ctx: TenantContext) {
  assertCanUpload(ctx);
  if (!(await uploadRepo.companyHasPartyType(db, ctx.companyId, PartyType.Vendor))) {
    throw forbidden(msg.vendorsOnly, 'vendor_required');
  }
}

/** The caller's document, a field ticket (anything else — or another company's — is 404). */
export async function loadTicket(
  db: Db,
  ctx: TenantContext,
  documentId: number,
  opts: { lock?: boolean } = {},
): Promise<LoadedDocument> {
  let loaded: LoadedDocument;
  try {
    loaded = await loadDocument(
      db,
      ctx,
      documentId,
      opts.lock ? { lock: true } : { readOnly: true },
    );
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw ticketNotFound();
    throw error;
  }
  if (loaded.document.documentTypeId !== DocumentTypeId.FieldTicket) throw ticketNotFound();
  return loaded;
}

/** The vendor's connection of the operator, connected now (as uploads check it). */
async function connectedParty(db: Db, ctx: TenantContext, partyId: number) {
  const party = await uploadRepo.findOwnParty(db, ctx.companyId, partyId);
  if (!party) {
    throw new AppError(404, 'party_not_found', documentMessages.partyNotConnected, {
      partyId: 'No such connection',
    });
  }
  if (party.connectedCompanyId === null || party.isDisconnected || !party.isActive) {
    throw badRequest(documentMessages.partyNotConnected, 'party_not_connected', {
      partyId: documentMessages.partyNotConnected,
    });
  }
  return { id: party.id, name: party.name, companyId: party.connectedCompanyId };
}

export interface PreparedLine {
  lineNumber: number;
  itemCode: string | null;
  description: string;
  quantity: string;
  uom: string | null;
  unitPrice: string;
  amount: string;
  serviceDate: string | null;
}

/**
 * The lines as stored: a unit price left out is the price book's for the item on the line's day
 * (its unit too, when none was given); an item not in the book needs a price typed (an ad-hoc
 * item). The amount is quantity × unit price, or the given one when it is that within a cent.
 */
export function priceLines(
  lines: UpdateInput['lines'],
  serviceDate: string,
  lookup: PriceLookup,
): PreparedLine[] {
  const fields: Record<string, string> = {};
  const prepared = lines.map((line, i): PreparedLine | null => {
    const day = line.serviceDate ?? serviceDate;
    let unitPrice = line.unitPrice ?? null;
    let uom = line.uom;
    if (unitPrice === null) {
      const book = line.itemCode ? lookup(line.itemCode, uom, day, line.quantity) : null;
      if (!book) {
        fields[`lines.${i}.unitPrice`] = msg.priceMissing(i + 1, line.itemCode, day);
        return null;
      }
      unitPrice = book.unitPrice;
      uom ??= book.uom;
    }
    const amount = line.amount ?? lineAmount(line.quantity, unitPrice);
    if (!amountMatches(line.quantity, unitPrice, amount)) {
      fields[`lines.${i}.amount`] = msg.amountMismatch(i + 1);
      return null;
    }
    return {
      lineNumber: i + 1,
      itemCode: line.itemCode,
      description: line.description,
      quantity: line.quantity,
      uom,
      unitPrice,
      amount,
      serviceDate: line.serviceDate ?? null,
    };
  });
  const problems = Object.values(fields);
  if (problems.length) {
    throw badRequest(
      problems.length === 1 ? problems[0]! : `${problems[0]} (and ${problems.length - 1} more)`,
      'validation_failed',
      fields,
    );
  }
  return prepared as PreparedLine[];
}

interface Prepared {
  party: { id: number; name: string; companyId: number };
  lines: PreparedLine[];
  total: string;
  metadata: Record<string, string | null>;
}

async function prepare(db: Db, ctx: TenantContext, input: UpdateInput): Promise<Prepared> {
  const party = await connectedParty(db, ctx, input.partyId);
  const lookup = await loadPriceLookup(
    db,
    ctx.companyId,
    party.companyId,
    input.lines.map((l) => l.itemCode),
  );
  const lines = priceLines(input.lines, input.fields.docServiceDate, lookup);
  const total = ticketTotal(lines.map((l) => l.amount));
  return { party, lines, total, metadata: { ...input.fields, docTotal: total } };
}

const fileNameOf = (ticketNumber: string) =>
  `Field-Ticket-${ticketNumber.replace(/[^\w.-]+/g, '_').slice(0, 80)}.pdf`;

/** The ticket's header and lines as the PDF shows them. */
export function ticketPdfInput(
  fields: Record<string, string | null>,
  lines: Omit<PreparedLine, 'lineNumber'>[],
  parties: { vendor: string; operator: string },
) {
  const times = [fields.docStartTime, fields.docEndTime].filter(Boolean).join(' – ');
  return {
    title: `FIELD TICKET ${fields.docNumber ?? ''}`,
    creator: 'Flowline (field ticket)',
    header: [
      ['Vendor', parties.vendor],
      ['Operator', parties.operator],
      ['Service Date', fields.docServiceDate ?? null],
      ['Time', times || null],
      ['Well / Lease', fields.docWellName ?? null],
      ['AFE', fields.docAFE ?? null],
      ['Cost Center', fields.docCostCenter ?? null],
      ['Crew', fields.docCrew ?? null],
      ['Field Supervisor', fields.docFieldSupervisor ?? null],
      ['Job Description', fields.docJobDescription ?? null],
    ] as [string, string | null][],
    lines,
    totalLabel: 'Ticket Total',
    total: fields.docTotal ?? '0.00',
  };
}

export async function renderTicket(
  ...args: Parameters<typeof renderTicketPdf>
): Promise<Uint8Array> {
  const { renderTicketPdf } = await import('./render-pdf');
  return renderTicketPdf(...args);
}

async function storeTicketPdf(
  db: Db,
  deps: FieldTicketDeps,
  ctx: TenantContext,
  p: Prepared,
): Promise<NewDocumentFile> {
  const vendor = await uploadRepo.findCompanyName(db, ctx.companyId);
  const bytes = await renderTicket(
    ticketPdfInput(p.metadata, p.lines, { vendor, operator: p.party.name }),
  );
  return storePdf(deps.blobStore, bytes, fileNameOf(p.metadata.docNumber ?? ''));
}

const release = (db: Db, deps: FieldTicketDeps, file: { key: string; sha256: string }) =>
  releaseBlobIfUnreferenced(db, deps.blobStore, file).catch(() => undefined);

/**
 * POST /api/field-tickets: a draft (only the vendor sees it). The same clientId again — an
 * offline phone's retry, even days later — answers the ticket it made (created: false).
 */
export async function createFieldTicket(
  db: Db,
  deps: FieldTicketDeps,
  ctx: TenantContext,
  input: CreateInput,
): Promise<{ created: boolean; ticket: FieldTicket }> {
  await assertVendorWriter(db, ctx);
  const existing = await repo.findByClientId(db, ctx.companyId, input.clientId);
  if (existing)
    return { created: false, ticket: await getFieldTicket(db, ctx, existing.documentId) };
  const p = await prepare(db, ctx, input);
  const file = await storeTicketPdf(db, deps, ctx, p);
  let outcome: { created: boolean; documentId: number };
  try {
    outcome = await db.transaction(async (tx) => {
      await repo.lockClientId(tx, ctx.companyId, input.clientId);
      const again = await repo.findByClientId(tx, ctx.companyId, input.clientId);
      if (again) return { created: false, documentId: again.documentId };
      await lockBlobForUse(tx, deps.blobStore, file);
      const doc = await createDocument(tx, {
        ownerCompanyId: ctx.companyId,
        userId: ctx.userId,
        documentTypeId: DocumentTypeId.FieldTicket,
        file,
        batchName: null,
        receivingPartyId: p.party.id,
        receivingCompanyId: p.party.companyId,
        metadata: p.metadata,
      });
      await repo.replaceLines(tx, doc, p.lines);
      await repo.insertTicket(tx, {
        documentId: doc.id,
        companyId: ctx.companyId,
        counterpartyCompanyId: p.party.companyId,
        clientId: input.clientId,
        ticketNumber: input.fields.docNumber,
        serviceDate: input.fields.docServiceDate,
        wellName: input.fields.docWellName,
        afe: input.fields.docAFE,
        total: p.total,
        lineCount: p.lines.length,
      });
      await refreshDocumentIndex(tx, doc.id);
      return { created: true, documentId: doc.id };
    });
  } catch (error) {
    await release(db, deps, file);
    if (isUniqueViolation(error)) {
      const row = await repo.findByClientId(db, ctx.companyId, input.clientId);
      if (row) return { created: false, ticket: await getFieldTicket(db, ctx, row.documentId) };
    }
    throw error;
  }
  if (!outcome.created) await release(db, deps, file);
  return { created: outcome.created, ticket: await getFieldTicket(db, ctx, outcome.documentId) };
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string } | null)?.code ??
    (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23505';
}

/** PATCH /api/field-tickets/{id}: the vendor rewrites a draft (its PDF is drawn again). */
export async function updateFieldTicket(
  db: Db,
  deps: FieldTicketDeps,
  ctx: TenantContext,
  documentId: number,
  input: UpdateInput,
): Promise<FieldTicket> {
  assertCanUpload(ctx);
  const loaded = await loadTicket(db, ctx, documentId);
  assertDocumentAction(ctx, loaded, 'edit');
  if (loaded.route.routeStatusId !== null) throw conflict(msg.notDraft, 'field_ticket_not_draft');
  const p = await prepare(db, ctx, input);
  const file = await storeTicketPdf(db, deps, ctx, p);
  const before = loaded.document;
  try {
    await db.transaction(async (tx) => {
      const locked = await loadTicket(tx, ctx, documentId, { lock: true });
      assertDocumentAction(ctx, locked, 'edit');
      if (locked.route.routeStatusId !== null || (await repo.findSignoff(tx, documentId))) {
        throw conflict(msg.notDraft, 'field_ticket_not_draft');
      }
      await lockBlobForUse(tx, deps.blobStore, file);
      await documentsRepo.touchDocument(tx, documentId, {
        fileName: file.fileName,
        fileKey: file.key,
        fileSha256: file.sha256,
        fileSize: file.size,
        pageCount: file.pageCount,
        receivingPartyId: p.party.id,
        receivingCompanyId: p.party.companyId,
      });
      await documentsRepo.updateRoute(tx, ctx.companyId, locked.route.id, {
        partyId: p.party.id,
        counterpartyCompanyId: p.party.companyId,
      });
      await repo.writeMetadata(tx, documentId, p.metadata);
      await repo.replaceLines(tx, locked.document, p.lines);
      await repo.updateTicket(tx, documentId, {
        counterpartyCompanyId: p.party.companyId,
        ticketNumber: input.fields.docNumber,
        serviceDate: input.fields.docServiceDate,
        wellName: input.fields.docWellName,
        afe: input.fields.docAFE,
        total: p.total,
        lineCount: p.lines.length,
      });
      await appendHistory(tx, [
        {
          documentId,
          companyId: ctx.companyId,
          userId: ctx.userId,
          objectType: 'document',
          operationId: HistoryOperation.Edit,
          objectName: 'Field ticket',
          newValue: `${p.lines.length} lines, total ${p.total}`,
        },
      ]);
      await refreshDocumentIndex(tx, documentId);
    });
  } catch (error) {
    await release(db, deps, file);
    throw error;
  }
  if (before.fileKey !== file.key) {
    await release(db, deps, { key: before.fileKey, sha256: before.fileSha256 });
  }
  return getFieldTicket(db, ctx, documentId);
}

const FIELD_KEYS = [
  'docNumber',
  'docServiceDate',
  'docStartTime',
  'docEndTime',
  'docWellName',
  'docAFE',
  'docCostCenter',
  'docJobDescription',
  'docCrew',
  'docFieldSupervisor',
  'docTotal',
] as const;

/** GET /api/field-tickets/{id}: either side (the operator only once it was sent). */
export async function getFieldTicket(
  db: Db,
  ctx: TenantContext,
  documentId: number,
): Promise<FieldTicket> {
  const loaded = await loadTicket(db, ctx, documentId);
  const ticket = await repo.findTicket(db, documentId);
  if (!ticket) throw ticketNotFound();
  const [meta, lines, signoff, billings, names] = await Promise.all([
    repo.findMetadata(db, documentId),
    repo.findLines(db, documentId),
    repo.findSignoff(db, documentId),
    repo.billingsOf(db, ctx.companyId, [documentId]),
    repo.companyNames(db, [ticket.companyId, ticket.counterpartyCompanyId ?? 0]),
  ]);
  const lookup =
    ticket.counterpartyCompanyId === null
      ? () => null
      : await loadPriceLookup(
          db,
          ticket.companyId,
          ticket.counterpartyCompanyId,
          lines.map((l) => l.itemCode),
        );
  const billing = billings.get(documentId);
  const fields = Object.fromEntries(FIELD_KEYS.map((k) => [k, meta.get(k) ?? null]));
  const side = loaded.route.side === 'received' ? 'received' : 'sent';
  return {
    documentId,
    clientId: ticket.clientId,
    ticketNumber: ticket.ticketNumber,
    status: fieldTicketStatusOf(loaded.route.routeStatusId),
    side,
    partyId: side === 'sent' ? loaded.document.receivingPartyId : null,
    fields: {
      ...(fields as FieldTicket['fields']),
      docNumber: fields.docNumber ?? ticket.ticketNumber,
      docServiceDate: fields.docServiceDate ?? ticket.serviceDate,
      docWellName: fields.docWellName ?? ticket.wellName,
      docTotal: fields.docTotal ?? ticket.total,
    },
    lines: lines.map((l) => ({
      lineNumber: l.lineNumber,
      itemCode: l.itemCode,
      description: l.description,
      quantity: l.quantity,
      uom: l.uom,
      unitPrice: l.unitPrice,
      amount: l.amount,
      serviceDate: l.serviceDate,
      bookUnitPrice: l.itemCode
        ? (lookup(l.itemCode, l.uom, l.serviceDate ?? ticket.serviceDate, l.quantity)?.unitPrice ??
          null)
        : null,
    })),
    signoff: signoff ? presentSignoff(signoff) : null,
    billedBy:
      billing && (side === 'sent' || billing.visible)
        ? { invoiceDocumentId: billing.invoiceDocumentId, invoiceNumber: billing.invoiceNumber }
        : null,
    operator: {
      companyId: ticket.counterpartyCompanyId ?? 0,
      name: names.get(ticket.counterpartyCompanyId ?? 0) ?? '',
    },
    vendor: { companyId: ticket.companyId, name: names.get(ticket.companyId) ?? '' },
  };
}

export function presentSignoff(s: repo.SignoffRow): NonNullable<FieldTicket['signoff']> {
  return {
    signerName: s.signerName,
    signerTitle: s.signerTitle,
    signedAt: s.signedAt.toISOString(),
    receivedAt: s.receivedAt.toISOString(),
    position:
      s.latitude !== null && s.longitude !== null
        ? { latitude: s.latitude, longitude: s.longitude, accuracyMeters: s.accuracyMeters ?? 0 }
        : null,
    signatureSha256: s.signatureSha256,
    evidenceSha256: s.evidenceSha256,
    signedByUserId: s.userId,
  };
}

/** GET /api/field-tickets: one page, filtered and counted in SQL. */
export async function listFieldTickets(
  db: Db,
  ctx: TenantContext,
  q: ListQuery,
): Promise<FieldTicketList> {
  const filter: repo.ListFilter = {
    companyId: ctx.companyId,
    side: q.side,
    status: q.status,
    partyId: q.partyId,
    billable: q.billable === 'true',
    q: q.q || undefined,
    page: q.page,
    pageSize: q.pageSize,
  };
  const rows = await repo.listPage(db, filter);
  const total = rows[0]?.total ?? (q.page > 1 ? await repo.countAll(db, filter) : 0);
  return { items: await summarize(db, ctx, rows), total };
}

export async function summarize(
  db: Db,
  ctx: TenantContext,
  rows: Awaited<ReturnType<typeof repo.listPage>>,
) {
  const ids = rows.map((r) => r.ticket.documentId);
  const [billings, names] = await Promise.all([
    repo.billingsOf(db, ctx.companyId, ids),
    repo.companyNames(
      db,
      rows.map((r) => r.counterpartyCompanyId ?? 0),
    ),
  ]);
  return rows.map((r) => {
    const billing = billings.get(r.ticket.documentId);
    const side = r.side === 'received' ? ('received' as const) : ('sent' as const);
    return {
      documentId: r.ticket.documentId,
      clientId: r.ticket.clientId,
      ticketNumber: r.ticket.ticketNumber,
      status: fieldTicketStatusOf(r.routeStatusId),
      side,
      serviceDate: r.ticket.serviceDate,
      wellName: r.ticket.wellName,
      afe: r.ticket.afe,
      total: r.ticket.total,
      lineCount: r.ticket.lineCount,
      signerName: r.signerName,
      signedAt: r.signedAt ? r.signedAt.toISOString() : null,
      billedBy:
        billing && (side === 'sent' || billing.visible)
          ? { invoiceDocumentId: billing.invoiceDocumentId, invoiceNumber: billing.invoiceNumber }
          : null,
      counterparty: {
        companyId: r.counterpartyCompanyId ?? 0,
        name: names.get(r.counterpartyCompanyId ?? 0) ?? '',
      },
    };
  });
}
