import { sql } from 'drizzle-orm';
import {
  addDaysToIsoDate,
  DocumentTemplate,
  EARLY_PAY_DAYS_MAX,
  EARLY_PAY_PERCENT_MAX,
  EARLY_PAY_PERCENT_MIN,
  PAYMENT_TERMS_DISCOUNT_PATTERN,
  PAYMENT_TERMS_NET_DAYS_MAX,
  RouteStatus,
  type DiscountSummary,
  type ExpectedCash,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { rowsOf } from '../document-lists/sql-fragments';

/*
 * The payment dashboards (issue 29 item 7, docs/payment-runs.md), each one aggregate statement
 * over the company's own routes: no invoice rows are loaded. Invoices are AR invoices (their
 * type's template) that are not deleted; amounts come from the list columns (`list_values`) the
 * save keeps in step with the metadata, and payments net of cancellations, a discount taken
 * counting as settled.
 */

/** Today as a calendar day (UTC). */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** The Monday of the ISO date's week. */
function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDaysToIsoDate(date, -((day + 6) % 7))!;
}

/** The vendor's open invoices: sent, not rejected, replaced or paid in full. */
const OPEN_SENT = [
  RouteStatus.Sent,
  RouteStatus.Received,
  RouteStatus.Viewed,
  RouteStatus.Approved,
  RouteStatus.Disputed,
];

/** Statuses of a received invoice that is still to be paid. */
const OPEN_RECEIVED = [
  RouteStatus.Received,
  RouteStatus.Viewed,
  RouteStatus.Approved,
  RouteStatus.OnHold,
  RouteStatus.Disputed,
];

const ids = (list: readonly number[]) => sql.raw(list.map(Number).join(', '));

/** The route's invoice total in cents (its type's dollar-total field), null when unreadable. */
const TOTAL_CENTS = sql.raw(`(
  SELECT CASE WHEN t.v ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN round(t.v::numeric * 100) END
  FROM (SELECT regexp_replace(r.list_values ->> md.key, '[$,[:space:]]', '', 'g') AS v
        FROM metadata_definitions md
        WHERE md.document_type_id = r.document_type_id AND md.is_dollar_total
        LIMIT 1) t)`);

/** Paid less cancelled, a discount taken counting as settled. */
const PAID_CENTS = sql.raw(`coalesce((
  SELECT sum(CASE WHEN p.is_cancellation THEN -p.amount_cents ELSE p.amount_cents + p.discount_cents END)
  FROM payments p WHERE p.document_id = r.document_id), 0)`);

const dateOf = (key: string) =>
  sql.raw(
    `CASE WHEN r.list_values ->> '${key}' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN (r.list_values ->> '${key}')::date END`,
  );

const AR_INVOICE_ROUTE = sql`r.document_type_id IN (SELECT dt.id FROM document_types dt WHERE dt.template_id = ${DocumentTemplate.ArInvoice})
  AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = r.document_id AND (d.deleted_at IS NOT NULL OR d.is_temporary))`;

const cents = (v: unknown) => Math.round(Number(v ?? 0)) / 100;

/**
 * GET /payments/expectedCash: what the company's open invoices still bring in, by the week they
 * are due — overdue, then `weeks` Monday-to-Sunday weeks from this one, then later. An invoice
 * without a due date counts as due on its invoice date (as 'Due on receipt').
 */
export async function expectedCash(
  db: Db,
  ctx: TenantContext,
  query: { weeks: number },
  today = todayIso(),
): Promise<ExpectedCash> {
  const monday = mondayOf(today);
  const result = await db.execute(sql`
    WITH open AS (
      SELECT coalesce(${dateOf('docDueDate')}, ${dateOf('docInvoiceDate')}) AS due,
             ${TOTAL_CENTS} - ${PAID_CENTS} AS left_cents
      FROM document_routes r
      WHERE r.company_id = ${ctx.companyId} AND r.side = 'sent'
        AND r.route_status_id IN (${ids(OPEN_SENT)})
        AND ${AR_INVOICE_ROUTE}
    )
    SELECT CASE
             WHEN due IS NULL OR due < ${today}::date THEN -1
             WHEN due >= ${monday}::date + 7 * ${query.weeks} THEN ${query.weeks}
             ELSE (due - ${monday}::date) / 7
           END::int AS bucket,
           sum(left_cents)::text AS cents,
           count(*)::int AS n
    FROM open
    WHERE left_cents > 0
    GROUP BY 1
  `);
  const byBucket = new Map(
    rowsOf<{ bucket: number; cents: string; n: number }>(result).map((r) => [
      Number(r.bucket),
      { amount: cents(r.cents), count: Number(r.n) },
    ]),
  );
  const bucket = (i: number) => byBucket.get(i) ?? { amount: 0, count: 0 };
  const weeks = Array.from({ length: query.weeks }, (_, i) => ({
    weekStart: i === 0 ? today : addDaysToIsoDate(monday, 7 * i)!,
    weekEnd: addDaysToIsoDate(monday, 7 * i + 6)!,
    ...bucket(i),
  }));
  const all = [...byBucket.values()];
  return {
    asOf: today,
    overdue: bucket(-1),
    weeks,
    later: bucket(query.weeks),
    total: {
      amount: Math.round(all.reduce((s, b) => s + b.amount * 100, 0)) / 100,
      count: all.reduce((s, b) => s + b.count, 0),
    },
  };
}

