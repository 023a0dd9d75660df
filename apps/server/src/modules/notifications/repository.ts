import { withoutTenantScope } from '../../db/tenant-scope';
import { and, count, desc, eq } from 'drizzle-orm';
import { NotificationType } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

/** Every query here is scoped to the caller's own notifications in the selected company. */
const mine = (ctx: TenantContext) =>
  and(eq(notifications.companyId, ctx.companyId), eq(notifications.userId, ctx.userId));

export async function listNotifications(
  db: Db,
  ctx: TenantContext,
  page: number,
  pageSize: number,
) {
  const [items, totals, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine(ctx))
      .orderBy(desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(mine(ctx)),
    countUnread(db, ctx),
  ]);
  return { items, totalRecords: totals[0]?.n ?? 0, unreadTotalRecords: unread };
}

/** Unread Regular notifications: the count shown in the account menu (spec 2 §4.3). */
export async function countUnread(db: Db, ctx: TenantContext): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        mine(ctx),
        eq(notifications.isRead, false),
        eq(notifications.notificationTypeId, NotificationType.Regular),
      ),
    );
  return row?.n ?? 0;
}

export async function listPendingSystemNotifications(db: Db, ctx: TenantContext) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        mine(ctx),
        eq(notifications.isRead, false),
        eq(notifications.notificationTypeId, NotificationType.System),
      ),
    )
    .orderBy(notifications.id)
    .limit(50);
}

/** Marks one of the caller's notifications read; false when there is none with that id. */
export async function markRead(db: Db, ctx: TenantContext, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, updatedAt: new Date() }) // updatedAt = when it was read
    .where(and(mine(ctx), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function insertNotification(
  db: Db,
  values: typeof notifications.$inferInsert,
): Promise<NotificationRow> {
  // Row-level security escape: a notification is often for the other company of an exchange;
  // the insert policy allows that, but RETURNING would also need the reading policy to pass.
  const [row] = await withoutTenantScope(() => db.insert(notifications).values(values).returning());
  if (!row) throw new Error('notification not stored');
  return row;
}
