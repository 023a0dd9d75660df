import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DocumentTypeId,
  RouteStatus,
  metadataFieldSeeds,
  routeStatusesOf,
  type FieldTicketStatus,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  companies,
  documentLineItems,
  documentMetadata,
  documentRoutes,
  documents,
  fieldTicketBillings,
  fieldTicketSignoffs,
  fieldTickets,
} from '../../db/schema/index';

/** Field tickets' rows, lines, sign-offs and billings (docs/field-tickets.md). */

export type FieldTicketRow = typeof fieldTickets.$inferSelect;
export type SignoffRow = typeof fieldTicketSignoffs.$inferSelect;
export type LineRow = typeof documentLineItems.$inferSelect;

/** The ticket type's metadata definition ids by key (seeded with fixed ids from packages/shared). */
export const ticketDefinitionIds = new Map(
  metadataFieldSeeds
    .filter((f) => f.documentTypeId === DocumentTypeId.FieldTicket)
    .map((f) => [f.key, f.id] as const),
);

export async function findByClientId(db: Db, companyId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(fieldTickets)
    .where(and(eq(fieldTickets.companyId, companyId), eq(fieldTickets.clientId, clientId)));
  return row ?? null;
}

export async function findTicket(db: Db, documentId: number) {
  const [row] = await db.select().from(fieldTickets).where(eq(fieldTickets.documentId, documentId));
  return row ?? null;
}

