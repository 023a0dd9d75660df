import { z } from 'zod';
import { messages } from './common';
import { maxLengthMessage } from './preferences';

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

// ---- System notifications posted by Global (support) users (issue 11 item 20) ---------------

export const SYSTEM_NOTIFICATION_TITLE_MAX = 200;
export const SYSTEM_NOTIFICATION_MESSAGE_MAX = 2000;

/** Who receives it: every active member of every active company, or of the selected one only. */
export const systemNotificationAudiences = ['allCompanies', 'selectedCompany'] as const;
export type SystemNotificationAudience = (typeof systemNotificationAudiences)[number];

const requiredText = (max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, maxLengthMessage(max));

/** POST /notifications/system. */
export const zSystemNotificationInput = z.object({
  title: requiredText(SYSTEM_NOTIFICATION_TITLE_MAX),
  message: requiredText(SYSTEM_NOTIFICATION_MESSAGE_MAX),
  audience: z.enum(systemNotificationAudiences, { error: 'Choose who receives it' }),
});
export type SystemNotificationInput = z.infer<typeof zSystemNotificationInput>;
export type SystemNotificationFormValues = z.input<typeof zSystemNotificationInput>;

/** How many people it was posted to (one notification each). */
export const zSystemNotificationResult = z.object({ recipients: z.number().int().min(0) });
export type SystemNotificationResult = z.infer<typeof zSystemNotificationResult>;
