import path from 'node:path';
import { z } from 'zod';

/** Environment → typed configuration. Every value has a safe default for the embedded mode. */
const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).default(3000),
  /** The address users reach the app at; the embedded issuer and redirects are built on it. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL server; when unset the embedded PGlite database under DATA_DIR/db is used. */
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** External OpenID Connect issuer; when unset the embedded issuer at /oidc serves local accounts. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default('flowline-web'),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_SCOPE: z.string().default('openid profile email offline_access'),
  /** Claim in the access token holding the user's e-mail (external issuers differ). */
  OIDC_EMAIL_CLAIM: z.string().default('email'),
  /** Lifetime of access tokens issued by the embedded issuer. */
  OIDC_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(600),
  /** Allowed browser origins for CORS, comma-separated. Closed (same-origin only) by default. */
  CORS_ORIGINS: z.string().default(''),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Seed demo data when the database is empty (on by default in the embedded mode). */
  SEED_DEMO_DATA: z.enum(['auto', 'always', 'never']).default('auto'),
  /** Flags switched on for every company, comma-separated (e.g. accounting-reports). */
  FEATURE_FLAGS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  logLevel: string;
  oidc: {
    /** True when this process runs the issuer itself. */
    embedded: boolean;
    issuer: string;
    clientId: string;
    audience: string;
    scope: string;
    emailClaim: string;
    accessTokenTtlSeconds: number;
  };
  corsOrigins: string[];
  loginRateLimitPerMinute: number;
  seedDemoData: 'auto' | 'always' | 'never';
  featureFlags: string[];
  smtpUrl: string | null;
  webDistDir: string;
}

const serverRoot = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = zEnv.parse(env);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const embedded = !e.OIDC_ISSUER;
  const issuer = e.OIDC_ISSUER ?? `${publicUrl}/oidc`;
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    logLevel: e.LOG_LEVEL,
    oidc: {
      embedded,
      issuer,
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      scope: e.OIDC_SCOPE,
      emailClaim: e.OIDC_EMAIL_CLAIM,
      accessTokenTtlSeconds: e.OIDC_ACCESS_TOKEN_TTL_SECONDS,
    },
    corsOrigins: list(e.CORS_ORIGINS),
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    seedDemoData: e.SEED_DEMO_DATA,
    featureFlags: list(e.FEATURE_FLAGS),
    smtpUrl: e.SMTP_URL ?? null,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
  };
}
