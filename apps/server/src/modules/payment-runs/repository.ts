import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { RouteStatus } from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  companies,
  earlyPayOffers,
  documentMetadata,
  documentRoutes,
  documents,
  metadataDefinitions,
  paymentRuns,
  payments,
  users,
} from '../../db/schema/index';

export type PaymentRunRow = typeof paymentRuns.$inferSelect;

/*
 * Per-document values as correlated subqueries. Written with explicit aliases: drizzle leaves the
 * columns of a single-table query unqualified, which would make `document_id = document_id`.
 */
const paidCentsOf = (documentId: string) =>
  sql<string>`coalesce((select sum(case when p.is_cancellation then -p.amount_cents else p.amount_cents + p.discount_cents end)
    from payments p where p.document_id = ${sql.raw(documentId)}), 0)`;

const metadataValueOf = (documentId: string, key: string) =>
  sql<string | null>`(select dm.value from document_metadata dm
    join metadata_definitions md on md.id = dm.metadata_definition_id
    where dm.document_id = ${sql.raw(documentId)} and md.key = ${key} limit 1)`;

const totalValueOf = (documentId: string) =>
  sql<string | null>`(select dm.value from document_metadata dm
    join metadata_definitions md on md.id = dm.metadata_definition_id
    where dm.document_id = ${sql.raw(documentId)} and md.is_dollar_total limit 1)`;

const ROUTE_DOCUMENT = 'document_routes.document_id';
const PAYMENT_DOCUMENT = 'payments.document_id';

/**
 * The approved invoices this company received through the connection (the vendor), with what is
 * paid of each — one statement (the receiver's routes index by company, party and status).
 */
export async function findCandidates(db: Db, companyId: number, partyId: number, limit = 500) {
  return db
    .select({
      documentId: documentRoutes.documentId,
      docNumber: metadataValueOf(ROUTE_DOCUMENT, 'docNumber'),
      invoiceDate: metadataValueOf(ROUTE_DOCUMENT, 'docInvoiceDate'),
      dueDate: metadataValueOf(ROUTE_DOCUMENT, 'docDueDate'),
      terms: metadataValueOf(ROUTE_DOCUMENT, 'docPaymentTerms'),
      publishedAt: documents.publishedAt,
      total: totalValueOf(ROUTE_DOCUMENT),
      paidCents: paidCentsOf(ROUTE_DOCUMENT),
    })
    .from(documentRoutes)
    .innerJoin(documents, eq(documents.id, documentRoutes.documentId))
    .where(
      and(
        eq(documentRoutes.companyId, companyId),
        eq(documentRoutes.side, 'received'),
        eq(documentRoutes.partyId, partyId),
        eq(documentRoutes.routeStatusId, RouteStatus.Approved),
        sql`${documents.deletedAt} is null`,
      ),
    )
    .orderBy(documentRoutes.documentId)
    .limit(limit);
}

export async function insertRun(db: Db, values: typeof paymentRuns.$inferInsert) {
  const [row] = await db.insert(paymentRuns).values(values).returning();
  if (!row) throw new Error('payment run not stored');
  return row;
}

export async function setRunTotals(
  db: Db,
  id: number,
  totals: { totalCents: number; discountTotalCents: number; invoiceCount: number },
) {
  await db.update(paymentRuns).set(totals).where(eq(paymentRuns.id, id));
}

const runColumns = {
  run: paymentRuns,
  createdByFirst: users.firstName,
  createdByLast: users.lastName,
};

/** A run this company paid or was paid (row-level security hides the others too). */
export async function findRun(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select(runColumns)
    .from(paymentRuns)
    .leftJoin(users, eq(users.id, paymentRuns.createdByUserId))
    .where(
      and(
        eq(paymentRuns.id, id),
        or(eq(paymentRuns.companyId, companyId), eq(paymentRuns.payeeCompanyId, companyId)),
      ),
    );
  return row ?? null;
}

