import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zMatchTolerances, zMatchTolerancesInput } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { getMatchTolerances, setMatchTolerances } from './service';

/** Three-way match tolerances (issue 32 item 4): members read them, Administrators set them. */
export const matchTolerancesRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['three-way match'];

  api.get(
    '/matchtolerances',
    {
      schema: {
        tags,
        summary:
          "The company's three-way match tolerances (the defaults until an Administrator sets them)",
        response: { 200: zMatchTolerances },
      },
    },
    async (req) => getMatchTolerances(db, requireTenant(req).companyId),
  );

  api.put(
    '/matchtolerances',
    {
      schema: {
        tags,
        summary: 'Sets the tolerances: quantity ±x %, unit price ±$y, invoice total ±z %',
        body: zMatchTolerancesInput,
        response: { 200: zMatchTolerances },
      },
    },
    async (req) => setMatchTolerances(db, requireTenant(req), req.body),
  );
};
