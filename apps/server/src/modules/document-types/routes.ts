import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zDocumentTypeDetails,
  zDocumentTypeInstance,
  zDocumentTypeListItem,
  zDocumentTypeListQuery,
  zIdParam,
} from '@flowline/shared';
import type { ApiModule } from '../types';
import * as service from './service';

/** Document types are global reference data (fixed ids); any member of a company may read them. */
export const documentTypesRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['document types'];

  api.get(
    '/documentType',
    {
      schema: {
        tags,
        summary: 'Every document type; with IncludeFullDetails=true also its metadata definitions',
        querystring: zDocumentTypeListQuery,
        response: { 200: z.array(zDocumentTypeListItem) },
      },
    },
    async (req) => service.listDocumentTypes(db, req.query.IncludeFullDetails === 'true'),
  );

  api.get(
    '/documentType/:id',
    {
      schema: {
        tags,
        summary: 'One document type with its metadata definitions and list columns',
        params: z.object({ id: zIdParam }),
        response: { 200: zDocumentTypeDetails },
      },
    },
    async (req) => service.getDocumentType(db, req.params.id),
  );

  api.get(
    '/documentType/template/:id/instance',
    {
      schema: {
        tags,
        summary: 'An empty document of the first type with this template (every value null)',
        params: z.object({ id: zIdParam }),
        response: { 200: zDocumentTypeInstance },
      },
    },
    async (req) => service.getTemplateInstance(db, req.params.id),
  );
};
