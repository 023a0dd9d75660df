import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PidxIdentifierKind } from '@flowline/shared';
import type { Db } from '../../db/client';
import { LEGAL_SUFFIXES } from '../../db/schema/normalized';
import type { lineItemCoding } from '../../db/schema/index';
import { parties, pidxInvoices, type PidxInvoiceDetails } from '../../db/schema/index';

/** PIDX receiver matching and the PIDX rows of a document (docs/pidx.md). */

export interface ReceiverCandidate {
  id: number;
  name: string;
  connectedCompanyId: number | null;
  isDisconnected: boolean;
  isActive: boolean;
}

const candidate = {
  id: parties.id,
  name: parties.name,
  connectedCompanyId: parties.connectedCompanyId,
  isDisconnected: parties.isDisconnected,
  isActive: parties.isActive,
};

const identifierColumn: Record<PidxIdentifierKind, SQL> = {
  // DUNS numbers are compared by their digits ('12-345-6789' = '123456789').
  duns: sql`regexp_replace(coalesce(${parties.dunsNumber}, ''), '[^0-9]', '', 'g')`,
  buyer: sql`${parties.buyerAssignedId}`,
  seller: sql`${parties.sellerAssignedId}`,
};

/** The sender's connections named by any of the identifiers (active ones first). */
export async function findPartiesByIdentifier(
  db: Db,
  companyId: number,
  identifiers: { kind: PidxIdentifierKind; value: string }[],
): Promise<ReceiverCandidate[]> {
  if (!identifiers.length) return [];
  const matches = identifiers.map(
    ({ kind, value }) =>
      sql`${identifierColumn[kind]} = ${kind === 'duns' ? value.replace(/[^0-9]/g, '') : value.trim()}`,
  );
  return db
    .select(candidate)
    .from(parties)
    .where(and(eq(parties.companyId, companyId), or(...matches)))
    .orderBy(sql`${parties.isActive} desc`, asc(parties.id))
    .limit(5);
}

/** The same normalisation as parties.normalized_name (db/schema/normalized.ts), on a value. */
function normalizedName(value: string): SQL {
  const suffixes = `( (${LEGAL_SUFFIXES.join('|')}))+$`;
  return sql`nullif(regexp_replace(btrim(regexp_replace(regexp_replace(lower(${value}), '[.'']', '', 'g'), '[^a-z0-9]+', ' ', 'g')), ${suffixes}, ''), '')`;
}

export async function findPartiesByName(
  db: Db,
  companyId: number,
  name: string,
): Promise<ReceiverCandidate[]> {
  return db
    .select(candidate)
    .from(parties)
    .where(
      and(
        eq(parties.companyId, companyId),
        sql`${parties.normalizedName} = ${normalizedName(name)}`,
        eq(parties.isActive, true),
      ),
    )
    .orderBy(asc(parties.id))
    .limit(5);
}

export async function insertPidxInvoice(tx: Db, row: typeof pidxInvoices.$inferInsert) {
  await tx.insert(pidxInvoices).values(row);
}

export async function findPidxInvoice(db: Db, documentId: number) {
  const [row] = await db.select().from(pidxInvoices).where(eq(pidxInvoices.documentId, documentId));
  return row ?? null;
}

export type { PidxInvoiceDetails };

/** One JSON parameter, not ten a line (as `insertLines`, docs/pidx.md 'Speed'). */
export async function insertCoding(tx: Db, rows: (typeof lineItemCoding.$inferInsert)[]) {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      line_item_id: r.lineItemId,
      company_id: r.companyId,
      document_id: r.documentId,
      afe: r.afe ?? null,
      cost_center: r.costCenter ?? null,
      account_code: r.accountCode ?? null,
      well: r.well ?? null,
      property: r.property ?? null,
      updated_by_user_id: r.updatedByUserId ?? null,
    })),
  );
  await tx.execute(sql`
    INSERT INTO line_item_coding
      (line_item_id, company_id, document_id, afe, cost_center, account_code, well, property, updated_by_user_id)
    SELECT line_item_id, company_id, document_id, afe, cost_center, account_code, well, property, updated_by_user_id
    FROM jsonb_to_recordset(${json}::jsonb) AS x(line_item_id int, company_id int, document_id int,
      afe text, cost_center text, account_code text, well text, property text, updated_by_user_id int)
    ON CONFLICT DO NOTHING`);
}
