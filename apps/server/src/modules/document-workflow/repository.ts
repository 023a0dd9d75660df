import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentMetadata, metadataDefinitions, payments } from '../../db/schema/index';

export type PaymentRow = typeof payments.$inferSelect;

export async function listPayments(db: Db, documentId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.documentId, documentId))
    .orderBy(asc(payments.id));
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment not stored');
  return row;
}

/**
 * Payments minus cancellations, in cents — what is settled: an early-pay discount taken with a
 * payment counts as settled too (docs/payment-runs.md).
 */
export async function paidCents(db: Db, documentId: number): Promise<number> {
  const [row] = await db
    .select({
      cents: sql<string>`coalesce(sum(case when ${payments.isCancellation} then -${payments.amountCents} else ${payments.amountCents} + ${payments.discountCents} end), 0)`,
    })
    .from(payments)
    .where(eq(payments.documentId, documentId));
  return Number(row?.cents ?? 0);
}

/** The document's dollar total (the type's isDollarTotal field) in cents; null when not set. */
export async function documentTotalCents(db: Db, documentId: number): Promise<number | null> {
  const [row] = await db
    .select({ value: documentMetadata.value })
    .from(documentMetadata)
    .innerJoin(
      metadataDefinitions,
      eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
    )
    .where(
      and(eq(documentMetadata.documentId, documentId), eq(metadataDefinitions.isDollarTotal, true)),
    )
    .limit(1);
  return toCents(row?.value ?? null);
}

export function toCents(value: string | null): number | null {
  if (value === null) return null;
  const text = value.replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}
