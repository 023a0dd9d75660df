import { withoutTenantScope } from '../../db/tenant-scope';
import { sql } from 'drizzle-orm';
import {
  NotificationType,
  UserType,
  type SystemNotificationInput,
  type SystemNotificationResult,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';

/** Only Global (support) users post system notifications; every other user type is refused. */
export function assertGlobalUser(ctx: TenantContext): void {
  if (ctx.userType !== UserType.Global) {
    throw forbidden('Only Flowline support can post system notifications', 'global_user_required');
  }
}

/**
 * One System notification (type 2) per active, unblocked member of the audience's active
 * companies, in one INSERT … SELECT. The database trigger announces each row, so open sessions
 * show it at once through the pending-system-notifications queue of the shell.
 */
export async function postSystemNotification(
  db: Db,
  ctx: TenantContext,
  input: SystemNotificationInput,
): Promise<SystemNotificationResult> {
  assertGlobalUser(ctx);
  const onlySelected =
    input.audience === 'selectedCompany' ? sql`AND m.company_id = ${ctx.companyId}` : sql``;
  // Deliberately not tenant-scoped for 'allCompanies': a platform-wide notice from support,
  // allowed to Global users only (checked above). Row-level security escape for the same reason.
  const result = await withoutTenantScope(() =>
    db.execute(sql`
    INSERT INTO notifications (company_id, user_id, notification_type_id, title, message)
    SELECT m.company_id, m.user_id, ${NotificationType.System}, ${input.title}, ${input.message}
    FROM memberships m
    JOIN companies c ON c.id = m.company_id
    WHERE m.is_active AND NOT m.blocked AND c.is_active ${onlySelected}
    RETURNING id`),
  );
  // PGlite and node-postgres both answer with `rows`.
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? [];
  return { recipients: rows.length };
}
