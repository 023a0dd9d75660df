import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zClientException } from '@flowline/shared';
import type { ApiModule } from '../types';

/**
 * The browser reports its errors here (spec 2 §7.4); they go to the structured log with the
 * request id. Neither call sends a Company-Id; a failed sign-in has no token either.
 */
export const clientLogsRoutes: ApiModule = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['client logs'], body: zClientException, response: { 204: z.null() } };
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  api.post(
    '/clientexceptionlogger/exception',
    {
      config: { access: 'user', rateLimit },
      schema: { ...schema, summary: 'Logs a browser error' },
    },
    async (req, reply) => {
      req.log.warn({ clientException: req.body, userId: req.user?.id }, 'client exception');
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/authenticationexceptionlogger/exception',
    {
      config: { access: 'public', rateLimit },
      schema: { ...schema, summary: 'Logs a failed sign-in' },
    },
    async (req, reply) => {
      req.log.warn({ authenticationException: req.body }, 'authentication exception');
      return reply.status(204).send(null);
    },
  );
};
