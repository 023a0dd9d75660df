import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zIdParam, zTerm, zTermUpdate } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { listTerms, updateTerm } from './service';

export const terminologyRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['terminology'];

  api.get(
    '/terminology',
    {
      schema: {
        tags,
        summary: "The company's labels for Profile, Vendor and Connection",
        response: { 200: z.array(zTerm) },
      },
    },
    async (req) => listTerms(db, requireTenant(req)),
  );

  api.put(
    '/terminology/:terminologyId',
    {
      schema: {
        tags,
        summary: 'Renames a term for the company; null or blank restores the default',
        params: z.object({ terminologyId: zIdParam }),
        body: zTermUpdate,
        response: { 200: zTerm },
      },
    },
    async (req) =>
      updateTerm(db, requireTenant(req), req.params.terminologyId, req.body.customizedName),
  );
};
