import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zDocumentTypeSummary, zIdParam } from '@flowline/shared';
import { documentTypes } from '../../db/schema/index';
import { notFound } from '../../errors';
import type { ApiModule } from '../types';

const columns = {
  id: documentTypes.id,
  name: documentTypes.name,
  documentTypeTemplateId: documentTypes.templateId,
  lineItemsEnabled: documentTypes.lineItemsEnabled,
  isAccountingReport: documentTypes.isAccountingReport,
  adminOnly: documentTypes.adminOnly,
};

/** Document types are global reference data (fixed ids from the spec); fields come with Documents I. */
export const documentTypesRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/documentType',
    {
      schema: {
        tags: ['document types'],
        summary: 'Every document type',
        querystring: z.object({ IncludeFullDetails: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(zDocumentTypeSummary) },
      },
    },
    async () => db.select(columns).from(documentTypes).orderBy(asc(documentTypes.id)),
  );

  api.get(
    '/documentType/:id',
    {
      schema: {
        tags: ['document types'],
        summary: 'One document type',
        params: z.object({ id: zIdParam }),
        response: { 200: zDocumentTypeSummary },
      },
    },
    async (req) => {
      const [row] = await db
        .select(columns)
        .from(documentTypes)
        .where(eq(documentTypes.id, req.params.id));
      if (!row) throw notFound('Document type not found', 'document_type_not_found');
      return row;
    },
  );
};
