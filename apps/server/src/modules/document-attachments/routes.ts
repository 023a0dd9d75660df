import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zDocumentAttachment, zIdParam } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import * as service from './service';

/** /documentAttachments/* (spec 1 §7 Attachments); uploads go through POST /documents/upload. */
export const documentAttachmentsRoutes: ApiModule = async (app, { db, blobStore }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['attachments'];
  const params = z.object({ id: zIdParam });

  api.get(
    '/documentAttachments/document/:id',
    {
      schema: {
        tags,
        summary: 'The attachments of a document, oldest first, with whether the caller may delete',
        params,
        response: { 200: z.array(zDocumentAttachment) },
      },
    },
    async (req) => service.listDocumentAttachments(db, requireTenant(req), req.params.id),
  );

  api.delete(
    '/documentAttachments/:id',
    {
      schema: {
        tags,
        summary: "Deletes one of the company's attachments of a document that is not read-only",
        params,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.deleteDocumentAttachment(
        db,
        blobStore,
        req.log,
        requireTenant(req),
        req.params.id,
      );
      return reply.status(204).send(null);
    },
  );
};
