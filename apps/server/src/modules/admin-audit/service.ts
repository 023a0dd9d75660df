import type { z } from 'zod';
import { UserType, adminAuditMessages } from '@flowline/shared';
import type { AdminAuditEvent, AdminAuditPage, zAdminAuditQuery } from '@flowline/shared';
import { assertAdministrator } from '../../auth/policy';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { badRequest, forbidden } from '../../errors';
import { findAuditPage } from './repository';

type ParsedQuery = z.output<typeof zAdminAuditQuery>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A date alone is a whole day in UTC: `from` its start, `to` up to its end. */
const startOf = (s: string) => new Date(DATE_ONLY.test(s) ? `${s}T00:00:00Z` : s);
const endOf = (s: string) =>
  DATE_ONLY.test(s) ? new Date(Date.parse(`${s}T00:00:00Z`) + DAY_MS) : new Date(Date.parse(s) + 1);

/**
 * The company's audit of administration, newest first. Administrators of the company (a Global
 * support user acting in it counts as one); API keys are refused — reading the audit is a
 * person's oversight, not an integration's (docs/admin-audit.md).
 */
export async function listAdminAudit(
  db: Db,
  ctx: TenantContext,
  q: ParsedQuery,
): Promise<AdminAuditPage> {
  assertAdministrator(ctx);
  if (ctx.userType === UserType.ApiKey)
    throw forbidden('API keys cannot read the audit log', 'api_key_forbidden');
  const from = q.from ? startOf(q.from) : undefined;
  const before = q.to ? endOf(q.to) : undefined;
  if (from && before && from >= before)
    throw badRequest(adminAuditMessages.badRange, 'validation_failed', {
      to: adminAuditMessages.badRange,
    });
  const { rows, totalRecords } = await findAuditPage(db, ctx.companyId, {
    page: q.page,
    pageSize: q.pageSize,
    entityType: q.entityType || undefined,
    action: q.action || undefined,
    actorUserId: q.actorUserId,
    from,
    before,
  });
  const items: AdminAuditEvent[] = rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    actorUserId: r.actorUserId,
    actorName: r.actorName,
    actorEmail: r.actorEmail,
    actorType: r.actorType,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    summary: r.summary,
    changes: r.changes,
    requestId: r.requestId,
  }));
  return { items, totalRecords };
}