/**
 * GET /payments/discountSummary: the early-pay discounts this company captured (taken in payments
 * dated in the period), missed (offered — by the invoice's terms or the vendor's Early pay
 * agreement — and the window ended in the period without being taken: paid late, paid without it,
 * or not paid) and still available today. The terms are read with the shared parser's pattern and
 * bounds (packages/shared rules/payment-terms.ts); the invoice's own terms come before the
 * agreement, which covers invoices sent from its start.
 */
export async function discountSummary(
  db: Db,
  ctx: TenantContext,
  query: { months: number },
  today = todayIso(),
): Promise<DiscountSummary> {
  const result = await db.execute(sql`
    WITH period AS (
      SELECT (${today}::date - make_interval(months => ${query.months}))::date AS since
    ),
    invoices AS (
      SELECT r.route_status_id, ${dateOf('docInvoiceDate')} AS invoice_date,
             ${TOTAL_CENTS} AS total_cents, ${PAID_CENTS} AS paid_cents,
             EXISTS (SELECT 1 FROM payments p WHERE p.document_id = r.document_id
                     AND NOT p.is_cancellation AND p.discount_cents > 0) AS taken,
             regexp_match(r.list_values ->> 'docPaymentTerms', ${PAYMENT_TERMS_DISCOUNT_PATTERN}, 'i') AS m,
             eo.discount_percent AS agreed_percent, eo.days AS agreed_days
      FROM document_routes r
      JOIN documents d ON d.id = r.document_id
      LEFT JOIN early_pay_offers eo ON eo.company_id = r.counterparty_company_id
        AND eo.customer_company_id = ${ctx.companyId} AND d.published_at >= eo.starts_at
      WHERE r.company_id = ${ctx.companyId} AND r.side = 'received'
        AND r.route_status_id IN (${ids([...OPEN_RECEIVED, RouteStatus.Paid])})
        AND ${AR_INVOICE_ROUTE}
    ),
    terms AS (
      SELECT i.*, (m IS NOT NULL
          AND m[1]::numeric BETWEEN ${EARLY_PAY_PERCENT_MIN} AND ${EARLY_PAY_PERCENT_MAX}
          AND m[2]::int BETWEEN 1 AND ${EARLY_PAY_DAYS_MAX}
          AND m[3]::int <= ${PAYMENT_TERMS_NET_DAYS_MAX}
          AND m[2]::int < m[3]::int) AS by_terms
      FROM invoices i
    ),
    offered AS (
      SELECT t.*,
        CASE WHEN by_terms THEN m[1]::numeric ELSE agreed_percent END AS percent,
        invoice_date + CASE WHEN by_terms THEN m[2]::int ELSE agreed_days END AS until
      FROM terms t
    ),
    missed AS (
      SELECT round(total_cents * percent / 100) AS cents FROM offered, period
      WHERE percent IS NOT NULL AND until IS NOT NULL AND total_cents > 0 AND NOT taken
        AND until < ${today}::date AND until >= period.since
    ),
    available AS (
      SELECT round(total_cents * percent / 100) AS cents FROM offered
      WHERE percent IS NOT NULL AND until IS NOT NULL AND total_cents > 0 AND NOT taken
        AND until >= ${today}::date AND paid_cents = 0
        AND route_status_id <> ${RouteStatus.Paid}
    ),
    captured AS (
      SELECT p.discount_cents AS cents FROM payments p, period
      WHERE p.company_id = ${ctx.companyId} AND NOT p.is_cancellation AND p.discount_cents > 0
        AND p.transaction_date >= period.since AND p.transaction_date <= ${today}::date
    )
    SELECT (SELECT since::text FROM period) AS since,
      (SELECT coalesce(sum(cents), 0)::text FROM captured) AS captured_cents,
      (SELECT count(*)::int FROM captured) AS captured_n,
      (SELECT coalesce(sum(cents), 0)::text FROM missed) AS missed_cents,
      (SELECT count(*)::int FROM missed) AS missed_n,
      (SELECT coalesce(sum(cents), 0)::text FROM available) AS available_cents,
      (SELECT count(*)::int FROM available) AS available_n
  `);
  const row = rowsOf<{
    since: string;
    captured_cents: string;
    captured_n: number;
    missed_cents: string;
    missed_n: number;
    available_cents: string;
    available_n: number;
  }>(result)[0]!;
  return {
    asOf: today,
    since: row.since,
    captured: { amount: cents(row.captured_cents), count: Number(row.captured_n) },
    missed: { amount: cents(row.missed_cents), count: Number(row.missed_n) },
    available: { amount: cents(row.available_cents), count: Number(row.available_n) },
  };
}