export async function listRuns(
  db: Db,
  companyId: number,
  side: 'paid' | 'received' | undefined,
  page: { offset: number; limit: number },
) {
  const where =
    side === 'paid'
      ? eq(paymentRuns.companyId, companyId)
      : side === 'received'
        ? eq(paymentRuns.payeeCompanyId, companyId)
        : or(eq(paymentRuns.companyId, companyId), eq(paymentRuns.payeeCompanyId, companyId));
  const [rows, [count]] = await Promise.all([
    db
      .select(runColumns)
      .from(paymentRuns)
      .leftJoin(users, eq(users.id, paymentRuns.createdByUserId))
      .where(where)
      .orderBy(desc(paymentRuns.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentRuns)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The run's payments with each invoice's number and total (one statement). */
export async function findRunLines(db: Db, runId: number) {
  return db
    .select({
      documentId: payments.documentId,
      amountCents: payments.amountCents,
      discountCents: payments.discountCents,
      docNumber: metadataValueOf(PAYMENT_DOCUMENT, 'docNumber'),
      total: totalValueOf(PAYMENT_DOCUMENT),
    })
    .from(payments)
    .where(eq(payments.paymentRunId, runId))
    .orderBy(payments.id);
}

export async function companyNames(db: Db, ids: number[]) {
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The invoice number (its 'Doc #'), or null. */
export async function documentNumber(db: Db, documentId: number): Promise<string | null> {
  return documentValue(db, documentId, 'docNumber');
}

/** One metadata value of a document by its key, or null. */
export async function documentValue(
  db: Db,
  documentId: number,
  key: string,
): Promise<string | null> {
  const [row] = await db
    .select({ value: documentMetadata.value })
    .from(documentMetadata)
    .innerJoin(
      metadataDefinitions,
      eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
    )
    .where(and(eq(documentMetadata.documentId, documentId), eq(metadataDefinitions.key, key)))
    .limit(1);
  return row?.value || null;
}

/** Paid minus cancelled of each document, in cents (one statement). */
export async function paidCentsByDocument(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({
      documentId: payments.documentId,
      cents: sql<string>`sum(case when ${payments.isCancellation} then -${payments.amountCents} else ${payments.amountCents} + ${payments.discountCents} end)`,
    })
    .from(payments)
    .where(inArray(payments.documentId, documentIds))
    .groupBy(payments.documentId);
  return new Map(rows.map((r) => [r.documentId, Number(r.cents)]));
}

/** The vendor's early-pay offer to this customer, or null. */
export async function findOffer(db: Db, vendorCompanyId: number, customerCompanyId: number) {
  const [row] = await db
    .select()
    .from(earlyPayOffers)
    .where(
      and(
        eq(earlyPayOffers.companyId, vendorCompanyId),
        eq(earlyPayOffers.customerCompanyId, customerCompanyId),
      ),
    );
  return row ?? null;
}

/** The offers this company makes and the ones made to it, with the other company's name. */
export async function listOffers(db: Db, companyId: number) {
  return db
    .select({ offer: earlyPayOffers, vendorName: companies.name })
    .from(earlyPayOffers)
    .innerJoin(companies, eq(companies.id, earlyPayOffers.companyId))
    .where(
      or(eq(earlyPayOffers.companyId, companyId), eq(earlyPayOffers.customerCompanyId, companyId)),
    )
    .orderBy(earlyPayOffers.id);
}

export async function upsertOffer(db: Db, values: typeof earlyPayOffers.$inferInsert) {
  await db
    .insert(earlyPayOffers)
    .values(values)
    .onConflictDoUpdate({
      target: [earlyPayOffers.companyId, earlyPayOffers.customerCompanyId],
      set: {
        partyId: values.partyId,
        discountPercent: values.discountPercent,
        days: values.days,
        updatedByUserId: values.updatedByUserId,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteOffer(db: Db, companyId: number, customerCompanyId: number) {
  const rows = await db
    .delete(earlyPayOffers)
    .where(
      and(
        eq(earlyPayOffers.companyId, companyId),
        eq(earlyPayOffers.customerCompanyId, customerCompanyId),
      ),
    )
    .returning({ id: earlyPayOffers.id });
  return rows.length > 0;
}
