import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../document-lists/sql-fragments';
import { accountCodes, documentLineItems, documents, lineItemCoding } from '../../db/schema/index';

/** Line items, the receiver's coding and account codes (docs/line-items.md). */

export type LineRow = typeof documentLineItems.$inferSelect;
export type CodingRow = typeof lineItemCoding.$inferSelect;
export type LineValues = Pick<LineRow, 'description' | 'quantity' | 'unitPrice' | 'amount'>;
export type CodingValues = Pick<
  CodingRow,
  'afe' | 'costCenter' | 'accountCode' | 'well' | 'property'
>;

export async function findLines(db: Db, documentId: number): Promise<LineRow[]> {
  return db
    .select()
    .from(documentLineItems)
    .where(eq(documentLineItems.documentId, documentId))
    .orderBy(asc(documentLineItems.lineNumber));
}

/** The company's coding of a document's lines, by line item id. */
export async function findCoding(
  db: Db,
  companyId: number,
  documentId: number,
): Promise<Map<number, CodingRow>> {
  const rows = await db
    .select()
    .from(lineItemCoding)
    .where(and(eq(lineItemCoding.companyId, companyId), eq(lineItemCoding.documentId, documentId)));
  return new Map(rows.map((r) => [r.lineItemId, r]));
}

export async function updateLine(db: Db, id: number, values: LineValues & LineItemRefs) {
  await db
    .update(documentLineItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documentLineItems.id, id));
}

/** Issue 32: the price-book item, unit and service day a line names (tickets and invoices). */
export type LineItemRefs = Partial<Pick<LineRow, 'itemCode' | 'uom' | 'serviceDate'>>;

/**
 * Inserts the lines in one statement; their ids and line numbers (no second read). The rows go
 * in as one JSON parameter expanded by `jsonb_to_recordset`, not as a VALUES list of nine
 * parameters a line: a 50-line invoice's insert was 450 parameters for drizzle to build and the
 * database to parse and plan (docs/pidx.md 'Speed'). The columns stay typed as before (a value
 * too long for its column is still refused). `ownerCompanyId` is the document's owner (migration
 * 0077; the foreign key refuses any other).
 */
export async function insertLines(
  db: Db,
  rows: (LineValues &
    LineItemRefs & { documentId: number; ownerCompanyId: number; lineNumber: number })[],
): Promise<{ id: number; lineNumber: number }[]> {
  if (!rows.length) return [];
  const json = JSON.stringify(
    rows.map((r) => ({
      document_id: r.documentId,
      owner_company_id: r.ownerCompanyId,
      line_number: r.lineNumber,
      description: r.description,
      quantity: r.quantity,
      unit_price: r.unitPrice,
      amount: r.amount,
      item_code: r.itemCode ?? null,
      uom: r.uom ?? null,
      service_date: r.serviceDate ?? null,
    })),
  );
  const result = await db.execute(sql`
    INSERT INTO document_line_items (document_id, owner_company_id, line_number, description,
      quantity, unit_price, amount, item_code, uom, service_date)
    SELECT document_id, owner_company_id, line_number, description, quantity, unit_price, amount,
      item_code, uom, service_date
    FROM jsonb_to_recordset(${json}::jsonb) AS x(document_id int, owner_company_id int, line_number int,
      description text, quantity text, unit_price text, amount text, item_code text, uom text,
      service_date date)
    RETURNING id, line_number`);
  return rowsOf<{ id: number; line_number: number }>(result).map((r) => ({
    id: Number(r.id),
    lineNumber: Number(r.line_number),
  }));
}

export async function deleteLines(db: Db, ids: number[]) {
  if (ids.length) await db.delete(documentLineItems).where(inArray(documentLineItems.id, ids));
}

/**
 * Copies the sender's lines of one document onto another (a new version; no coding). The copies
 * carry the new document's owner (migration 0077), read once.
 */
export async function copyLines(db: Db, fromId: number, toId: number) {
  await db.delete(documentLineItems).where(eq(documentLineItems.documentId, toId));
  await db.execute(sql`
    INSERT INTO document_line_items (document_id, owner_company_id, line_number, description, quantity, unit_price, amount, item_code, uom, service_date)
    SELECT ${toId}, (SELECT owner_company_id FROM documents WHERE id = ${toId}), line_number,
      description, quantity, unit_price, amount, item_code, uom, service_date
    FROM document_line_items WHERE document_id = ${fromId}
  `);
}

export async function upsertCoding(db: Db, row: typeof lineItemCoding.$inferInsert) {
  await db
    .insert(lineItemCoding)
    .values(row)
    .onConflictDoUpdate({
      target: [lineItemCoding.lineItemId, lineItemCoding.companyId],
      set: {
        afe: row.afe,
        costCenter: row.costCenter,
        accountCode: row.accountCode,
        well: row.well,
        property: row.property,
        updatedByUserId: row.updatedByUserId,
        updatedAt: new Date(),
      },
    });
}

