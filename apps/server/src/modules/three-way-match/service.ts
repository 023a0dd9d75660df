import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DocumentTemplate,
  DocumentTypeId,
  HistoryOperation,
  matchMessages,
  RouteStatus,
  type InvoiceMatchDto,
  type MatchExceptionsPage,
  type MatchReasonKind,
  type OperatorMatchDashboard,
  type VendorTicketDashboard,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertCanChangeData } from '../../auth/policy';
import type { Db } from '../../db/client';
import {
  documentMetadata,
  invoiceMatches,
  metadataDefinitions,
  users,
} from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import { appendHistory } from '../document-history/repository';
import { rowsOf } from '../document-lists/sql-fragments';
import { requireVisibleDocument } from '../documents/access';
import * as documents from '../documents/repository';

/**
 * The three-way match's screens (issue 32 items 4–5; docs/three-way-match.md): the operator's
 * exceptions list (paged in SQL), accepting a difference, the document's match panel and the
 * dashboards (SQL aggregates).
 */

/** An exception is open while the invoice waits for people: not approved, disputed or rejected. */
const OPEN_STATUSES = [RouteStatus.Received, RouteStatus.Viewed, RouteStatus.OnHold];
const ids = (list: readonly number[]) => sql.raw(list.map(Number).join(', '));

export interface ExceptionsQuery {
  reason?: MatchReasonKind | undefined;
  vendor?: number | undefined;
  page: number;
  pageSize: number;
}

