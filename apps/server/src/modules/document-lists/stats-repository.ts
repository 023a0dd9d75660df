import { sql, type SQL } from 'drizzle-orm';
import { DocumentTypeId, HistoryOperation, RouteStatus } from '@flowline/shared';
import type { Db } from '../../db/client';
import { liveDocument, rowsOf } from './sql-fragments';

/**
 * Aggregates for the home widgets and the status tabs: GROUP BY over one company's
 * `document_routes` rows (live documents only), through the (company_id, document_type_id,
 * route_status_id, document_id) index. Days and months are UTC.
 */

/**
 * When the company sent the document: its publish time when the company owns it (the owner's
 * route is the sent side) and it is live, else null (so it never counts). A scalar subquery keeps
 * it a primary-key lookup per route found through the company index (no scan of documents), and
 * spares reading the route rows for their side.
 */
const sentAt = sql`(SELECT d.published_at FROM documents d
  WHERE d.id = r.document_id AND d.owner_company_id = r.company_id
    AND d.deleted_at IS NULL AND NOT d.is_temporary)`;

const returnedAt = sql`coalesce((SELECT max(h.created_at) FROM document_history h
  WHERE h.document_id = r.document_id AND h.company_id = r.company_id
    AND h.operation_id = ${HistoryOperation.ReturnSigned}), r.updated_at)`;

/** A missing status is New (a literal, so GROUP BY sees one expression). */
const statusOrNew = sql.raw(`coalesce(r.route_status_id, ${RouteStatus.New})`);

const utcDay = (ts: SQL) => sql`date_trunc('day', ${ts} AT TIME ZONE 'UTC')`;
const chartTime = (ts: SQL) => sql`to_char(${ts}, 'YYYY-MM-DD"T"HH24:MI')`;

/** Counts per (document type, status) of all the company's routes; a missing status is New. */
export async function countByTypeAndStatus(db: Db, companyId: number, documentTypeId?: number) {
  const result = await db.execute(sql`
    SELECT r.document_type_id, dt.name AS document_type_name,
      ${statusOrNew} AS status_id, count(*)::int AS count
    FROM document_routes r
    JOIN document_types dt ON dt.id = r.document_type_id
    WHERE r.company_id = ${companyId}
      ${documentTypeId ? sql`AND r.document_type_id = ${documentTypeId}` : sql``}
      AND ${liveDocument}
    GROUP BY r.document_type_id, dt.name, ${statusOrNew}
    ORDER BY r.document_type_id, status_id`);
  return rowsOf<{
    document_type_id: number;
    document_type_name: string;
    status_id: number;
    count: number;
  }>(result);
}

/** AR invoices sent per month (by publish date), the last `months` months with zeros. */
export async function countArInvoicesSentByMonth(db: Db, companyId: number, months: number) {
  const result = await db.execute(sql`
    WITH bounds AS (
      SELECT date_trunc('month', now() AT TIME ZONE 'UTC') AS last,
        date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => ${months - 1}) AS first
    ),
    sent AS (
      SELECT date_trunc('month', ${sentAt} AT TIME ZONE 'UTC') AS month
      FROM document_routes r
      WHERE r.company_id = ${companyId} AND r.document_type_id = ${DocumentTypeId.ArInvoice}
        AND r.route_status_id IS NOT NULL
    ),
    counted AS (
      SELECT month, count(*)::int AS count FROM sent, bounds
      WHERE month >= bounds.first GROUP BY month
    )
    SELECT ${chartTime(sql`m.month`)} AS month, coalesce(c.count, 0)::int AS count
    FROM bounds, generate_series(bounds.first, bounds.last, interval '1 month') AS m(month)
    LEFT JOIN counted c ON c.month = m.month
    ORDER BY m.month`);
  return rowsOf<{ month: string; count: number }>(result);
}

/** The company's documents (both sides) per type, most first. */
export async function countByDocumentType(db: Db, companyId: number) {
  const result = await db.execute(sql`
    SELECT r.document_type_id, dt.name AS document_type, count(*)::int AS count
    FROM document_routes r
    JOIN document_types dt ON dt.id = r.document_type_id
    WHERE r.company_id = ${companyId} AND ${liveDocument}
    GROUP BY r.document_type_id, dt.name
    ORDER BY count DESC, dt.name`);
  return rowsOf<{ document_type_id: number; document_type: string; count: number }>(result);
}

