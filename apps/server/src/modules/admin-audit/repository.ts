import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditEvents } from '../../db/schema/index';

export interface AuditPageQuery {
  page: number;
  pageSize: number;
  entityType?: string;
  action?: string;
  actorUserId?: number;
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
}

/** One page of a company's audit, newest first; always scoped by the company. */
export async function findAuditPage(db: Db, companyId: number, q: AuditPageQuery) {
  const where: SQL[] = [eq(adminAuditEvents.companyId, companyId)];
  if (q.entityType) where.push(eq(adminAuditEvents.entityType, q.entityType));
  if (q.action) where.push(eq(adminAuditEvents.action, q.action));
  if (q.actorUserId) where.push(eq(adminAuditEvents.actorUserId, q.actorUserId));
  if (q.from) where.push(gte(adminAuditEvents.createdAt, q.from));
  if (q.before) where.push(lt(adminAuditEvents.createdAt, q.before));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditEvents)
      .where(condition)
      .orderBy(desc(adminAuditEvents.createdAt), desc(adminAuditEvents.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(adminAuditEvents).where(condition),
  ]);
  return { rows, totalRecords: total?.n ?? 0 };
}
