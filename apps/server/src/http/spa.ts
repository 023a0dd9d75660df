import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../config';

/**
 * Serves the built SPA with a history-mode fallback: any GET that is not the API or the issuer
 * and has no file gets index.html. API paths keep their JSON 404.
 */
export async function registerSpa(app: FastifyInstance, config: AppConfig) {
  const root = config.webDistDir;
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isBackend =
      url === '/api' ||
      url.startsWith('/api/') ||
      url.startsWith('/oidc') ||
      url.startsWith('/dev/');
    if (req.method === 'GET' && !isBackend && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: { message: `No route for ${req.method} ${url}`, code: 'route_not_found' } });
  });
}
