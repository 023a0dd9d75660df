import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zIdParam, zOcrPage } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { recoverUnfinishedExtractions } from './jobs';
import { getOcrPage } from './ocr-pages';
import { terminateOcr } from './reading/index';

/** The words read from a document's pages (issue 14; docs/document-intelligence.md). */
export const documentOcrRoutes: ApiModule = async (app, { db, jobs }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/DocumentOcr/:documentId/page/:page',
    {
      schema: {
        tags: ['document intelligence'],
        summary: "One page's words with their boxes (page units, top-left origin) as OcrBlock JSON",
        params: z.object({
          documentId: zIdParam,
          page: z.coerce.number().int().positive().max(100_000),
        }),
        response: { 200: zOcrPage },
      },
    },
    async (req) => getOcrPage(db, requireTenant(req), req.params.documentId, req.params.page),
  );

  // Every instance, workers or not, queues again the readings a crash left without a job (the
  // engine has started by now: app.ts starts it before the modules load).
  app.addHook('onReady', async () => {
    const count = await recoverUnfinishedExtractions(db, jobs);
    if (count > 0) app.log.info({ count }, 'queued unfinished document readings again');
  });
  // The OCR worker thread must not outlive the app (tests build and close many).
  app.addHook('onClose', () => terminateOcr());
};
