import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import middie from '@fastify/middie';
import { appOrigins } from '../../config';
import type { EmbeddedIssuerDeps } from './types';
import { registerAssets } from './assets';
import { OIDC_MOUNT } from './html';
import { registerInteractionRoutes } from './interaction-routes';
import { deleteExpiredPayloads } from './pg-adapter';
import { buildProviderConfiguration } from './provider-config';

export type { EmbeddedIssuerDeps } from './types';
export { createLocalAccount } from './accounts';

const CLEANUP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * oidc-provider warns at import time that Node 20 is not a supported LTS. It runs fine on it (see
 * STACK-NOTES.md), so that one line is dropped; every other warning still reaches the console.
 */
async function importOidcProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

/** Paths under /oidc that Fastify serves itself; everything else is oidc-provider's. */
const isOwnPath = (url: string) => url.startsWith('/interaction/') || url.startsWith('/assets/');

/** The embedded OpenID Connect issuer at /oidc: oidc-provider behind middie, plus our login pages. */
export async function registerEmbeddedIssuer(
  app: FastifyInstance,
  deps: EmbeddedIssuerDeps,
): Promise<void> {
  const { Provider, errors } = await importOidcProvider();
  const provider = new Provider(deps.config.oidc.issuer, buildProviderConfiguration(deps, errors));
  // Koa reads the host and protocol from the forwarded headers, which the mount below always
  // overwrites with PUBLIC_URL's, so a client cannot choose them.
  provider.proxy = true;
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'embedded issuer error'));

  await app.register(
    async (scope) => {
      registerAssets(scope);
      await registerInteractionRoutes(scope, { provider, errors, deps });
    },
    { prefix: OIDC_MOUNT },
  );

  const publicUrl = new URL(deps.config.publicUrl);
  const ownOrigins = appOrigins(deps.config.publicUrl);
  const callback = provider.callback();
  await app.register(middie);
  app.use(
    OIDC_MOUNT,
    (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
      if (isOwnPath(req.url ?? '/')) return next();
      // Endpoint URLs in discovery, redirects and cookies follow the request's host; pin them to the public
      // address so they always match the issuer, whichever host name or proxy the request came through.
      req.headers['x-forwarded-host'] = publicUrl.host;
      req.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
      // Cross-origin calls (token, userinfo, revocation…) are answered for the app's own pages
      // only: another origin gets no CORS headers at all, preflight included.
      const origin = req.headers.origin;
      if (origin && !ownOrigins.includes(origin)) withoutCorsHeaders(res);
      // The client address is only believed from TRUST_PROXY's proxies (Fastify decides).
      if (deps.config.trustProxy === false) delete req.headers['x-forwarded-for'];
      void callback(req, res);
    },
  );

  const cleanup = setInterval(() => {
    deleteExpiredPayloads(deps.db).catch((err: unknown) =>
      app.log.warn({ err }, 'could not delete expired issuer records'),
    );
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}

/** Drops every Access-Control-* header the provider would set on this response. */
function withoutCorsHeaders(res: ServerResponse) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value);
}
