import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../config';

/** Vite puts content-hashed files under assets/: a new build never reuses a name. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers that only mean something on a document (or a worker's script), dropped from the
 * hashed scripts and styles: ~700 bytes on each of the dozens of files a page loads (issue 16
 * item 4). The pdf.js worker (.mjs) keeps them: a worker's CSP comes from its script's response.
 * X-Content-Type-Options, Cross-Origin-Resource-Policy and Referrer-Policy (a stylesheet's own
 * fetches follow it) stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
];
const SUBRESOURCE = /\.(js|css)(\.br|\.gz)?$/;

/**
 * Serves the built SPA with a history-mode fallback: any GET that is not the API or the issuer
 * and has no file gets index.html. API paths keep their JSON 404. Text assets go out
 * precompressed (brotli or gzip, written at build time, chosen by Accept-Encoding); hashed assets
 * are cached for a year, everything else is revalidated (issue 16 item 4).
 */
export async function registerSpa(app: FastifyInstance, config: AppConfig) {
  const root = config.webDistDir;
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(HASHED_ASSETS);
        res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
        if (hashed && SUBRESOURCE.test(filePath)) {
          for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        }
      },
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
