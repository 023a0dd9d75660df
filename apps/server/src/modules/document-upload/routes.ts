import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zBatchDocumentIds, zBatchDocumentIdsQuery, zUploadResult } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import * as service from './service';
import { receiveDocumentUpload } from './upload-reader';

/** Document upload and batches (spec 1 §7, spec 3 §7); see docs/document-upload-and-files.md. */
export const documentUploadRoutes: ApiModule = async (app, { db, blobStore, config, jobs }) => {
  // Multipart only in this plugin's scope: the file streams, the global 1 MB JSON limit stays.
  // The reader counts bytes itself and reports 413, so busboy's limit only truncates.
  await app.register(multipart, { throwFileSizeLimit: false });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  const maxBytes = config.documentUploadMaxBytes;

  api.post(
    '/documents/upload',
    {
      // Streams are not buffered by Fastify; this only keeps any body limit out of the way.
      bodyLimit: maxBytes + 1024 * 1024,
      schema: {
        tags,
        summary:
          'Uploads a document (or an attachment): multipart `fileUploadData` (JSON) + one `file`',
        consumes: ['multipart/form-data'],
        response: { 201: zUploadResult },
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      try {
        const result = await service.uploadDocument(
          db,
          blobStore,
          ctx,
          (prepare, release) =>
            receiveDocumentUpload(req, blobStore, {
              maxBytes,
              prepare,
              release,
              acceptsType: service.acceptsUploadType,
              refuseType: service.uploadTypeRefusal,
            }),
          undefined,
          jobs,
          { maxReadPages: config.reading.maxPages },
        );
        return await reply.status(201).send(result);
      } catch (error) {
        // Refused before the whole body arrived (403, 413, 415, bad details): answer now and
        // close the connection rather than read up to 500 MB nobody will use.
        if (!req.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  api.get(
    '/batch/getdocumentids',
    {
      schema: {
        tags,
        summary: "Ids of the caller's documents in one upload batch, ascending",
        querystring: zBatchDocumentIdsQuery,
        response: { 200: zBatchDocumentIds },
      },
    },
    async (req) =>
      service.getBatchDocumentIds(db, requireTenant(req), req.query.batchName, req.query.userId),
  );
};
