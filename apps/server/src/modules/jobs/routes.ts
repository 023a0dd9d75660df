import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zFailedJobList, zFailedJobsQuery, zJobIdParam, zRetriedJob } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { administratorsOnly } from '../users/admin-only';
import { listFailedJobs, retryFailedJob } from './service';

/** Dead-lettered background jobs and their retry (Administrators; docs/jobs.md). */
export const jobsRoutes: ApiModule = async (app, { db, jobs }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const onRequest = administratorsOnly;

  api.get(
    '/jobs/failed',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Background jobs that failed after their last retry, newest first',
        querystring: zFailedJobsQuery,
        response: { 200: zFailedJobList },
      },
    },
    async (req) => listFailedJobs(db, requireTenant(req), req.query),
  );

  api.post(
    '/jobs/:id/retry',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Queues a failed job again',
        params: zJobIdParam,
        response: { 202: zRetriedJob },
      },
    },
    async (req, reply) =>
      reply.status(202).send(await retryFailedJob(db, jobs, requireTenant(req), req.params.id)),
  );
};
