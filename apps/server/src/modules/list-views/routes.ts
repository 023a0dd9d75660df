import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zIdParam,
  zListView,
  zListViewInput,
  zListViews,
  zListViewsQuery,
  zListViewUpdate,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { createView, deleteView, listViews, updateView } from './service';

/**
 * Saved views of the document lists (issue 30 item 6, docs/list-views.md). Every member, ReadOnly
 * included: a view is a way of looking at the list, not a change to the company's documents.
 */
export const listViewsRoutes: ApiModule = async (app, { db, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['document lists'];
  const params = z.object({ id: zIdParam });
  const flags = config.featureFlags;

  api.get(
    '/listviews',
    {
      schema: {
        tags,
        summary: "The caller's saved views of a type's list and those shared with the company",
        querystring: zListViewsQuery,
        response: { 200: zListViews },
      },
    },
    async (req) => listViews(db, requireTenant(req), flags, req.query.documentTypeId),
  );

  api.post(
    '/listviews',
    {
      schema: {
        tags,
        summary: 'Saves columns, filters and sort of a type’s list as a named view',
        body: zListViewInput,
        response: { 201: zListView },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createView(db, requireTenant(req), flags, req.body)),
  );

  api.put(
    '/listviews/:id',
    {
      schema: {
        tags,
        summary: 'Changes a view (its owner; a shared view also an Administrator)',
        params,
        body: zListViewUpdate,
        response: { 200: zListView },
      },
    },
    async (req) => updateView(db, requireTenant(req), flags, req.params.id, req.body),
  );

  api.delete(
    '/listviews/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a view (its owner; a shared view also an Administrator)',
        params,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await deleteView(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
