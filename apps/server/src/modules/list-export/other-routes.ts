import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  defaultPreferences,
  exportFileName,
  isDateFormat,
  PreferenceKey,
  zAdminAuditExportQuery,
  zAdminUserExportQuery,
  zConnectionExportQuery,
  zSearchExportQuery,
  type ExportFormat,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import { findPreferences } from '../preferences/repository';
import type { ApiModule } from '../types';
import { administratorsOnly } from '../users/admin-only';
import {
  auditExport,
  connectionsExport,
  searchExport,
  usersExport,
  type NamedExportSource,
} from './other-lists';
import { exportContentTypes, exportStream } from './writer';

/**
 * Exports of search results, connections, users and the audit log (issue 30 item 5,
 * docs/list-exports.md): the list's own filters and roles, every row, CSV or XLSX, streamed.
 */
export const otherListExportRoutes: ApiModule = async (app, { readDb: db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['list exports'];
  const produces = [exportContentTypes.csv, exportContentTypes.xlsx];

  async function send(
    req: FastifyRequest,
    reply: FastifyReply,
    format: ExportFormat,
    source: NamedExportSource,
  ) {
    const stored = await findPreferences(db, requireTenant(req).userId);
    const chosen = stored[PreferenceKey.dateFormat];
    const dateFormat = isDateFormat(chosen) ? chosen : defaultPreferences.dateFormat;
    return reply
      .header('content-type', exportContentTypes[format])
      .header(
        'content-disposition',
        `attachment; filename="${exportFileName(source.name, format)}"`,
      )
      .header('cache-control', 'no-store')
      .send(exportStream(source, { format, dateFormat, sheetName: source.name }));
  }

  api.get(
    '/exports/search',
    {
      schema: {
        tags,
        summary: 'Every document the search finds (best match first) as CSV or XLSX',
        querystring: zSearchExportQuery,
        produces,
      },
    },
    async (req, reply) =>
      send(req, reply, req.query.format, await searchExport(db, requireTenant(req), req.query)),
  );

  api.get(
    '/exports/connections',
    {
      schema: {
        tags,
        summary: 'Every connection with the screen’s filters and sort as CSV or XLSX',
        querystring: zConnectionExportQuery,
        produces,
      },
    },
    async (req, reply) =>
      send(
        req,
        reply,
        req.query.format,
        await connectionsExport(db, requireTenant(req), req.query),
      ),
  );

  api.get(
    '/exports/users',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Every user of the company with the screen’s filters and sort as CSV or XLSX',
        querystring: zAdminUserExportQuery,
        produces,
      },
    },
    async (req, reply) =>
      send(req, reply, req.query.format, await usersExport(db, requireTenant(req), req.query)),
  );

  api.get(
    '/exports/audit',
    {
      onRequest: administratorsOnly,
      schema: {
        tags,
        summary: 'Every audit entry with the screen’s filters, newest first, as CSV or XLSX',
        querystring: zAdminAuditExportQuery,
        produces,
      },
    },
    async (req, reply) =>
      send(req, reply, req.query.format, await auditExport(db, requireTenant(req), req.query)),
  );
};
