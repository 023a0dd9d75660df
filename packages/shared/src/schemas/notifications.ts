import { z } from 'zod';

export const NOTIFICATIONS_PAGE_SIZE = 5;

export const zNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  notificationTypeId: z.number().int(),
  sourceCompanyId: z.number().int().nullable(),
  isRead: z.boolean(),
  updateDate: z.string(),
  actionId: z.string().nullable(),
  actionData: z.string().nullable(),
});
export type Notification = z.infer<typeof zNotification>;

export const zNotificationPage = z.object({
  items: z.array(zNotification),
  totalRecords: z.number().int(),
  pageSize: z.number().int(),
  unreadTotalRecords: z.number().int(),
});
export type NotificationPage = z.infer<typeof zNotificationPage>;

export const zNotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
});

export const zUnreadCount = z.object({ count: z.number().int() });
