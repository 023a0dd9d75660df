import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zInboundEmail } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { getInboundEmail } from './service';

/** Administration → Inbound e-mail (issue 30 item 3, docs/inbound-email.md). */
export const inboundEmailRoutes: ApiModule = async (app, { db, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/inbound-email',
    {
      schema: {
        tags: ['interchange'],
        summary:
          "The company's inbound e-mail address, the limits and the 50 most recent deliveries",
        response: { 200: zInboundEmail },
      },
    },
    async (req) => getInboundEmail(db, requireTenant(req), config.inboundMail),
  );
};
