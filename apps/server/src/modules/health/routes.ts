import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zAuthClientConfig, zErrorBody } from '@flowline/shared';
import type { ApiModule } from '../types';

type CheckResult = 'ok' | 'failed' | 'skipped';

/** A readiness check's answer within `ms`: a hung store counts as down, never hangs the probe. */
async function check(probe: () => Promise<unknown>, ms = 2000): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

const zCheck = z.enum(['ok', 'failed', 'skipped']);
const zChecks = z.object({ database: zCheck, blobStore: zCheck, jobs: zCheck });

export const healthRoutes: ApiModule = async (app, { db, database, config, blobStore, jobs }) => {
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
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database, the blob store and (where jobs are worked) the job engine',
        description:
          'For load balancers: 200 when this instance can serve; 503 not_ready (with Retry-After) naming what failed. /api/health stays the liveness probe.',
        response: {
          200: z.object({ status: z.literal('ready'), checks: zChecks }),
          503: zErrorBody.extend({ checks: zChecks }),
        },
      },
    },
    async (_req, reply) => {
      const [databaseCheck, blobStoreCheck] = await Promise.all([
        check(() => db.execute(sql`select 1`)),
        // A read of a key that need not exist: the store answers, whatever the answer.
        check(() => blobStore.exists('health/readiness-probe')),
      ]);
      const checks = {
        database: databaseCheck,
        blobStore: blobStoreCheck,
        jobs: (jobs.runsWorkers ? (jobs.isStarted ? 'ok' : 'failed') : 'skipped') as CheckResult,
      };
      const failed = Object.entries(checks)
        .filter(([, result]) => result === 'failed')
        .map(([name]) => name);
      if (failed.length === 0) return { status: 'ready' as const, checks };
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          error: { message: `Not ready: ${failed.join(', ')} unavailable.`, code: 'not_ready' },
          checks,
        });
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
