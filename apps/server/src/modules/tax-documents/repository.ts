import { sql, type SQL } from 'drizzle-orm';
import { DocumentTypeId, type TaxDocumentRow } from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  counterpartyName,
  isoTimestamp,
  liveDocument,
  rowsOf,
  whereAll,
} from '../document-lists/sql-fragments';

/**
 * The 1099s a company received (issue 31 item 5), read from its own `document_routes` rows
 * (company, type, status index; side 'received', sent only), grouped and paged in SQL.
 */

/**
 * The tax year: the form's Tax Year when it is a four-digit year, else the year (UTC) the
 * document was sent (its upload when it has no send date).
 */
const taxYear = sql`(CASE WHEN r.list_values ->> 'docTaxYear' ~ '^[0-9]{4}$'
  THEN (r.list_values ->> 'docTaxYear')::int
  ELSE extract(year FROM coalesce(d.published_at, d.created_at) AT TIME ZONE 'UTC')::int END)`;

const received = (companyId: number, year?: number): SQL =>
  whereAll([
    sql`r.company_id = ${companyId}`,
    sql`r.document_type_id = ${DocumentTypeId.Form1099}`,
    sql`r.side = 'received'`,
    sql`r.route_status_id IS NOT NULL`,
    liveDocument,
    year === undefined ? null : sql`${taxYear} = ${year}`,
  ]);

const from = sql`FROM document_routes r JOIN documents d ON d.id = r.document_id`;

/** Each year with its count, newest first. */
export async function findYears(db: Db, companyId: number) {
  const result = await db.execute(sql`
    SELECT ${taxYear} AS year, count(*)::int AS count ${from}
    WHERE ${received(companyId)}
    GROUP BY 1 ORDER BY 1 DESC`);
  return rowsOf<{ year: number; count: number }>(result).map((r) => ({
    year: Number(r.year),
    count: Number(r.count),
  }));
}

interface Row {
  id: number;
  year: number;
  form: string | null;
  payer: string | null;
  amount: string | null;
  sent_at: string | null;
  is_read: boolean;
  file_name: string;
}

/** One year's 1099s, a page of them, newest first. */
export async function findPage(
  db: Db,
  companyId: number,
  q: { year: number; page: number; pageSize: number },
): Promise<{ rows: TaxDocumentRow[]; totalRecords: number }> {
  const w = received(companyId, q.year);
  const [page, count] = await Promise.all([
    db.execute(sql`
      SELECT r.document_id AS id, ${taxYear} AS year,
        nullif(r.list_values ->> 'docFormType', '') AS form,
        coalesce(nullif(r.list_values ->> 'docPayerName', ''), ${counterpartyName}) AS payer,
        nullif(r.list_values ->> 'docAmount', '') AS amount,
        ${isoTimestamp(sql`d.published_at`)} AS sent_at,
        r.is_read, d.file_name
      ${from} WHERE ${w}
      ORDER BY r.document_id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`),
    db.execute(sql`SELECT count(*)::int AS n ${from} WHERE ${w}`),
  ]);
  return {
    rows: rowsOf<Row>(page).map((r) => ({
      id: Number(r.id),
      year: Number(r.year),
      form: r.form,
      payer: r.payer,
      amount: r.amount,
      sentAt: r.sent_at,
      isRead: !!r.is_read,
      fileName: r.file_name,
    })),
    totalRecords: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
  };
}

/** The files of a year's 1099s (at most `limit`), oldest first, for the zip. */
export async function findFiles(db: Db, companyId: number, year: number, limit: number) {
  const result = await db.execute(sql`
    SELECT d.id, d.file_key, d.file_name ${from}
    WHERE ${received(companyId, year)}
    ORDER BY d.id LIMIT ${limit}`);
  return rowsOf<{ id: number; file_key: string; file_name: string }>(result).map((r) => ({
    id: Number(r.id),
    fileKey: r.file_key,
    fileName: r.file_name,
  }));
}
