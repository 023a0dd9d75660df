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
    // The spec's 'updateDate' is when the notification was raised; reading it changes updatedAt only.
    updateDate: row.createdAt.toISOString(),
    actionId: row.actionId,
    actionData: row.actionData,
  };
}
