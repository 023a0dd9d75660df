import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zIdParam,
  zNotification,
  zNotificationListQuery,
  zNotificationPage,
  zSystemNotificationInput,
  zSystemNotificationResult,
  zUnreadCount,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import { notFound } from '../../errors';
import type { ApiModule } from '../types';
import { presentNotification } from './presenter';
import { postSystemNotification } from './system-notifications';
import {
  countUnread,
  listNotifications,
  listPendingSystemNotifications,
  markRead,
} from './repository';

export const notificationsRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  api.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'A page of my notifications, newest first',
        querystring: zNotificationListQuery,
        response: { 200: zNotificationPage },
      },
    },
    async (req) => {
      const { page, pageSize } = req.query;
      const result = await listNotifications(db, requireTenant(req), page, pageSize);
      return { ...result, items: result.items.map(presentNotification), pageSize };
    },
  );

  api.get(
    '/notifications/unreadnotifications',
    {
      schema: {
        tags,
        summary: 'How many Regular notifications are unread',
        response: { 200: zUnreadCount },
      },
    },
    async (req) => ({ count: await countUnread(db, requireTenant(req)) }),
  );

  api.get(
    '/notifications/pendingSystemNotifications',
    {
      schema: {
        tags,
        summary: 'Unread System notifications, oldest first',
        response: { 200: z.array(zNotification) },
      },
    },
    async (req) =>
      (await listPendingSystemNotifications(db, requireTenant(req))).map(presentNotification),
  );

  api.post(
    '/notifications/markNotificationAsRead',
    {
      schema: {
        tags,
        summary: 'Marks one of my notifications read',
        querystring: z.object({ notificationId: zIdParam }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      if (!(await markRead(db, requireTenant(req), req.query.notificationId))) {
        throw notFound('Notification not found', 'notification_not_found');
      }
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/notifications/system',
    {
      schema: {
        tags,
        summary:
          'Posts a System notification to every member of all companies or of the selected one (Global users only)',
        body: zSystemNotificationInput,
        response: { 201: zSystemNotificationResult },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await postSystemNotification(db, requireTenant(req), req.body)),
  );
};