// ---- Account codes ----------------------------------------------------------------------------

/** Type-ahead over the company's active codes of a kind (code or name contains the query). */
export async function searchAccountCodes(
  db: Db,
  companyId: number,
  kind: number,
  query: string | undefined,
  limit: number,
) {
  const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({
      id: accountCodes.id,
      accountKind: accountCodes.accountKind,
      code: accountCodes.code,
      name: accountCodes.name,
    })
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.companyId, companyId),
        eq(accountCodes.accountKind, kind),
        eq(accountCodes.isActive, true),
        pattern
          ? or(ilike(accountCodes.code, pattern), ilike(accountCodes.name, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(accountCodes.code))
    .limit(limit);
}

/** The company's active codes of the given kinds: kind → (lower-cased code → code). */
export async function knownCodes(db: Db, companyId: number, kinds: number[]) {
  const rows = await db
    .select({ kind: accountCodes.accountKind, code: accountCodes.code })
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.companyId, companyId),
        inArray(accountCodes.accountKind, kinds),
        eq(accountCodes.isActive, true),
      ),
    );
  const byKind = new Map<number, Map<string, string>>();
  for (const r of rows) {
    const codes = byKind.get(r.kind) ?? new Map<string, string>();
    codes.set(r.code.toLowerCase(), r.code);
    byKind.set(r.kind, codes);
  }
  return byKind;
}

export async function insertAccountCodes(db: Db, rows: (typeof accountCodes.$inferInsert)[]) {
  if (rows.length) await db.insert(accountCodes).values(rows).onConflictDoNothing();
}

// ---- Suggestions ------------------------------------------------------------------------------

/**
 * The receiver's earlier coding of lines from the same vendor, most used first: each distinct
 * (description, coding) with how often it was used. Only this company's own coding is read.
 */
export async function codingHistory(
  db: Db,
  companyId: number,
  vendorCompanyId: number,
  exceptDocumentId: number,
) {
  const description = sql<string>`lower(trim(coalesce(${documentLineItems.description}, '')))`;
  const uses = sql<number>`count(*)`.mapWith(Number);
  return db
    .select({
      description,
      afe: lineItemCoding.afe,
      costCenter: lineItemCoding.costCenter,
      accountCode: lineItemCoding.accountCode,
      well: lineItemCoding.well,
      property: lineItemCoding.property,
      uses,
    })
    .from(lineItemCoding)
    .innerJoin(documentLineItems, eq(documentLineItems.id, lineItemCoding.lineItemId))
    .innerJoin(documents, eq(documents.id, lineItemCoding.documentId))
    .where(
      and(
        eq(lineItemCoding.companyId, companyId),
        eq(documents.ownerCompanyId, vendorCompanyId),
        ne(documents.id, exceptDocumentId),
      ),
    )
    .groupBy(
      description,
      lineItemCoding.afe,
      lineItemCoding.costCenter,
      lineItemCoding.accountCode,
      lineItemCoding.well,
      lineItemCoding.property,
    )
    .orderBy(desc(uses))
    .limit(200);
}

/**
 * The sender's earlier lines to the same receiving company, most used first: each distinct
 * description with its latest unit price.
 */
export async function earlierSenderLines(
  db: Db,
  ownerCompanyId: number,
  receivingCompanyId: number,
  exceptDocumentId: number,
  limit: number,
) {
  const key = sql<string>`lower(trim(${documentLineItems.description}))`;
  const uses = sql<number>`count(*)`.mapWith(Number);
  return db
    .select({
      description: sql<string>`(array_agg(${documentLineItems.description} order by ${documentLineItems.id} desc))[1]`,
      unitPrice: sql<
        string | null
      >`(array_agg(${documentLineItems.unitPrice} order by ${documentLineItems.id} desc))[1]`,
      uses,
    })
    .from(documentLineItems)
    .innerJoin(documents, eq(documents.id, documentLineItems.documentId))
    .where(
      and(
        eq(documents.ownerCompanyId, ownerCompanyId),
        eq(documents.receivingCompanyId, receivingCompanyId),
        ne(documents.id, exceptDocumentId),
        sql`${documentLineItems.description} IS NOT NULL`,
      ),
    )
    .groupBy(key)
    .orderBy(desc(uses), key)
    .limit(limit);
}

/** The sender's cells of each line, in order (what Send validates). */
export async function findLineValues(db: Db, documentId: number): Promise<LineValues[]> {
  return (await findLines(db, documentId)).map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
  }));
}
