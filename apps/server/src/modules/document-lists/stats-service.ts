import {
  DAILY_COUNTS_DAYS,
  MONTHLY_COUNTS_MONTHS,
  RouteStatus,
  routeStatusName,
  type DailyDocumentCounts,
  type DashboardStats,
  type DocumentStatusCounts,
  type InboxUnreadCount,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import {
  countArInvoicesSentByMonth,
  countByDocumentType,
  countByTypeAndStatus,
  countOwnerDocumentsPerDay,
  countSentArInvoicesByStatus,
  countUnreadReceived,
} from './stats-repository';

/** The statuses of the dashboard's payment chart, in its order (spec 3 §4). */
export const paymentChartStatuses = [
  RouteStatus.Sent,
  RouteStatus.Received,
  RouteStatus.Approved,
  RouteStatus.Paid,
  RouteStatus.Rejected,
  RouteStatus.Resubmitted,
  RouteStatus.New,
  // Issue 29 item 2: a disputed invoice is the vendor's to answer (On hold is never the vendor's).
  RouteStatus.Disputed,
];

const statusRef = (id: number) => ({ id, name: routeStatusName(id) });

/** Status tab counts: per (document type, status) over the company's routes of both sides. */
export async function statusCounts(
  db: Db,
  ctx: TenantContext,
  documentTypeId?: number,
): Promise<DocumentStatusCounts> {
  const rows = await countByTypeAndStatus(db, ctx.companyId, documentTypeId);
  return {
    items: rows.map((r) => ({
      documentTypeId: r.document_type_id,
      documentTypeName: r.document_type_name,
      status: statusRef(r.status_id),
      count: r.count,
    })),
  };
}

/** Data of the vendor widgets (spec 3 §3 dashboard data). */
export async function dashboardStats(db: Db, ctx: TenantContext): Promise<DashboardStats> {
  const [byMonth, byType, byStatus] = await Promise.all([
    countArInvoicesSentByMonth(db, ctx.companyId, MONTHLY_COUNTS_MONTHS),
    countByDocumentType(db, ctx.companyId),
    countSentArInvoicesByStatus(db, ctx.companyId, paymentChartStatuses),
  ]);
  const countOf = new Map(byStatus.map((r) => [r.status_id, r.count]));
  return {
    documentsByMonth: byMonth,
    documentsByDocType: byType.map((r) => ({
      documentTypeId: r.document_type_id,
      documentType: r.document_type,
      count: r.count,
    })),
    // Every chart status is listed, zero when the company has none.
    statusCounts: paymentChartStatuses.map((id) => ({
      status: statusRef(id),
      count: countOf.get(id) ?? 0,
    })),
  };
}

/** Per-day counts of owner documents (division orders, 1099s, run and owner statements). */
export async function ownerDocumentCounts(
  db: Db,
  ctx: TenantContext,
  side: 'sent' | 'received',
): Promise<DailyDocumentCounts> {
  const rows = await countOwnerDocumentsPerDay(db, ctx.companyId, side, DAILY_COUNTS_DAYS);
  return {
    items: rows.map((r) => ({
      day: r.day,
      divisionOrderCount: r.division_order_count,
      _1099Count: r.form1099_count,
      runStatementCount: r.run_statement_count,
      ownerStatementCount: r.owner_statement_count,
    })),
  };
}

/** The Inbox link's count: the company's received documents nobody has opened yet. */
export async function inboxUnreadCount(db: Db, ctx: TenantContext): Promise<InboxUnreadCount> {
  return { count: await countUnreadReceived(db, ctx.companyId) };
}
