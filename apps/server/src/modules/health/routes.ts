import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zAuthClientConfig, zErrorBody } from '@flowline/shared';
import type { ApiModule } from '../types';

export const healthRoutes: ApiModule = async (app, { db, database, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        description:
          '503 database_unavailable (with Retry-After) while the database cannot be reached.',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: zErrorBody,
        },
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind };
    },
  );

  api.get(
    '/auth/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'What the SPA needs to start sign-in',
        response: { 200: zAuthClientConfig },
      },
    },
    async () => ({
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      scope: config.oidc.scope,
      audience: config.oidc.embedded ? null : config.oidc.audience,
      postLogoutRedirectPath: '/landingpage',
    }),
  );
};