export async function listExceptions(
  db: Db,
  ctx: TenantContext,
  query: ExceptionsQuery,
): Promise<MatchExceptionsPage> {
  assertCanChangeData(ctx);
  const open = sql`m.company_id = ${ctx.companyId} AND m.verdict = 'exceptions'
      AND m.accepted_at IS NULL AND r.route_status_id IN (${ids(OPEN_STATUSES)})`;
  const filters = sql.join(
    [
      open,
      ...(query.reason ? [sql`${query.reason} = ANY (m.reason_kinds)`] : []),
      ...(query.vendor ? [sql`m.counterparty_company_id = ${query.vendor}`] : []),
    ],
    sql` AND `,
  );
  const page = await db.execute(sql`
    SELECT m.document_id, m.counterparty_company_id, m.reasons, m.reason_kinds, r.route_status_id,
           r.list_values ->> 'docNumber' AS number, r.list_values ->> 'docTotal' AS total,
           r.created_at AS received_at, count(*) OVER () AS total_count
    FROM invoice_matches m
    JOIN document_routes r ON r.document_id = m.document_id AND r.company_id = m.company_id
    WHERE ${filters}
    ORDER BY m.document_id DESC
    LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
  `);
  type Row = {
    document_id: number;
    counterparty_company_id: number | null;
    reasons: string[] | string;
    reason_kinds: string[] | string;
    route_status_id: number | null;
    number: string | null;
    total: string | null;
    received_at: string | Date;
    total_count: string | number;
  };
  const rows = rowsOf<Row>(page);
  let total = rows.length ? Number(rows[0]!.total_count) : 0;
  if (rows.length === 0 && query.page > 1) {
    const counted = await db.execute(sql`
      SELECT count(*) AS n FROM invoice_matches m
      JOIN document_routes r ON r.document_id = m.document_id AND r.company_id = m.company_id
      WHERE ${filters}`);
    total = Number(rowsOf<{ n: string | number }>(counted)[0]?.n ?? 0);
  }
  const vendorRows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT DISTINCT m.counterparty_company_id AS id FROM invoice_matches m
      JOIN document_routes r ON r.document_id = m.document_id AND r.company_id = m.company_id
      WHERE ${open} AND m.counterparty_company_id IS NOT NULL`),
  );
  const names = await documents.findCompanyNames(db, [
    ...vendorRows.map((v) => Number(v.id)),
    ...rows.map((r) => r.counterparty_company_id).filter((v): v is number => v !== null),
  ]);
  const array = (v: string[] | string): string[] =>
    Array.isArray(v) ? v : typeof v === 'string' && v.startsWith('[') ? JSON.parse(v) : pgArray(v);
  return {
    items: rows.map((r) => ({
      documentId: Number(r.document_id),
      invoiceNumber: r.number,
      invoiceTotal: r.total,
      vendor: {
        companyId: r.counterparty_company_id === null ? null : Number(r.counterparty_company_id),
        name:
          r.counterparty_company_id === null
            ? 'Unknown sender'
            : (names.get(Number(r.counterparty_company_id)) ?? ''),
      },
      receivedAt: new Date(r.received_at).toISOString(),
      routeStatusId: r.route_status_id === null ? null : Number(r.route_status_id),
      reasonKinds: array(r.reason_kinds) as MatchReasonKind[],
      reasons: array(r.reasons),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    vendors: vendorRows
      .map((v) => ({ companyId: Number(v.id), name: names.get(Number(v.id)) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** '{a,b}' (a text[] as some drivers return it) → ['a', 'b']. */
function pgArray(text: string): string[] {
  const inner = text.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  return inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}

/** The operator's stored match of one of its received invoices (404 otherwise, never data). */
async function requireMatch(db: Db, ctx: TenantContext, documentId: number) {
  const visible = await requireVisibleDocument(db, ctx.companyId, documentId);
  const [row] =
    visible.route.side === 'received'
      ? await db
          .select()
          .from(invoiceMatches)
          .where(
            and(
              eq(invoiceMatches.documentId, documentId),
              eq(invoiceMatches.companyId, ctx.companyId),
            ),
          )
      : [];
  if (!row) throw notFound(matchMessages.noMatch, 'match_not_found');
  return { visible, row };
}

async function present(
  db: Db,
  row: typeof invoiceMatches.$inferSelect,
  routeStatusId: number | null,
): Promise<InvoiceMatchDto> {
  const numbers = row.ticketDocumentIds.length
    ? await db
        .select({ documentId: documentMetadata.documentId, value: documentMetadata.value })
        .from(documentMetadata)
        .innerJoin(
          metadataDefinitions,
          eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
        )
        .where(
          and(
            inArray(documentMetadata.documentId, row.ticketDocumentIds),
            eq(metadataDefinitions.key, 'docNumber'),
          ),
        )
    : [];
  const numberOf = new Map(numbers.map((n) => [n.documentId, n.value ?? '']));
  const versions = new Map<number, number>();
  for (const l of row.lines) {
    if (l.priceBookVersionId !== null && l.priceBookVersionNumber !== null) {
      versions.set(l.priceBookVersionId, l.priceBookVersionNumber);
    }
  }
  let acceptedBy: string | null = null;
  if (row.acceptedByUserId !== null) {
    const [u] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, row.acceptedByUserId));
    acceptedBy = u ? `${u.firstName} ${u.lastName}`.trim() : null;
  }
  const status: InvoiceMatchDto['status'] =
    row.verdict === 'matched'
      ? 'matched'
      : row.acceptedAt
        ? 'accepted'
        : routeStatusId !== null && OPEN_STATUSES.includes(routeStatusId as 2)
          ? 'open'
          : 'resolved';
  return {
    documentId: row.documentId,
    verdict: row.verdict,
    status,
    touchless: row.touchless,
    reasons: row.reasons,
    reasonKinds: row.reasonKinds as MatchReasonKind[],
    lines: row.lines,
    tickets: row.ticketDocumentIds.map((id) => ({
      documentId: id,
      ticketNumber: numberOf.get(id) || `#${id}`,
    })),
    priceBookVersions: [...versions].map(([id, versionNumber]) => ({ id, versionNumber })),
    expectedTotal: row.expectedTotal,
    matchedAt: row.matchedAt.toISOString(),
    accepted: row.acceptedAt
      ? { at: row.acceptedAt.toISOString(), userName: acceptedBy, comment: row.acceptComment ?? '' }
      : null,
  };
}

/** GET /documents/{id}/match — the operator's 'Three-way match' panel. */
export async function getDocumentMatch(
  db: Db,
  ctx: TenantContext,
  documentId: number,
): Promise<InvoiceMatchDto> {
  const { visible, row } = await requireMatch(db, ctx, documentId);
  return present(db, row, visible.route.routeStatusId);
}

/**
 * POST /match/exceptions/{documentId}/accept — the AP clerk accepts the difference with a
 * comment: history 'Match difference accepted: …', the row leaves the exceptions list and the
 * invoice continues in its approval chain (its status does not change).
 */