/** Serialises creates of one client id (the unique index is the last word). */
export async function lockClientId(tx: Db, companyId: number, clientId: string) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('field-ticket'), hashtext(${`${companyId}:${clientId}`}))`,
  );
}

export async function insertTicket(tx: Db, row: typeof fieldTickets.$inferInsert) {
  await tx.insert(fieldTickets).values(row);
}

export async function updateTicket(
  tx: Db,
  documentId: number,
  values: Partial<typeof fieldTickets.$inferInsert>,
) {
  await tx
    .update(fieldTickets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(fieldTickets.documentId, documentId));
}

export async function findLines(db: Db, documentId: number): Promise<LineRow[]> {
  return db
    .select()
    .from(documentLineItems)
    .where(eq(documentLineItems.documentId, documentId))
    .orderBy(asc(documentLineItems.lineNumber));
}

export async function findLinesOf(db: Db, documentIds: number[]): Promise<LineRow[]> {
  if (!documentIds.length) return [];
  return db
    .select()
    .from(documentLineItems)
    .where(inArray(documentLineItems.documentId, documentIds))
    .orderBy(asc(documentLineItems.documentId), asc(documentLineItems.lineNumber));
}

export async function replaceLines(
  tx: Db,
  doc: { id: number; ownerCompanyId: number },
  rows: Omit<typeof documentLineItems.$inferInsert, 'documentId' | 'ownerCompanyId'>[],
) {
  await tx.delete(documentLineItems).where(eq(documentLineItems.documentId, doc.id));
  if (rows.length)
    await tx
      .insert(documentLineItems)
      .values(rows.map((r) => ({ ...r, documentId: doc.id, ownerCompanyId: doc.ownerCompanyId })));
}

/** The ticket's metadata values by key. */
export async function findMetadata(
  db: Db,
  documentId: number,
): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ id: documentMetadata.metadataDefinitionId, value: documentMetadata.value })
    .from(documentMetadata)
    .where(eq(documentMetadata.documentId, documentId));
  const keyOf = new Map([...ticketDefinitionIds].map(([k, id]) => [id, k]));
  const out = new Map<string, string | null>();
  for (const r of rows) {
    const key = keyOf.get(r.id);
    if (key) out.set(key, r.value);
  }
  return out;
}

/** Writes each value (null clears it). */
export async function writeMetadata(
  tx: Db,
  documentId: number,
  values: Record<string, string | null>,
) {
  const now = new Date();
  const rows = Object.entries(values).map(([key, value]) => {
    const id = ticketDefinitionIds.get(key);
    if (!id) throw new Error(`the field ticket type has no field ${key}`);
    return { documentId, metadataDefinitionId: id, value, updatedAt: now, autoExtracted: false };
  });
  if (!rows.length) return;
  await tx
    .insert(documentMetadata)
    .values(rows)
    .onConflictDoUpdate({
      target: [documentMetadata.documentId, documentMetadata.metadataDefinitionId],
      set: { value: sql`excluded.value`, updatedAt: now, autoExtracted: false },
    });
}

export async function findSignoff(db: Db, documentId: number) {
  const [row] = await db
    .select()
    .from(fieldTicketSignoffs)
    .where(eq(fieldTicketSignoffs.documentId, documentId));
  return row ?? null;
}

export async function insertSignoff(tx: Db, row: typeof fieldTicketSignoffs.$inferInsert) {
  await tx.insert(fieldTicketSignoffs).values(row);
}

export async function companyNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The invoice billing each ticket (a cancelled, i.e. deleted, invoice bills nothing), with its
 * number as the caller's route lists it — null when the caller has no route to the invoice (the
 * operator before the invoice is sent; the vendor for a PIDX invoice e-mailed to the operator).
 */
export async function billingsOf(db: Db, companyId: number, ticketIds: number[]) {
  if (!ticketIds.length)
    return new Map<
      number,
      { invoiceDocumentId: number; invoiceNumber: string | null; visible: boolean }
    >();
  const rows = await db
    .select({
      ticketId: fieldTicketBillings.ticketDocumentId,
      invoiceId: fieldTicketBillings.invoiceDocumentId,
      routeId: documentRoutes.id,
      number: sql<string | null>`${documentRoutes.listValues}->>'docNumber'`,
    })
    .from(fieldTicketBillings)
    // An invoice the caller cannot read (a PIDX invoice e-mailed to the operator, which the
    // vendor holds no route to) still bills the ticket: only a visible, cancelled one frees it.
    .leftJoin(documents, eq(documents.id, fieldTicketBillings.invoiceDocumentId))
    .leftJoin(
      documentRoutes,
      and(
        eq(documentRoutes.documentId, fieldTicketBillings.invoiceDocumentId),
        eq(documentRoutes.companyId, companyId),
      ),
    )
    .where(
      and(
        inArray(fieldTicketBillings.ticketDocumentId, ticketIds),
        sql`${documents.deletedAt} IS NULL`,
      ),
    );
  return new Map(
    rows.map((r) => [
      r.ticketId,
      { invoiceDocumentId: r.invoiceId, invoiceNumber: r.number, visible: r.routeId !== null },
    ]),
  );
}

/** Frees the tickets whose invoice was cancelled (deleted): they may be billed again. */
export async function releaseCancelledBillings(tx: Db, ticketIds: number[]) {
  if (!ticketIds.length) return;
  await tx.execute(sql`
    DELETE FROM field_ticket_billings b USING documents d
    WHERE b.ticket_document_id IN (${sql.join(
      ticketIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND d.id = b.invoice_document_id AND d.deleted_at IS NOT NULL`);
}

export async function insertBillings(tx: Db, rows: (typeof fieldTicketBillings.$inferInsert)[]) {
  await tx.insert(fieldTicketBillings).values(rows);
}

/** The tickets an invoice bills (in billing order). */
export async function ticketIdsBilledBy(db: Db, invoiceDocumentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: fieldTicketBillings.ticketDocumentId })
    .from(fieldTicketBillings)
    .where(eq(fieldTicketBillings.invoiceDocumentId, invoiceDocumentId))
    .orderBy(asc(fieldTicketBillings.createdAt), asc(fieldTicketBillings.ticketDocumentId));
  return rows.map((r) => r.id);
}

/** Locks the tickets' document rows in id order (two flips of one ticket queue here). */
export async function lockDocuments(tx: Db, ids: number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  await tx
    .select({ id: documents.id })
    .from(documents)
    .where(inArray(documents.id, sorted))
    .orderBy(asc(documents.id))
    .for('update');
}

// ---- the list ---------------------------------------------------------------------------------

export interface ListFilter {
  companyId: number;
  side?: 'sent' | 'received' | undefined;
  status?: FieldTicketStatus | undefined;
  partyId?: number | undefined;
  billable: boolean;
  q?: string | undefined;
  /** Only these tickets (an invoice's). */
  ids?: number[] | undefined;
  page: number;
  pageSize: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the company's tickets, newest service day first, counted in the same statement.
 * Driven by the company's routes of the ticket type (a draft has the vendor's route only, so the
 * operator never lists it); the ticket rows give the header.
 */
export async function listPage(db: Db, f: ListFilter) {
  const where: SQL[] = [
    eq(documentRoutes.companyId, f.companyId),
    eq(documentRoutes.documentTypeId, DocumentTypeId.FieldTicket),
    sql`NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = ${documentRoutes.documentId} AND (d.deleted_at IS NOT NULL OR d.is_temporary))`,
  ];
  if (f.side) where.push(eq(documentRoutes.side, f.side));
  if (f.ids) where.push(inArray(documentRoutes.documentId, f.ids.length ? f.ids : [0]));
  if (f.partyId !== undefined) where.push(eq(documentRoutes.partyId, f.partyId));
  if (f.status) {
    const statuses = routeStatusesOf(f.status);
    const ids = statuses.filter((s): s is number => s !== null);
    where.push(
      statuses.includes(null)
        ? sql`(${documentRoutes.routeStatusId} IS NULL OR ${inArray(documentRoutes.routeStatusId, ids)})`
        : inArray(documentRoutes.routeStatusId, ids),
    );
  }
  if (f.billable) {
    where.push(eq(documentRoutes.side, 'sent'));
    where.push(inArray(documentRoutes.routeStatusId, [RouteStatus.Approved, RouteStatus.Paid]));
    where.push(sql`NOT EXISTS (
      SELECT 1 FROM field_ticket_billings b LEFT JOIN documents i ON i.id = b.invoice_document_id
      WHERE b.ticket_document_id = ${documentRoutes.documentId} AND i.deleted_at IS NULL)`);
  }
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    where.push(
      sql`(${fieldTickets.ticketNumber} ILIKE ${pattern} OR ${fieldTickets.wellName} ILIKE ${pattern} OR ${fieldTickets.afe} ILIKE ${pattern})`,
    );
  }
  const rows = await db
    .select({
      ticket: fieldTickets,
      side: documentRoutes.side,
      routeStatusId: documentRoutes.routeStatusId,
      counterpartyCompanyId: documentRoutes.counterpartyCompanyId,
      signerName: fieldTicketSignoffs.signerName,
      signedAt: fieldTicketSignoffs.signedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(documentRoutes)
    .innerJoin(fieldTickets, eq(fieldTickets.documentId, documentRoutes.documentId))
    .leftJoin(fieldTicketSignoffs, eq(fieldTicketSignoffs.documentId, documentRoutes.documentId))
    .where(and(...where))
    .orderBy(sql`${fieldTickets.serviceDate} DESC`, sql`${fieldTickets.documentId} DESC`)
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return rows;
}

/** The count when the page asked for is past the end (count(*) over () has no row then). */
export async function countAll(db: Db, f: ListFilter) {
  const rows = await listPage(db, { ...f, page: 1, pageSize: 1 });
  return rows[0]?.total ?? 0;
}
