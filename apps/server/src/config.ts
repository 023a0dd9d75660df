import { BlockList, isIP } from 'node:net';
import os from 'node:os';
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
    /**
     * The schema owner's PostgreSQL connection: migrations (and pg-boss's schema) run with it, so
     * DATABASE_URL can be a runtime role that owns nothing (docs/row-level-security.md).
     */
    DATABASE_MIGRATION_URL: z.string().optional(),
    /**
     * Streaming replicas for the reads that dominate, comma-separated (docs/read-replicas.md);
     * only with DATABASE_URL.
     */
    DATABASE_READ_URL: z.string().optional(),
    /** A replica further behind the primary than this is skipped until it catches up. */
    DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).default(5000),
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
    /** Chat posts a minute per user (all threads) and per thread (both companies together). */
    CHAT_POSTS_PER_MINUTE_PER_USER: z.coerce.number().int().min(1).default(30),
    CHAT_POSTS_PER_MINUTE_PER_THREAD: z.coerce.number().int().min(1).default(20),
    /** Wrong API keys a minute from one client address before its key calls answer 429. */
    API_KEY_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    /** Seed demo data when the database is empty (on by default in the embedded mode). */
    SEED_DEMO_DATA: z.enum(['auto', 'always', 'never']).default('auto'),
    /** Flags switched on for every company, comma-separated (e.g. accounting-reports). */
    FEATURE_FLAGS: z.string().default(''),
    SMTP_URL: z.string().optional(),
    /**
     * Invoices by e-mail (docs/inbound-email.md): the SMTP listener's port; unset = no listener
     * (`npm start` sets 2525), 0 = any free port (tests).
     */
    INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Where the listener binds; loopback by default (a relay in front of it faces the world). */
    INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
    /** Each company receives at <company-code>@<INBOUND_MAIL_DOMAIN>. */
    INBOUND_MAIL_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'INBOUND_MAIL_DOMAIN must be a domain name')
      .default('inbound.flowline.local'),
    /** Largest accepted message (the whole MIME text, attachments base64-encoded). */
    INBOUND_MAIL_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(25 * 1024 * 1024),
    /** Document attachments in one message. */
    INBOUND_MAIL_MAX_ATTACHMENTS: z.coerce.number().int().min(1).max(100).default(10),
    /** Messages one sender address may deliver in any hour (all companies together). */
    INBOUND_MAIL_PER_SENDER_PER_HOUR: z.coerce.number().int().min(1).default(60),
    /** The unauthenticated /dev/mail page (only without SMTP_URL, only to loopback sockets). */
    DEV_MAILBOX: zBooleanFlag.default(false),
    /**
     * Which proxies may set X-Forwarded-For: unset = none; otherwise a comma-separated list of
     * proxy addresses, CIDR ranges or the names loopback, linklocal, uniquelocal. A bare hop
     * count is refused: it cannot check the proxy's own address (Fastify trusts nothing then).
     */
    TRUST_PROXY: z.string().trim().optional(),
    /**
     * With TRUST_PROXY: how many proxies in a row may add to X-Forwarded-For (e.g. 2 for a CDN
     * in front of the load balancer); the nearest one must be a TRUST_PROXY address. Unset =
     * every listed address is trusted, at any depth.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(16).optional(),
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
    /** Documents read at once by this process, and OCR worker threads (docs/document-intelligence.md). */
    READING_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** Pages read per document; later pages are not read (the user is told). */
    READING_MAX_PAGES: z.coerce.number().int().min(1).default(200),
    /**
     * Pages read for one company's documents in any hour; a document past it waits (the user is
     * told) rather than holding the readers. 0 = no quota.
     */
    READING_PAGES_PER_HOUR: z.coerce.number().int().min(0).default(5000),
    /**
     * Pages read in one turn: a longer document is read in batches, each queued again behind other
     * companies' documents, so no backlog holds a reader longer than one batch.
     */
    READING_PAGE_BATCH: z.coerce.number().int().min(1).default(10),
    /**
     * Serves Prometheus metrics at /metrics to requests bearing this token (docs/operations.md);
     * unset = no /metrics at all.
     */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
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
    const problem = trustProxyProblem(e.TRUST_PROXY);
    if (problem) ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: problem });
    if (e.TRUST_PROXY_HOPS !== undefined && !proxyList(e.TRUST_PROXY).length)
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY_HOPS'],
        message: "TRUST_PROXY_HOPS needs TRUST_PROXY: the nearest proxy's address or CIDR range",
      });
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
  /** DATABASE_MIGRATION_URL: the schema owner's connection; null = DATABASE_URL migrates. */
  databaseMigrationUrl: string | null;
  /** DATABASE_READ_URL, split: read replicas (empty = none). */
  databaseReadUrls: string[];
  /** DATABASE_READ_MAX_LAG_MS. */
  databaseReadMaxLagMs: number;
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
  /** Per-minute limits of the API (docs/security.md, 'Rate limits'). */
  rateLimits: { chatPerUser: number; chatPerThread: number; apiKeyFailures: number };
  seedDemoData: 'auto' | 'always' | 'never';
  featureFlags: string[];
  smtpUrl: string | null;
  devMailbox: boolean;
  /** Invoices by e-mail (INBOUND_*; docs/inbound-email.md); port null = no listener. */
  inboundMail: {
    port: number | null;
    host: string;
    domain: string;
    maxBytes: number;
    maxAttachments: number;
    perSenderPerHour: number;
  };
  /**
   * Which proxies may set X-Forwarded-For: false = none, a list of addresses/CIDRs/names, or that
   * list with a hop count (the nearest proxy must be listed). app.ts turns it into Fastify's.
   */
  trustProxy: false | string[] | { addresses: string[]; hops: number };
  webDistDir: string;
  documentUploadMaxBytes: number;
  orphanSweepIntervalMinutes: number;
  /** Whether this process works the job queues (JOB_WORKERS); docs/jobs.md. */
  jobWorkers: 'in-process' | 'off';
  /** JOB_MAINTENANCE_INTERVAL_SECONDS: how often lost active jobs are expired (docs/jobs.md). */
  jobMaintenanceIntervalSeconds: number;
  /** METRICS_TOKEN: the bearer token of /metrics; null = not served. */
  metricsToken: string | null;
  /** Reading documents (issue 28 item 2; docs/document-intelligence.md "Fair and bounded"). */
  reading: {
    /** READING_CONCURRENCY: documents read at once and OCR threads; the CPU count by default. */
    concurrency: number;
    /** READING_MAX_PAGES: pages read per document. */
    maxPages: number;
    /** READING_PAGES_PER_HOUR: pages read per company in any hour (0 = no quota). */
    pagesPerHour: number;
    /** READING_PAGE_BATCH: pages read in one turn of the queue. */
    pageBatch: number;
  };
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
    databaseMigrationUrl: (e.DATABASE_URL && e.DATABASE_MIGRATION_URL) || null,
    databaseReadUrls: e.DATABASE_URL
      ? (e.DATABASE_READ_URL ?? '')
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean)
      : [],
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
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
    rateLimits: {
      chatPerUser: e.CHAT_POSTS_PER_MINUTE_PER_USER,
      chatPerThread: e.CHAT_POSTS_PER_MINUTE_PER_THREAD,
      apiKeyFailures: e.API_KEY_FAILURES_PER_MINUTE,
    },
    seedDemoData: e.SEED_DEMO_DATA,
    featureFlags: list(e.FEATURE_FLAGS),
    smtpUrl: e.SMTP_URL ?? null,
    devMailbox: e.DEV_MAILBOX,
    inboundMail: {
      port: e.INBOUND_SMTP_PORT ?? null,
      host: e.INBOUND_SMTP_HOST,
      domain: e.INBOUND_MAIL_DOMAIN,
      maxBytes: e.INBOUND_MAIL_MAX_BYTES,
      maxAttachments: e.INBOUND_MAIL_MAX_ATTACHMENTS,
      perSenderPerHour: e.INBOUND_MAIL_PER_SENDER_PER_HOUR,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY, e.TRUST_PROXY_HOPS),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
    documentUploadMaxBytes: e.DOCUMENT_UPLOAD_MAX_BYTES,
    orphanSweepIntervalMinutes: e.ORPHAN_SWEEP_INTERVAL_MINUTES,
    jobWorkers: e.JOB_WORKERS,
    jobMaintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
    notificationMailDelaySeconds: e.NOTIFICATION_MAIL_DELAY_SECONDS,
    metricsToken: e.METRICS_TOKEN ?? null,
    reading: {
      concurrency: e.READING_CONCURRENCY ?? Math.max(1, os.availableParallelism()),
      maxPages: e.READING_MAX_PAGES,
      pagesPerHour: e.READING_PAGES_PER_HOUR,
      pageBatch: e.READING_PAGE_BATCH,
    },
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

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyList(value: string | undefined): string[] {
  if (!value || value === 'false') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An address, a CIDR range (a.b.c.d/n, ::/n) or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  // proxy-addr (Fastify) refuses a /0 prefix: trusting every address is never meant.
  return /^\d+$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Why TRUST_PROXY cannot work as given, or null. */
export function trustProxyProblem(value: string | undefined): string | null {
  if (/^\d+$/.test(value ?? ''))
    return (
      `TRUST_PROXY=${value} trusts no proxy: a bare hop count cannot check the proxy's own address. ` +
      "Give the proxy's address or CIDR range (e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8), " +
      'and TRUST_PROXY_HOPS for a chain of proxies'
    );
  if (value === 'true')
    return "TRUST_PROXY=true would believe any client's X-Forwarded-For: give the proxy's address or CIDR range";
  const wrong = proxyList(value).filter((entry) => !isProxyEntry(entry));
  return wrong.length
    ? `TRUST_PROXY: not an address, CIDR range or loopback/linklocal/uniquelocal: ${wrong.join(', ')}`
    : null;
}

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Matches an address against TRUST_PROXY's entries (IPv4-mapped IPv6 as IPv4). */
function proxyMatcher(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
    if (isIP(v4) === 4) return list.check(v4, 'ipv4');
    return isIP(address) === 6 && list.check(address, 'ipv6');
  };
}

/**
 * Fastify's trustProxy for the configuration: the list as is, or — with a hop count — a function
 * trusting the socket peer only when it is a listed proxy, then up to `hops` proxies in a row.
 */
export function fastifyTrustProxy(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || Array.isArray(trust)) return trust;
  const isProxy = proxyMatcher(trust.addresses);
  const hops = trust.hops;
  return (address, hop) => (hop === 0 ? isProxy(address) : hop < hops);
}

function parseTrustProxy(
  value: string | undefined,
  hops: number | undefined,
): AppConfig['trustProxy'] {
  const addresses = proxyList(value);
  if (!addresses.length) return false;
  return hops === undefined ? addresses : { addresses, hops };
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
