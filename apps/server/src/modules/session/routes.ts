import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zSession } from '@flowline/shared';
import { companyIdFromHeader, requireUser } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { startSession } from './service';

/** The session start in one round trip (issue 16 item 4; docs/auth-and-tenancy.md). */
export const sessionRoutes: ApiModule = async (app, { db, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/session',
    {
      // 'user': it answers without a company too; a Company-Id is checked by the service.
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          'The session start: companies, the current user and, with a Company-Id, its flags, terminology and whether it has connections',
        response: { 200: zSession },
      },
    },
    async (req) =>
      startSession(
        db,
        requireUser(req),
        companyIdFromHeader(req),
        req.membership,
        config.featureFlags,
        req.log,
      ),
  );
};