/** AR invoices the company sent (drafts are New) by status, for the given statuses. */
export async function countSentArInvoicesByStatus(db: Db, companyId: number, statuses: number[]) {
  const result = await db.execute(sql`
    SELECT ${statusOrNew} AS status_id, count(*)::int AS count
    FROM document_routes r
    WHERE r.company_id = ${companyId} AND r.document_type_id = ${DocumentTypeId.ArInvoice}
      AND r.side = 'sent'
      AND ${statusOrNew} IN (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})
      AND ${liveDocument}
    GROUP BY ${statusOrNew}`);
  return rowsOf<{ status_id: number; count: number }>(result);
}

const divisionOrders = [DocumentTypeId.DivisionOrder, DocumentTypeId.PendingDivisionOrder];
const ownerTypes = [
  ...divisionOrders,
  DocumentTypeId.Form1099,
  DocumentTypeId.RunStatement,
  DocumentTypeId.OwnerStatement,
];

/**
 * Per-day counts of owner documents over the last `days` days (zeros included). Received: by the
 * day the route was created (the document arrived); sent: by the day it was published.
 */
export async function countOwnerDocumentsPerDay(
  db: Db,
  companyId: number,
  side: 'sent' | 'received',
  days: number,
) {
  // 'sent' is the owner's 'Division Orders Returned': division orders it received and returned,
  // dated when it returned them (the ReturnSigned history entry, else the route's last change).
  const at = side === 'received' ? sql`r.created_at` : returnedAt;
  const inList = (ids: number[]) =>
    sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  const result = await db.execute(sql`
    WITH bounds AS (
      SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AS last,
        date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${days - 1}) AS first
    ),
    docs AS (
      SELECT ${utcDay(at)} AS day, r.document_type_id
      FROM document_routes r, bounds
      WHERE r.company_id = ${companyId} AND r.document_type_id IN ${inList(ownerTypes)}
        ${
          side === 'sent'
            ? sql`AND r.side = 'received' AND r.route_status_id = ${RouteStatus.Returned}
                AND r.document_type_id IN ${inList(divisionOrders)} AND ${liveDocument}`
            : sql`AND r.side = 'received' AND r.created_at >= (bounds.first AT TIME ZONE 'UTC')
                AND ${liveDocument}`
        }
    ),
    counted AS (
      SELECT docs.day,
        count(*) FILTER (WHERE document_type_id IN ${inList(divisionOrders)})::int AS division_order_count,
        count(*) FILTER (WHERE document_type_id = ${DocumentTypeId.Form1099})::int AS form1099_count,
        count(*) FILTER (WHERE document_type_id = ${DocumentTypeId.RunStatement})::int AS run_statement_count,
        count(*) FILTER (WHERE document_type_id = ${DocumentTypeId.OwnerStatement})::int AS owner_statement_count
      FROM docs, bounds WHERE docs.day >= bounds.first GROUP BY docs.day
    )
    SELECT ${chartTime(sql`g.day`)} AS day,
      coalesce(c.division_order_count, 0)::int AS division_order_count,
      coalesce(c.form1099_count, 0)::int AS form1099_count,
      coalesce(c.run_statement_count, 0)::int AS run_statement_count,
      coalesce(c.owner_statement_count, 0)::int AS owner_statement_count
    FROM bounds, generate_series(bounds.first, bounds.last, interval '1 day') AS g(day)
    LEFT JOIN counted c ON c.day = g.day
    ORDER BY g.day`);
  return rowsOf<{
    day: string;
    division_order_count: number;
    form1099_count: number;
    run_statement_count: number;
    owner_statement_count: number;
  }>(result);
}

/** Received documents of the company not opened yet (the navigation's Inbox count). */
export async function countUnreadReceived(db: Db, companyId: number): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM document_routes r
    WHERE r.company_id = ${companyId} AND r.side = 'received' AND NOT r.is_read
      AND ${liveDocument}`);
  const [row] = rowsOf<{ n: number }>(result);
  return Number(row?.n ?? 0);
}