export async function acceptException(
  db: Db,
  ctx: TenantContext,
  documentId: number,
  comment: string,
): Promise<InvoiceMatchDto> {
  assertCanChangeData(ctx);
  return db.transaction(async (tx) => {
    const { visible, row } = await requireMatch(tx, ctx, documentId);
    if (row.verdict !== 'exceptions') {
      throw notFound(matchMessages.notFound, 'match_not_found');
    }
    if (row.acceptedAt || !OPEN_STATUSES.includes(visible.route.routeStatusId as 2)) {
      throw new AppError(409, 'match_resolved', matchMessages.notOpen);
    }
    const [updated] = await tx
      .update(invoiceMatches)
      .set({ acceptedAt: new Date(), acceptedByUserId: ctx.userId, acceptComment: comment })
      .where(and(eq(invoiceMatches.documentId, documentId), sql`accepted_at IS NULL`))
      .returning();
    if (!updated) throw new AppError(409, 'match_resolved', matchMessages.notOpen);
    await appendHistory(tx, [
      {
        documentId,
        companyId: ctx.companyId,
        userId: ctx.userId,
        objectType: 'match',
        objectName: 'Three-way match',
        operationId: HistoryOperation.MatchAccepted,
        newValue: matchMessages.accepted(comment),
        details: row.reasons.map((r) => ({ name: 'Exception', newValue: r })),
      },
    ]);
    return present(tx, updated, visible.route.routeStatusId);
  });
}

// ── dashboards (item 5) ─────────────────────────────────────────────────────────────────────────

const AR_INVOICE_ROUTE = sql`r.document_type_id IN (SELECT dt.id FROM document_types dt WHERE dt.template_id = ${DocumentTemplate.ArInvoice})`;
const round1 = (v: unknown) =>
  v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10;
const dateText = (expr: string) =>
  sql.raw(`CASE WHEN ${expr} ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN (${expr})::date END`);

/** GET /match/dashboard — the operator's touchless rate, open exceptions and cycle time. */
export async function operatorDashboard(
  db: Db,
  ctx: TenantContext,
  months: number,
): Promise<OperatorMatchDashboard> {
  const since = sql`date_trunc('month', now()) - make_interval(months => ${months - 1})`;
  const byVendor = rowsOf<{
    vendor: number | null;
    month: string;
    received: string | number;
    touchless: string | number;
  }>(
    await db.execute(sql`
      SELECT r.counterparty_company_id AS vendor, to_char(date_trunc('month', r.created_at), 'YYYY-MM') AS month,
             count(*) AS received, count(*) FILTER (WHERE m.touchless) AS touchless
      FROM document_routes r
      LEFT JOIN invoice_matches m ON m.document_id = r.document_id AND m.company_id = r.company_id
      WHERE r.company_id = ${ctx.companyId} AND r.side = 'received' AND ${AR_INVOICE_ROUTE}
        AND r.created_at >= ${since}
      GROUP BY 1, 2 ORDER BY 2 DESC, 1`),
  );
  const reasons = rowsOf<{ reason: MatchReasonKind; open: string | number }>(
    await db.execute(sql`
      SELECT k AS reason, count(*) AS open
      FROM invoice_matches m
      JOIN document_routes r ON r.document_id = m.document_id AND r.company_id = m.company_id
      CROSS JOIN LATERAL unnest(m.reason_kinds) AS k
      WHERE m.company_id = ${ctx.companyId} AND m.verdict = 'exceptions' AND m.accepted_at IS NULL
        AND r.route_status_id IN (${ids(OPEN_STATUSES)})
      GROUP BY k ORDER BY 2 DESC, 1`),
  );
  const [cycle] = rowsOf<{ n: string | number; median: unknown; p90: unknown }>(
    await db.execute(sql`
      WITH approved AS (
        SELECT r.created_at AS received_at,
               (SELECT min(h.created_at) FROM document_history h
                 WHERE h.document_id = r.document_id AND h.company_id = r.company_id
                   AND h.operation_id = ${HistoryOperation.Approve}) AS approved_at
        FROM document_routes r
        WHERE r.company_id = ${ctx.companyId} AND r.side = 'received' AND ${AR_INVOICE_ROUTE}
          AND r.created_at >= ${since}
          AND r.route_status_id IN (${ids([RouteStatus.Approved, RouteStatus.Paid])})
      )
      SELECT count(*) AS n,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM approved_at - received_at) / 3600) AS median,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM approved_at - received_at) / 3600) AS p90
      FROM approved WHERE approved_at IS NOT NULL`),
  );
  const names = await documents.findCompanyNames(
    db,
    byVendor
      .map((r) => r.vendor)
      .filter((v): v is number => v !== null)
      .map(Number),
  );
  return {
    touchlessByVendorMonth: byVendor.map((r) => {
      const received = Number(r.received);
      const touchless = Number(r.touchless);
      return {
        vendorCompanyId: r.vendor === null ? null : Number(r.vendor),
        vendorName: r.vendor === null ? 'Unknown sender' : (names.get(Number(r.vendor)) ?? ''),
        month: r.month,
        received,
        touchless,
        rate: received === 0 ? 0 : Math.round((touchless / received) * 1000) / 1000,
      };
    }),
    exceptionsByReason: reasons.map((r) => ({ reason: r.reason, open: Number(r.open) })),
    cycleTime: {
      approved: Number(cycle?.n ?? 0),
      medianHours: round1(cycle?.median),
      p90Hours: round1(cycle?.p90),
    },
  };
}

