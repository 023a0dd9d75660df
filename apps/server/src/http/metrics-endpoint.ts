import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { Metrics } from '../platform/metrics';

/**
 * Times every API request (route pattern, never the URL: ids would make a series per document)
 * and, when METRICS_TOKEN is set, serves the registry at /metrics to requests bearing it
 * (docs/operations.md). Without the token /metrics answers 404 (not the SPA's page).
 */
export function registerMetricsEndpoint(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | null,
): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route?.startsWith('/api/')) return;
    metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!expected) throw new AppError(404, 'not_found', 'Metrics are not enabled (METRICS_TOKEN).');
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, 'unauthorized', 'The metrics token is missing or wrong.');
    }
    reply.header('content-type', metrics.registry.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}
