import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zErpExportPage, zErpExportQuery } from '@flowline/shared';
import { assertAdministrator } from '../../auth/policy';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { exportApprovedInvoices, exportPageCsv, exportPagePidx } from './service';

/** The ERP export feed (issue 30 item 4; docs/pidx.md 'ERP export feed'). */
export const erpExportRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/exports/ap',
    {
      schema: {
        tags: ['exports'],
        summary:
          "Approved invoices of the caller's company after the cursor (json, csv or pidx), with metadata, lines and coding, and the next cursor; marks them exported",
        querystring: zErpExportQuery,
        produces: ['application/json', 'text/csv', 'application/xml'],
        response: { 200: zErpExportPage },
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      assertAdministrator(ctx);
      const page = await exportApprovedInvoices(db, ctx, req.query);
      if (req.query.format === 'json') return page;
      // The cursors travel in headers beside a CSV or XML body (text, not the JSON schema).
      const raw = reply as FastifyReply;
      raw.header('x-next-cursor', page.nextCursor).header('x-has-more', String(page.hasMore));
      if (req.query.format === 'csv') {
        return raw
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="ap-export-${page.nextCursor}.csv"`)
          .serializer((body: string) => body)
          .send(exportPageCsv(page));
      }
      return raw
        .type('application/xml; charset=utf-8')
        .serializer((body: string) => body)
        .send(exportPagePidx(page));
    },
  );
};
