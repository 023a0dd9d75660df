import type { z } from 'zod';
import {
  DocumentTypeId,
  HistoryOperation,
  MetadataKey,
  RouteStatus,
  fieldTicketMessages as msg,
  ticketTotal,
  type FieldTicketInvoiceResult,
  type FieldTicketList,
  type zFieldTicketInvoiceInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict } from '../../errors';
import { appendHistory } from '../document-history/repository';
import { lockBlobForUse, releaseBlobIfUnreferenced } from '../document-upload/blob-cleanup';
import { createDocument } from '../document-upload/create-document';
import * as uploadRepo from '../document-upload/repository';
import { loadDocument } from '../documents/policy';
import { refreshDocumentIndex } from '../documents/search-index';
import { storePdf } from '../pidx/service';
import * as repo from './repository';
import {
  assertVendorWriter,
  isUniqueViolation,
  loadTicket,
  renderTicket,
  summarize,
  ticketNotFound,
  type FieldTicketDeps,
} from './service';
import { pdfLine } from './signoff';

/**
 * POST /api/field-tickets/invoice (issue 32 item 3; docs/field-tickets.md 'Ticket to invoice'):
 * the vendor's approved tickets for one operator become one AR invoice DRAFT — their lines (item
 * code, description, quantity, unit, unit price, amount, service date) in the order given, the
 * earliest service date, the AFE when the tickets agree on one, the total — and one
 * field_ticket_billings row per ticket, all in one transaction. The billings' primary key (the
 * ticket) bills a ticket once, whatever runs at the same time.
 */

type InvoiceInput = z.output<typeof zFieldTicketInvoiceInput>;

const today = () => new Date().toISOString().slice(0, 10);

interface Gathered {
  tickets: repo.FieldTicketRow[];
  partyId: number | null;
  operatorId: number;
}

/** Checks every ticket under the caller's eyes (and locks when in the transaction). */
async function gather(db: Db, ctx: TenantContext, ids: number[]): Promise<Gathered> {
  const tickets: repo.FieldTicketRow[] = [];
  let partyId: number | null = null;
  let operatorId: number | null = null;
  for (const id of ids) {
    const loaded = await loadTicket(db, ctx, id);
    // The operator's own received tickets are not the caller's to bill.
    if (loaded.route.side !== 'sent') throw ticketNotFound();
    const ticket = await repo.findTicket(db, id);
    if (!ticket) throw ticketNotFound();
    if (operatorId !== null && ticket.counterpartyCompanyId !== operatorId) {
      throw badRequest(msg.mixedOperators, 'field_tickets_mixed_operators', {
        ticketDocumentIds: msg.mixedOperators,
      });
    }
    operatorId = ticket.counterpartyCompanyId;
    partyId ??= loaded.document.receivingPartyId;
    const status = loaded.route.routeStatusId;
    if (status !== RouteStatus.Approved && status !== RouteStatus.Paid) {
      throw conflict(msg.notApproved(ticket.ticketNumber), 'field_ticket_not_approved');
    }
    tickets.push(ticket);
  }
  if (operatorId === null) throw ticketNotFound();
  return { tickets, partyId, operatorId };
}

async function assertNotBilled(db: Db, ctx: TenantContext, tickets: repo.FieldTicketRow[]) {
  const billed = await repo.billingsOf(
    db,
    ctx.companyId,
    tickets.map((t) => t.documentId),
  );
  for (const t of tickets) {
    const b = billed.get(t.documentId);
    if (b) {
      throw conflict(
        msg.alreadyBilled(t.ticketNumber, b.invoiceNumber ?? `#${b.invoiceDocumentId}`),
        'field_ticket_billed',
      );
    }
  }
}

