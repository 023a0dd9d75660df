import path from 'node:path';
import { z } from 'zod';
import { DOCUMENT_UPLOAD_MAX_BYTES } from '@flowline/shared';
import { KeyRing, parseKeyList } from './platform/crypto/envelope';

const zBooleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'Use true or false' })
  .transform((v) => v === 'true' || v === '1');

/** Environment → typed configuration. Every value has a safe default for the embedded mode. */
const zEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Loopback by default; expose with HOST=0.0.0.0 together with a real SMTP_URL. */
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).default(3000),
    /** The address users reach the app at; the embedded issuer and redirects are built on it. */
    PUBLIC_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    /** PostgreSQL server; when unset the embedded PGlite database under DATA_DIR/db is used. */
    DATABASE_URL: z.string().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
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
    /** The unauthenticated /dev/mail page (only without SMTP_URL, only to loopback sockets). */
    DEV_MAILBOX: zBooleanFlag.default(false),
    /**
     * Which proxies may set X-Forwarded-For: unset = none, a number = that many hops,
     * otherwise a comma-separated list of proxy addresses or CIDR ranges.
     */
    TRUST_PROXY: z.string().trim().optional(),
    WEB_DIST_DIR: z.string().optional(),
    /** Largest document upload in bytes (default 500 MB, spec 1 §9); tests lower it. */
    DOCUMENT_UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(DOCUMENT_UPLOAD_MAX_BYTES),
    /**
     * Where queued jobs (mail, sweeps, document extraction) run: `in-process` = in the API
     * process, `off` = this process only queues them and `npm run worker` processes work them.
     */
    JOB_WORKERS: z.enum(['in-process', 'off']).default('in-process'),
    /**
     * How often the process working the queues looks for jobs left active by a process that
     * died (they are retried once their queue's expiry has passed) and archives old jobs.
     */
    JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /**
     * How long a user's notification mails wait to be sent together (one digest when several
     * arrived meanwhile); docs/notifications.md. 0 = at once (tests, e2e).
     */
    NOTIFICATION_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).default(60),
    /** How often files left by interrupted uploads are removed (also once at start); 0 = never. */
    ORPHAN_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
    /** Where files live: `fs` = DATA_DIR/files (embedded), `s3` = an S3-compatible bucket. */
    BLOB_STORE: z.enum(['fs', 's3']).default('fs'),
    S3_BUCKET: z.string().optional(),
    /** Falls back to AWS_REGION, then us-east-1 (S3-compatible servers mostly ignore it). */
    S3_REGION: z.string().optional(),
    /** An S3-compatible server (MinIO, Ceph, R2…); unset = AWS S3. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_FORCE_PATH_STYLE: zBooleanFlag.default(false),
    /** Optional overrides; unset = the standard AWS credential chain (env, profile, IAM role). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /**
     * The PKCS#12 file (certificate + key) that digitally signs returned division orders; unset =
     * a self-signed one generated once into DATA_DIR/signing (docs/signing.md).
     */
    SIGNING_P12_PATH: z.string().optional(),
    SIGNING_P12_PASSPHRASE: z.string().optional(),
    /**
     * Master keys of secrets at rest, `id:base64key,…` (32-byte keys): the first encrypts, all
     * decrypt; unset = one generated once into DATA_DIR/keys (docs/secrets-at-rest.md).
     */
    DATA_ENCRYPTION_KEYS: z.string().trim().optional(),
  })
  .superRefine((e, ctx) => {
    if (!e.DATA_ENCRYPTION_KEYS) return;
    try {
      new KeyRing(parseKeyList(e.DATA_ENCRYPTION_KEYS));
    } catch (error) {
      // The message names the key id, never the key material.
      ctx.addIssue({
        code: 'custom',
        path: ['DATA_ENCRYPTION_KEYS'],
        message: error instanceof Error ? error.message : String(error),
      });
    }
  })
  .refine((e) => e.BLOB_STORE !== 's3' || !!e.S3_BUCKET, {
    path: ['S3_BUCKET'],
    message: 'S3_BUCKET is required when BLOB_STORE=s3',
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
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
  devMailbox: boolean;
  /** Fastify's trustProxy: false, a hop count or a list of proxy addresses. */
  trustProxy: false | number | string[];
  webDistDir: string;
  documentUploadMaxBytes: number;
  orphanSweepIntervalMinutes: number;
  /** Whether this process works the job queues (JOB_WORKERS); docs/jobs.md. */
  jobWorkers: 'in-process' | 'off';
  /** JOB_MAINTENANCE_INTERVAL_SECONDS: how often lost active jobs are expired (docs/jobs.md). */
  jobMaintenanceIntervalSeconds: number;
  /** NOTIFICATION_MAIL_DELAY_SECONDS: the digest window of notification mails. */
  notificationMailDelaySeconds: number;
  /** The blob store: `fs` under DATA_DIR/files, or `s3` with `s3` set. */
  blobStore: 'fs' | 's3';
  s3: S3Config | null;
  /** The signing certificate of returned division orders; null path = the embedded default. */
  signing: { p12Path: string | null; p12Passphrase: string | null };
  /** DATA_ENCRYPTION_KEYS as written; null = the embedded key under DATA_DIR/keys. */
  dataEncryptionKeys: string | null;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Null = the standard AWS credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

const serverRoot = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = zEnv.safeParse(env);
  // One readable line per problem (e.g. "✖ S3_BUCKET is required when BLOB_STORE=s3").
  if (!parsed.success) throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
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
    devMailbox: e.DEV_MAILBOX,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
    documentUploadMaxBytes: e.DOCUMENT_UPLOAD_MAX_BYTES,
    orphanSweepIntervalMinutes: e.ORPHAN_SWEEP_INTERVAL_MINUTES,
    jobWorkers: e.JOB_WORKERS,
    jobMaintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
    notificationMailDelaySeconds: e.NOTIFICATION_MAIL_DELAY_SECONDS,
    blobStore: e.BLOB_STORE,
    s3:
      e.BLOB_STORE === 's3' && e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
            endpoint: e.S3_ENDPOINT ?? null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : null,
          }
        : null,
    signing: {
      p12Path: e.SIGNING_P12_PATH ? path.resolve(e.SIGNING_P12_PATH) : null,
      p12Passphrase: e.SIGNING_P12_PASSPHRASE ?? null,
    },
    dataEncryptionKeys: e.DATA_ENCRYPTION_KEYS || null,
  };
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped form: the socket peer is this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

export function isLoopbackHost(host: string): boolean {
  return isLoopbackAddress(host) || host === 'localhost';
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the app is reached at: PUBLIC_URL's, and when that is a loopback name, the same
 * port under the other loopback names (http://127.0.0.1:3000 is the same machine as localhost).
 */
export function appOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_NAMES.includes(url.hostname) && url.hostname !== '::1') return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_NAMES.map((name) => `${url.protocol}//${name}${port}`);
}
