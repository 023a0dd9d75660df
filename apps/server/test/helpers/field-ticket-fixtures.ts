// FIXTURE — field tickets written straight to the database, as the field-tickets API (issue 32
// items 2–3, helper 'tickets-api') leaves them: a type-101 document sent by the vendor, signed and
// approved by the operator (both routes Approved), with line items carrying item code, unit and
// service date; and an AR invoice draft billing tickets (lines + field_ticket_billings rows), as
// the flip makes it. The match tests use the real flip API where it exists (three-way-match.test.ts).
import { eq } from 'drizzle-orm';
import { DocumentTypeId, RouteStatus } from '@flowline/shared';
import type { Db } from '../../src/db/client';
import { documentRoutes, fieldTicketBillings } from '../../src/db/schema/index';
import { insertLines } from '../../src/modules/line-items/repository';
import { buildDocument, type DocumentRow } from './document-factories';
import type { CompanyRow, UserRow } from './factories';

export interface TicketLineFixture {
  itemCode: string;
  description?: string;
  uom: string;
  quantity: string;
  unitPrice: string;
  serviceDate?: string;
}

const amountOf = (quantity: string, unitPrice: string) =>
  (Math.round(Number(quantity) * Number(unitPrice) * 100) / 100).toFixed(2);

/** A signed field ticket the operator approved (FIXTURE). */
export async function buildApprovedTicket(
  db: Db,
  opts: {
    vendor: CompanyRow;
    user?: UserRow;
    operator: CompanyRow;
    partyId: number;
    number: string;
    serviceDate: string;
    afe?: string | null;
    lines: TicketLineFixture[];
    status?: number;
  },
): Promise<DocumentRow> {
  const total = opts.lines
    .reduce((s, l) => s + Number(amountOf(l.quantity, l.unitPrice)), 0)
    .toFixed(2);
  const doc = await buildDocument(db, {
    owner: opts.vendor,
    ...(opts.user ? { user: opts.user } : {}),
    documentTypeId: DocumentTypeId.FieldTicket,
    receiver: opts.operator,
    receivingPartyId: opts.partyId,
    fileName: `${opts.number}.pdf`,
    metadata: {
      docNumber: opts.number,
      docServiceDate: opts.serviceDate,
      docWellName: 'Reeves 12',
      docAFE: opts.afe ?? null,
      docTotal: total,
    },
  });
  await insertLines(
    db,
    opts.lines.map((l, i) => ({
      documentId: doc.id,
      ownerCompanyId: doc.ownerCompanyId,
      lineNumber: i + 1,
      description: l.description ?? l.itemCode,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: amountOf(l.quantity, l.unitPrice),
      itemCode: l.itemCode,
      uom: l.uom,
      serviceDate: l.serviceDate ?? opts.serviceDate,
    })),
  );
  await db
    .update(documentRoutes)
    .set({ routeStatusId: opts.status ?? RouteStatus.Approved })
    .where(eq(documentRoutes.documentId, doc.id));
  return doc;
}

/** An AR invoice draft billing the tickets, as the flip makes it (FIXTURE): lines, billing rows. */
export async function buildInvoiceBilling(
  db: Db,
  opts: {
    vendor: CompanyRow;
    user: UserRow;
    operator: CompanyRow;
    partyId: number;
    metadata: Record<string, string | null>;
    tickets: DocumentRow[];
    lines: (TicketLineFixture & { serviceDate: string })[];
    /** Overrides the total (default Σ amounts). */
    total?: string;
  },
): Promise<DocumentRow> {
  const total =
    opts.total ??
    opts.lines.reduce((s, l) => s + Number(amountOf(l.quantity, l.unitPrice)), 0).toFixed(2);
  const doc = await buildDocument(db, {
    owner: opts.vendor,
    user: opts.user,
    receivingPartyId: opts.partyId,
    metadata: { ...opts.metadata, docTotal: total },
  });
  await insertLines(
    db,
    opts.lines.map((l, i) => ({
      documentId: doc.id,
      ownerCompanyId: doc.ownerCompanyId,
      lineNumber: i + 1,
      description: l.description ?? l.itemCode,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: amountOf(l.quantity, l.unitPrice),
      itemCode: l.itemCode,
      uom: l.uom,
      serviceDate: l.serviceDate,
    })),
  );
  if (opts.tickets.length) {
    await db.insert(fieldTicketBillings).values(
      opts.tickets.map((ticket) => ({
        ticketDocumentId: ticket.id,
        invoiceDocumentId: doc.id,
        companyId: opts.vendor.id,
        counterpartyCompanyId: opts.operator.id,
      })),
    );
  }
  return doc;
}
