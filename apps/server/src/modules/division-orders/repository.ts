import { sql, type SQL } from 'drizzle-orm';
import {
  DocumentTypeId,
  RouteStatus,
  type DivisionOrderListFilter,
  type DivisionOrderRow,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import {
  counterpartyName,
  isoTimestamp,
  liveDocument,
  returnKind,
  rowsOf,
  textFilter,
  whereAll,
} from '../document-lists/sql-fragments';

/**
 * The operator's sent pending division orders (issue 31 item 4), read from its own
 * `document_routes` rows (company, type, status index) with the decline and reminders of
 * `division_order_responses` (primary key probe; the reason filter reads its
 * (operator_company_id, decline_reason) index). Every filter is SQL; user text is a parameter.
 */

/** When the order was sent: a signed version keeps its original's date (its root). */
const sentAt = sql`coalesce(d.published_at, (SELECT root.published_at FROM documents root WHERE root.id = d.version_root_id))`;

const response = sql`(CASE WHEN r.route_status_id = ${RouteStatus.Returned} THEN ${returnKind} ELSE 'awaiting' END)`;

/** Whole days since sent, for an order still awaiting (null once returned). */
const daysOutstanding = (now: Date) =>
  sql`(CASE WHEN r.route_status_id = ${RouteStatus.Returned} THEN NULL
    ELSE floor(extract(epoch FROM (${now.toISOString()}::timestamptz - ${sentAt})) / 86400)::int END)`;

function where(companyId: number, f: Partial<DivisionOrderListFilter>, now: Date): SQL {
  return whereAll([
    sql`r.company_id = ${companyId}`,
    sql`r.document_type_id = ${DocumentTypeId.PendingDivisionOrder}`,
    sql`r.side = 'sent'`,
    sql`r.route_status_id IS NOT NULL`,
    f.response === 'awaiting'
      ? sql`r.route_status_id <> ${RouteStatus.Returned}`
      : f.response
        ? sql`r.route_status_id = ${RouteStatus.Returned} AND ${returnKind} = ${f.response}`
        : null,
    f.declineReason
      ? sql`EXISTS (SELECT 1 FROM division_order_responses x2
          WHERE x2.operator_company_id = ${companyId} AND x2.decline_reason = ${f.declineReason}
            AND x2.document_id = r.document_id)`
      : null,
    f.minDaysOutstanding !== undefined
      ? sql`r.route_status_id <> ${RouteStatus.Returned}
          AND ${sentAt} <= ${now.toISOString()}::timestamptz - make_interval(days => ${f.minDaysOutstanding}::int)`
      : null,
    textFilter(f.q),
    liveDocument,
  ]);
}

interface Row {
  id: number;
  owner: string | null;
  property: string | null;
  well: string | null;
  decimal_interest: string | null;
  effective_date: string | null;
  sent_at: string | null;
  response: DivisionOrderRow['response'];
  decline_reason: DivisionOrderRow['declineReason'];
  decline_text: string | null;
  days_outstanding: number | null;
  last_reminded_at: string | null;
  reminder_count: number;
}

const present = (row: Row): DivisionOrderRow => ({
  id: Number(row.id),
  owner: row.owner,
  property: row.property || null,
  well: row.well || null,
  decimalInterest: row.decimal_interest || null,
  effectiveDate: row.effective_date || null,
  sentAt: row.sent_at,
  response: row.response,
  declineReason: row.response === 'unsigned' ? row.decline_reason : null,
  declineText: row.response === 'unsigned' ? row.decline_text : null,
  daysOutstanding: row.days_outstanding === null ? null : Number(row.days_outstanding),
  lastRemindedAt: row.last_reminded_at,
  reminderCount: Number(row.reminder_count ?? 0),
});

const selectRows = (now: Date) => sql`
  SELECT r.document_id AS id, ${counterpartyName} AS owner,
    r.list_values ->> 'docPropertyName' AS property,
    r.list_values ->> 'docWellName' AS well,
    r.list_values ->> 'docDecimalInterest' AS decimal_interest,
    r.list_values ->> 'docEffectiveDate' AS effective_date,
    ${isoTimestamp(sentAt)} AS sent_at,
    ${response} AS response,
    x.decline_reason, x.decline_text,
    ${daysOutstanding(now)} AS days_outstanding,
    ${isoTimestamp(sql`x.last_reminded_at`)} AS last_reminded_at,
    coalesce(x.reminder_count, 0) AS reminder_count
  FROM document_routes r
  JOIN documents d ON d.id = r.document_id
  LEFT JOIN division_order_responses x ON x.document_id = r.document_id`;

export async function findPage(
  db: Db,
  companyId: number,
  f: DivisionOrderListFilter,
  now: Date,
): Promise<{ rows: DivisionOrderRow[]; totalRecords: number }> {
  const w = where(companyId, f, now);
  const [page, count] = await Promise.all([
    db.execute(sql`${selectRows(now)} WHERE ${w}
      ORDER BY r.document_id DESC LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`),
    db.execute(sql`SELECT count(*)::int AS n FROM document_routes r
      JOIN documents d ON d.id = r.document_id WHERE ${w}`),
  ]);
  return {
    rows: rowsOf<Row>(page).map(present),
    totalRecords: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
  };
}

/** Every row matching the filters, in pages of `batch` (the CSV export streams them). */
export async function* allRows(
  db: Db,
  companyId: number,
  f: Partial<DivisionOrderListFilter>,
  now: Date,
  batch = 500,
): AsyncGenerator<DivisionOrderRow[]> {
  const w = where(companyId, f, now);
  let before: number | null = null;
  for (;;) {
    const after: SQL = before === null ? sql`TRUE` : sql`r.document_id < ${before}`;
    const rows = rowsOf<Row>(
      await db.execute(sql`${selectRows(now)} WHERE ${w} AND ${after}
        ORDER BY r.document_id DESC LIMIT ${batch}`),
    ).map(present);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

/** The given ids among this operator's sent pending division orders (others are absent). */
export async function findOwnRows(db: Db, companyId: number, ids: number[], now: Date) {
  if (ids.length === 0)
    return new Map<number, DivisionOrderRow & { ownerCompanyId: number | null }>();
  const result = await db.execute(sql`
    SELECT q.*, d2.receiving_company_id AS owner_company_id FROM (${selectRows(now)}
      WHERE ${where(companyId, {}, now)}
        AND r.document_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})) q
    JOIN documents d2 ON d2.id = q.id`);
  return new Map(
    rowsOf<Row & { owner_company_id: number | null }>(result).map((row) => [
      Number(row.id),
      { ...present(row), ownerCompanyId: row.owner_company_id },
    ]),
  );
}

/**
 * Claims a reminder: sets last_reminded_at when the last one is older than the interval (or
 * none), in the caller's transaction. False when one was sent within the interval.
 */
export async function claimReminder(
  db: Db,
  v: { documentId: number; operatorCompanyId: number; ownerCompanyId: number; now: Date },
  minIntervalHours: number,
): Promise<boolean> {
  const now = v.now.toISOString();
  const result = await db.execute(sql`
    INSERT INTO division_order_responses
      (document_id, operator_company_id, owner_company_id, last_reminded_at, reminder_count, updated_at)
    VALUES (${v.documentId}, ${v.operatorCompanyId}, ${v.ownerCompanyId}, ${now}::timestamptz, 1, ${now}::timestamptz)
    ON CONFLICT (document_id) DO UPDATE SET
      last_reminded_at = EXCLUDED.last_reminded_at,
      reminder_count = division_order_responses.reminder_count + 1,
      updated_at = EXCLUDED.updated_at
    WHERE division_order_responses.last_reminded_at IS NULL
      OR division_order_responses.last_reminded_at <= ${now}::timestamptz - make_interval(hours => ${minIntervalHours}::int)
    RETURNING document_id`);
  return rowsOf(result).length > 0;
}

/**
 * Automatic reminders (the job): every operator with a setting, its awaiting orders sent at least
 * N days ago and not reminded in the last N days (nor in the last day). Across companies, so it
 * runs without a tenant (the runtime role's policies).
 */
export async function findDueAutomaticReminders(db: Db, now: Date, limit = 500) {
  const at = now.toISOString();
  const result = await db.execute(sql`
    SELECT r.document_id AS id, r.company_id AS operator_company_id,
      d.receiving_company_id AS owner_company_id
    FROM division_order_settings s
    JOIN document_routes r ON r.company_id = s.company_id
      AND r.document_type_id = ${DocumentTypeId.PendingDivisionOrder}
      AND r.side = 'sent' AND r.route_status_id IS NOT NULL
      AND r.route_status_id <> ${RouteStatus.Returned}
    JOIN documents d ON d.id = r.document_id
    LEFT JOIN division_order_responses x ON x.document_id = r.document_id
    WHERE s.auto_remind_after_days IS NOT NULL
      AND d.receiving_company_id IS NOT NULL
      AND ${liveDocument}
      AND ${sentAt} <= ${at}::timestamptz - make_interval(days => s.auto_remind_after_days)
      AND (x.last_reminded_at IS NULL
        OR x.last_reminded_at <= ${at}::timestamptz - make_interval(days => greatest(s.auto_remind_after_days, 1)))
    ORDER BY r.document_id
    LIMIT ${limit}`);
  return rowsOf<{ id: number; operator_company_id: number; owner_company_id: number }>(result).map(
    (r) => ({
      id: Number(r.id),
      operatorCompanyId: Number(r.operator_company_id),
      ownerCompanyId: Number(r.owner_company_id),
    }),
  );
}
