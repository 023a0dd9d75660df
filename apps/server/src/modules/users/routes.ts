import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zCurrentUser, zWelcomeMessageDisplayed } from '@flowline/shared';
import { companyIdFromHeader, requireTenant, requireUser } from '../../auth/request-context';
import { notFound } from '../../errors';
import type { ApiModule } from '../types';
import { getCurrentUser, recordWelcomeMessageDisplayed } from './service';

export const usersRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users/current',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user; with a Company-Id, their roles in that company',
        response: { 200: zCurrentUser },
      },
    },
    async (req) => getCurrentUser(db, requireUser(req), companyIdFromHeader(req), req.membership),
  );

  api.get(
    '/exchangeusers/external/:externalId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user looked up by the identity provider subject',
        params: z.object({ externalId: z.string().min(1).max(255) }),
        querystring: z.object({ companyId: z.coerce.number().int().positive().optional() }),
        response: { 200: zCurrentUser },
      },
    },
    async (req) => {
      const user = requireUser(req);
      // Only one's own record: another subject looks exactly like an unknown one.
      if (user.externalId !== req.params.externalId)
        throw notFound('User not found', 'user_not_found');
      return getCurrentUser(db, user, req.query.companyId ?? companyIdFromHeader(req));
    },
  );

  api.post(
    '/exchangeusers/welcomeMessageDisplayed',
    {
      schema: {
        tags: ['users'],
        summary: "Reports the welcome dialog's 'Do not show this message again' choice",
        body: zWelcomeMessageDisplayed,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await recordWelcomeMessageDisplayed(db, requireTenant(req), req.body.doNotShowAgain);
      return reply.status(204).send(null);
    },
  );
};
