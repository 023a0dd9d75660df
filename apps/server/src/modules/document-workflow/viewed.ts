import { and, eq, inArray } from 'drizzle-orm';
import { RouteStatus, decideWorkflowMove } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { documentRoutes } from '../../db/schema/index';
import type { LoadedDocument } from '../documents/policy';

/**
 * The receiver's first open by one of its own users moves Received to Viewed on both sides (the
 * transition table's 'view'; Global support users leave it). The update matches only the statuses
 * just read, so an approval committed meanwhile is never overwritten. True when it moved.
 */
export async function markViewedOnOpen(
  db: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
): Promise<boolean> {
  const decision = decideWorkflowMove({
    action: 'view',
    templateId: loaded.type.templateId,
    documentTypeId: loaded.type.id,
    routeStatusId: loaded.route.routeStatusId,
    side: loaded.route.side === 'received' ? 'received' : 'sent',
    userType: ctx.userType,
    roles: ctx.roles,
  });
  if (!decision.allowed) return false;
  const moved = await db
    .update(documentRoutes)
    .set({ routeStatusId: RouteStatus.Viewed, updatedAt: new Date() })
    .where(
      and(
        eq(documentRoutes.documentId, loaded.document.id),
        inArray(documentRoutes.routeStatusId, [RouteStatus.Sent, RouteStatus.Received]),
      ),
    )
    .returning({ id: documentRoutes.id });
  return moved.length > 0;
}