/** GET /match/vendor-dashboard — the vendor's tickets signed vs invoiced and days to cash. */
export async function vendorDashboard(
  db: Db,
  ctx: TenantContext,
  months: number,
): Promise<VendorTicketDashboard> {
  const since = sql`date_trunc('month', now()) - make_interval(months => ${months - 1})`;
  const byMonth = rowsOf<{ month: string; signed: string | number; invoiced: string | number }>(
    await db.execute(sql`
      SELECT to_char(date_trunc('month', d.published_at), 'YYYY-MM') AS month, count(*) AS signed,
             count(*) FILTER (WHERE EXISTS (SELECT 1 FROM field_ticket_billings b
                                            WHERE b.ticket_document_id = r.document_id)) AS invoiced
      FROM document_routes r JOIN documents d ON d.id = r.document_id
      WHERE r.company_id = ${ctx.companyId} AND r.side = 'sent'
        AND r.document_type_id = ${DocumentTypeId.FieldTicket}
        AND d.published_at IS NOT NULL AND d.published_at >= ${since}
      GROUP BY 1 ORDER BY 1 DESC`),
  );
  const [days] = rowsOf<{ t50: unknown; t90: unknown; p50: unknown; p90: unknown }>(
    await db.execute(sql`
      WITH billed AS (
        SELECT ${dateText("r.list_values ->> 'docServiceDate'")} AS service_day,
               inv.published_at::date AS invoiced_day,
               (SELECT min(coalesce(p.transaction_date::date, p.created_at::date)) FROM payments p
                 WHERE p.document_id = inv.id AND NOT p.is_cancellation) AS paid_day
        FROM field_ticket_billings b
        JOIN document_routes r ON r.document_id = b.ticket_document_id AND r.company_id = b.company_id
        JOIN documents inv ON inv.id = b.invoice_document_id
        WHERE b.company_id = ${ctx.companyId} AND inv.published_at IS NOT NULL
          AND inv.published_at >= ${since}
      )
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY invoiced_day - service_day) AS t50,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY invoiced_day - service_day) AS t90,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY paid_day - invoiced_day) FILTER (WHERE paid_day IS NOT NULL) AS p50,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY paid_day - invoiced_day) FILTER (WHERE paid_day IS NOT NULL) AS p90
      FROM billed`),
  );
  const [unbilled] = rowsOf<{ n: string | number }>(
    await db.execute(sql`
      SELECT count(*) AS n FROM document_routes r
      WHERE r.company_id = ${ctx.companyId} AND r.side = 'sent'
        AND r.document_type_id = ${DocumentTypeId.FieldTicket}
        AND r.route_status_id = ${RouteStatus.Approved}
        AND NOT EXISTS (SELECT 1 FROM field_ticket_billings b WHERE b.ticket_document_id = r.document_id)`),
  );
  return {
    byMonth: byMonth.map((r) => ({
      month: r.month,
      signed: Number(r.signed),
      invoiced: Number(r.invoiced),
    })),
    ticketToInvoiceDays: { median: round1(days?.t50), p90: round1(days?.t90) },
    invoiceToPaymentDays: { median: round1(days?.p50), p90: round1(days?.p90) },
    unbilledApproved: Number(unbilled?.n ?? 0),
  };
}