export async function invoiceFromTickets(
  db: Db,
  deps: FieldTicketDeps,
  ctx: TenantContext,
  input: InvoiceInput,
): Promise<FieldTicketInvoiceResult> {
  await assertVendorWriter(db, ctx);
  const ids = input.ticketDocumentIds;
  const first = await gather(db, ctx, ids);
  await assertNotBilled(db, ctx, first.tickets);

  const lines = await repo.findLinesOf(db, ids);
  const byTicket = new Map(first.tickets.map((t) => [t.documentId, t]));
  const ordered = ids.flatMap((id) =>
    lines
      .filter((l) => l.documentId === id)
      .map((l) => ({ ...l, serviceDate: l.serviceDate ?? byTicket.get(id)!.serviceDate })),
  );
  const total = ticketTotal(ordered.map((l) => l.amount ?? '0'));
  const numbers = first.tickets.map((t) => t.ticketNumber).join(', ');
  const serviceDate = first.tickets.map((t) => t.serviceDate).sort()[0]!;
  const afes = [...new Set(first.tickets.map((t) => t.afe).filter(Boolean))];
  const afe = afes.length === 1 && first.tickets.every((t) => t.afe) ? afes[0]! : null;
  const [vendor, party] = await Promise.all([
    uploadRepo.findCompanyName(db, ctx.companyId),
    first.partyId === null ? null : uploadRepo.findOwnParty(db, ctx.companyId, first.partyId),
  ]);
  const operatorName = party?.name ?? '';
  const bytes = await renderTicket({
    title: 'INVOICE (draft)',
    creator: 'Flowline (field tickets)',
    header: [
      ['From', vendor],
      ['Bill To', operatorName],
      ['Service Date', serviceDate],
      ['AFE', afe],
      ['Field Tickets', numbers],
    ],
    lines: ordered.map(pdfLine),
    totalLabel: 'Invoice Total',
    total,
  });
  const file = await storePdf(deps.blobStore, bytes, 'Invoice-from-field-tickets.pdf');

  let invoiceId: number;
  try {
    invoiceId = await db.transaction(async (tx) => {
      await repo.lockDocuments(tx, ids);
      const locked = await gather(tx, ctx, ids);
      await repo.releaseCancelledBillings(tx, ids);
      await assertNotBilled(tx, ctx, locked.tickets);
      await lockBlobForUse(tx, deps.blobStore, file);
      const billTo = (await uploadRepo.findBillToOrgUnits(tx, ctx.companyId, locked.operatorId))[0];
      const doc = await createDocument(tx, {
        ownerCompanyId: ctx.companyId,
        userId: ctx.userId,
        documentTypeId: DocumentTypeId.ArInvoice,
        file,
        batchName: `field-tickets-${today()}`,
        receivingPartyId: locked.partyId,
        receivingCompanyId: locked.operatorId,
        metadata: {
          docInvoiceDate: today(),
          docServiceDate: serviceDate,
          docTotal: total,
          docAFE: afe,
          docDescription: `Field tickets ${numbers}`.slice(0, 2000),
          [MetadataKey.arPurchaserName]: party ? { value: party.name, partyId: party.id } : null,
          [MetadataKey.orgUnitName]: billTo?.name ?? operatorName ?? null,
          [MetadataKey.arCompany]: vendor || null,
          [MetadataKey.scanDate]: today(),
        },
        history: [
          {
            operationId: HistoryOperation.InvoicedFromTickets,
            companyId: ctx.companyId,
            userId: ctx.userId,
            newValue: msg.invoiceFromTickets(numbers).slice(0, 4000),
          },
        ],
      });
      await repo.replaceLines(
        tx,
        doc,
        ordered.map((l, i) => ({
          lineNumber: i + 1,
          itemCode: l.itemCode,
          description: l.description,
          quantity: l.quantity,
          uom: l.uom,
          unitPrice: l.unitPrice,
          amount: l.amount,
          serviceDate: l.serviceDate,
        })),
      );
      await repo.insertBillings(
        tx,
        ids.map((id) => ({
          ticketDocumentId: id,
          invoiceDocumentId: doc.id,
          companyId: ctx.companyId,
          counterpartyCompanyId: locked.operatorId,
        })),
      );
      await appendHistory(
        tx,
        ids.map((id) => ({
          documentId: id,
          companyId: ctx.companyId,
          userId: ctx.userId,
          objectType: 'document',
          operationId: HistoryOperation.FieldTicketBilled,
          newValue: msg.billedBy(`#${doc.id}`),
          details: { invoiceDocumentId: doc.id },
        })),
      );
      await refreshDocumentIndex(tx, doc.id);
      return doc.id;
    });
  } catch (error) {
    await releaseBlobIfUnreferenced(db, deps.blobStore, file).catch(() => undefined);
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'field_ticket_billed', 'A field ticket is already billed.');
    }
    throw error;
  }
  return { invoiceDocumentId: invoiceId, ticketDocumentIds: ids, total, lineCount: ordered.length };
}

/** GET /api/documents/{id}/field-tickets: the tickets an invoice bills (either side). */
export async function ticketsOfInvoice(
  db: Db,
  ctx: TenantContext,
  invoiceDocumentId: number,
): Promise<FieldTicketList> {
  await loadDocument(db, ctx, invoiceDocumentId, { readOnly: true });
  const ids = await repo.ticketIdsBilledBy(db, invoiceDocumentId);
  if (!ids.length) return { items: [], total: 0 };
  const rows = await repo.listPage(db, {
    companyId: ctx.companyId,
    ids,
    billable: false,
    page: 1,
    pageSize: ids.length,
  });
  rows.sort((a, b) => ids.indexOf(a.ticket.documentId) - ids.indexOf(b.ticket.documentId));
  return { items: await summarize(db, ctx, rows), total: rows.length };
}
