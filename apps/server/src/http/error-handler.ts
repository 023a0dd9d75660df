import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimitError } from '../errors';
import { BlobStoreUnavailableError } from '../platform/blob-store/index';

/**
 * The one place errors become `{ error: { message, code, fields? } }`.
 * Validation errors carry the first field message (the spec's wording) and every field's message;
 * 5xx details are logged with the request id and never sent.
 */
/**
 * PostgreSQL data exceptions caused by the value sent, not by us: bad encoding or NUL (22021,
 * 22P05), out of range (22003, 22008), malformed (22P02, 22007), too long (22001). A schema
 * should have caught them; if one slips through, the caller still gets a 400, not a 500.
 */
const INPUT_DATABASE_ERRORS = new Set([
  '22021',
  '22P05',
  '22003',
  '22008',
  '22P02',
  '22007',
  '22001',
]);

/** Drizzle wraps the driver's error; the SQLSTATE is on it or on its cause. */
function databaseErrorCode(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Seconds a client is asked to wait when the database or the file store is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailableMessage =
  'Flowline cannot reach its database right now. Please try again in a moment.';
export const storageUnavailableMessage =
  'Files cannot be stored right now. Please try again in a moment.';

/** Socket errors of a connection to the database server (refused, dropped, timed out). */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
 * 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up, recovering),
 * 53300 too many connections.
 */
const isUnavailableSqlState = (code: string) =>
  code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);

/** node-postgres and pg-pool say it in words, with no code. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Connection closed/,
];

/**
 * Whether the database server could not be reached or dropped the connection: a 503 the client
 * may retry, not a 500. Drizzle wraps the driver's error, so the chain of causes is walked.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_ERRNOS.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((re) => re.test(message)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimitError)
        reply.header('retry-after', String(Math.max(1, err.retryAfterSeconds)));
      return reply.status(err.status).send({
        error: {
          message: err.message,
          code: err.code,
          ...(err.fields ? { fields: err.fields } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Not valid';
      }
      const first = err.validation[0];
      return reply.status(400).send({
        error: {
          message: first?.message ?? 'The request is not valid',
          code: 'validation_failed',
          fields,
        },
      });
    }
    if (err instanceof BlobStoreUnavailableError) {
      req.log.warn({ err }, 'the file store is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ error: { message: storageUnavailableMessage, code: 'storage_unavailable' } });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ error: { message: databaseUnavailableMessage, code: 'database_unavailable' } });
    }
    const dbCode = databaseErrorCode(err);
    if (dbCode && INPUT_DATABASE_ERRORS.has(dbCode)) {
      return reply.status(400).send({
        error: {
          message: 'A value in the request is not valid (too long, out of range or malformed).',
          code: 'invalid_value',
        },
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({
        error: {
          message: 'Something went wrong on our side. Please try again.',
          code: 'internal_error',
        },
      });
    }
    // Fastify's own 4xx (malformed JSON, too large, unsupported media type, rate limited…).
    return reply
      .status(status)
      .send({ error: { message: err.message, code: err.code?.toLowerCase() ?? 'bad_request' } });
  });
}
