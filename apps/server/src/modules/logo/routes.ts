import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zIdParam, zLogoUploadResult } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import * as service from './service';
import { receiveLogo } from './upload-reader';

/** The company logo (spec 3 §2, §5, §9); see docs/logo-and-legal-documents.md. */
export const logoRoutes: ApiModule = async (app, { db }) => {
  // Multipart only in this plugin's scope (the global JSON body limit stays 1 MB).
  await app.register(multipart);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['logo'];

  api.post(
    '/companyImage/upload',
    {
      schema: {
        tags,
        summary: 'Uploads the company logo (multipart, one image file); stored as 250×50 PNG',
        consumes: ['multipart/form-data'],
        response: { 200: zLogoUploadResult },
      },
    },
    async (req) => service.uploadLogo(db, requireTenant(req), () => receiveLogo(req)),
  );

  api.delete(
    '/companyImage',
    { schema: { tags, summary: 'Removes the company logo', response: { 204: z.null() } } },
    async (req, reply) => {
      await service.removeLogo(db, requireTenant(req));
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/logo',
    {
      schema: { tags, summary: "The selected company's logo (image/png)", produces: ['image/png'] },
    },
    async (req, reply) => sendLogo(req, reply, requireTenant(req).companyId),
  );

  api.get(
    '/logo/:companyId',
    {
      schema: {
        tags,
        summary:
          "A company's logo (image/png): the selected company's or a connected company's; 204 when it has none",
        params: z.object({ companyId: zIdParam }),
        produces: ['image/png'],
      },
    },
    async (req, reply) => sendLogo(req, reply, req.params.companyId),
  );

  async function sendLogo(req: FastifyRequest, reply: FastifyReply, companyId: number) {
    const logo = await service.getLogo(db, requireTenant(req), companyId);
    if (!logo) return reply.header('cache-control', 'private, no-cache').status(204).send();
    // Revalidated on every use (cheap with the ETag), so a new logo shows at once.
    reply.header('etag', logo.etag).header('cache-control', 'private, no-cache');
    if (req.headers['if-none-match'] === logo.etag) return reply.status(304).send();
    return reply.header('content-type', logo.contentType).send(logo.image);
  }
};
