import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingReportTypeIds,
  exportFileName,
  isDateFormat,
  defaultPreferences,
  PreferenceKey,
  zDocumentListExportQuery,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import { documentListExport } from '../document-lists/service';
import { assertFlag } from '../feature-flags/service';
import { findPreferences } from '../preferences/repository';
import type { ApiModule } from '../types';
import { exportContentTypes, exportStream } from './writer';

/**
 * List exports (issue 30 item 5, docs/list-exports.md): every row of a list with the screen's
 * filters and sort, streamed as CSV or XLSX in the user's date format. Reads only: every member.
 */
export const listExportRoutes: ApiModule = async (app, { readDb: db, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/exports/documents',
    {
      schema: {
        tags: ['document lists'],
        summary:
          'Every row of a document list (Inbox, Sent, All or one type) as CSV or XLSX, with the list’s filters and sort',
        querystring: zDocumentListExportQuery,
        produces: [exportContentTypes.csv, exportContentTypes.xlsx],
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      const q = req.query;
      if (q.documentTypeId !== undefined && accountingReportTypeIds.includes(q.documentTypeId)) {
        await assertFlag(db, ctx.companyId, config.featureFlags, 'accountingReportFlag');
      }
      const [source, stored] = await Promise.all([
        documentListExport(db, ctx, q),
        findPreferences(db, ctx.userId),
      ]);
      const chosen = stored[PreferenceKey.dateFormat];
      const dateFormat = isDateFormat(chosen) ? chosen : defaultPreferences.dateFormat;
      const fileName = exportFileName(source.name, q.format);
      const stream = exportStream(source, { format: q.format, dateFormat, sheetName: source.name });
      return reply
        .header('content-type', exportContentTypes[q.format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
