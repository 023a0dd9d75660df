import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zBulkDownloadInput, zIdParam } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { documentsZip } from './bulk-zip';
import { contentDisposition } from './content-disposition';
import { sendFile } from './send-file';
import * as service from './service';

const zIdParams = z.object({ id: zIdParam });
const zPdfQuery = z.object({
  /** Show the file instead of downloading it (no Download history; an attachment logs Viewed). */
  inline: z.enum(['true', 'false']).default('false'),
});

/**
 * File fetches (spec 1 §7), bearer + Company-Id like every company route. HEAD is not offered:
 * it would open (and for S3 drain) the blob for nothing.
 */
export const downloadsRoutes: ApiModule = async (app, { db, blobStore }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['downloads'];
  const file = { exposeHeadRoute: false } as const;

  /** A GET of one file by id: the caller's company, the prepared response, then the bytes. */
  const fileById = (
    url: string,
    schema: { summary: string; produces: string[] },
    prepare: typeof service.prepareDocumentFile,
  ) =>
    api.get(
      url,
      { ...file, schema: { tags, params: zIdParams, ...schema } },
      async (req, reply) => {
        const prepared = await prepare(db, blobStore, req.log, requireTenant(req), req.params.id);
        return sendFile(req, reply, prepared.response, prepared.hooks);
      },
    );

  fileById(
    '/documents/:id/file/1',
    {
      summary: "The document's file for the viewer: inline, byte ranges, ETag",
      produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'],
    },
    service.prepareDocumentFile,
  );

  fileById(
    '/download/:id',
    {
      summary: "The document's file as a download (bytes exactly as uploaded)",
      produces: ['application/octet-stream'],
    },
    service.prepareDocumentDownload,
  );

  api.get(
    '/download/attachment/:id',
    {
      ...file,
      schema: {
        tags,
        summary:
          'An attachment file, for a caller who can see its document; inline=true is the preview (history: Viewed)',
        params: zIdParams,
        querystring: zPdfQuery,
        produces: ['application/octet-stream'],
      },
    },
    async (req, reply) => {
      const prepared = await service.prepareAttachmentDownload(
        db,
        blobStore,
        req.log,
        requireTenant(req),
        req.params.id,
        req.query.inline === 'true',
      );
      return sendFile(req, reply, prepared.response, prepared.hooks);
    },
  );

  api.get(
    '/download/:id/pdf',
    {
      ...file,
      schema: {
        tags,
        summary: 'The document as a PDF: a PDF as it is, an image (PNG, JPEG, TIFF) converted',
        params: zIdParams,
        querystring: zPdfQuery,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      const prepared = await service.prepareDocumentPdf(
        db,
        blobStore,
        req.log,
        ctx,
        req.params.id,
        req.query.inline === 'true',
      );
      return sendFile(req, reply, prepared.response, prepared.hooks);
    },
  );

  api.post(
    '/documents/download.zip',
    {
      schema: {
        tags,
        summary:
          "The selected documents' PDFs as one zip (streamed; at most 200; another company's id is a 404 before anything is sent)",
        body: zBulkDownloadInput,
        produces: ['application/zip'],
      },
    },
    async (req, reply) => {
      const zip = await documentsZip(
        db,
        blobStore,
        req.log,
        requireTenant(req),
        req.body.documentIds,
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', `documents-${day}.zip`))
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );
};
