import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { appOrigins, type AppConfig } from '../config';

/** Security headers with a CSP the SPA and the login pages pass, and CORS closed unless configured. */
export async function registerSecurity(app: FastifyInstance, config: AppConfig) {
  const issuerOrigin = new URL(config.oidc.issuer).origin;
  // Real-time updates use a WebSocket to this app only (never any host). A CSP source cannot name
  // an IPv6 address (browsers ignore `ws://[::1]:3000` with a console error); 'self' covers a page
  // opened at one.
  const ownSockets = appOrigins(config.publicUrl)
    .filter((origin) => !origin.includes('['))
    .map((origin) => origin.replace(/^http/, 'ws'));
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", issuerOrigin, ...ownSockets],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", issuerOrigin],
        frameAncestors: ["'self'"],
        formAction: ["'self'", issuerOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    // The embedded issuer's login form posts back and redirects within the same origin.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Company-Id',
      'Idempotency-Key',
      'Flowline-Min-Lsn',
    ],
    exposedHeaders: ['Flowline-Write-Lsn'],
  });
}
