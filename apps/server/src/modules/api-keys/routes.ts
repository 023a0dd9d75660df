import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zApiKey, zCreateApiKeyInput, zCreatedApiKey, zIdParam } from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { administratorsOnly } from '../users/admin-only';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

/** API keys of the selected company (Administrators, people only; docs/api-keys.md). */
export const apiKeysRoutes: ApiModule = async (app, { db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api keys'];
  const onRequest = administratorsOnly;

  api.get(
    '/apikeys',
    {
      onRequest,
      schema: { tags, summary: "The company's API keys", response: { 200: z.array(zApiKey) } },
    },
    async (req) => listApiKeys(db, requireTenant(req)),
  );

  api.post(
    '/apikeys',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Creates an API key with a role; the key is in this answer only',
        body: zCreateApiKeyInput,
        response: { 201: zCreatedApiKey },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createApiKey(db, requireTenant(req), req.body)),
  );

  api.delete(
    '/apikeys/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Revokes the key at once',
        params: z.object({ id: zIdParam }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await revokeApiKey(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
