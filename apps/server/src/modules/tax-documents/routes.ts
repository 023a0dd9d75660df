import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zTaxDocumentListQuery,
  zTaxDocumentPage,
  zTaxYearParam,
  zTaxYears,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import { contentDisposition } from '../downloads/content-disposition';
import type { ApiModule } from '../types';
import { listYear, listYears, yearZip } from './service';

/** The owner's 'Tax documents' (issue 31 item 5): received 1099s by tax year. */
export const taxDocumentRoutes: ApiModule = async (app, { db, blobStore }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tax documents'];

  api.get(
    '/tax-documents/years',
    {
      schema: {
        tags,
        summary: 'The years of the 1099s my company received, each with its count (newest first)',
        response: { 200: zTaxYears },
      },
    },
    async (req) => listYears(db, requireTenant(req)),
  );

  api.get(
    '/tax-documents',
    {
      schema: {
        tags,
        summary: "One tax year's 1099s my company received (paged, newest first)",
        querystring: zTaxDocumentListQuery,
        response: { 200: zTaxDocumentPage },
      },
    },
    async (req) => listYear(db, requireTenant(req), req.query),
  );

  api.get(
    '/tax-documents/:year/zip',
    {
      schema: {
        tags,
        summary: "One tax year's 1099s my company received, as one zip (streamed)",
        params: zTaxYearParam,
      },
    },
    async (req, reply) => {
      const { year } = req.params;
      const zip = await yearZip(db, blobStore, req.log, requireTenant(req), year);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', `1099s-${year}.zip`))
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );
};
