import type { Notification } from '@flowline/shared';
import type { NotificationRow } from './repository';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    notificationTypeId: row.notificationTypeId,
    sourceCompanyId: row.sourceCompanyId,
    isRead: row.isRead,
    updateDate: row.updatedAt.toISOString(),
    actionId: row.actionId,
    actionData: row.actionData,
  };
}
