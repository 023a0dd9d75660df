import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

/**
 * The one place errors become `{ error: { message, code, fields? } }`.
 * Validation errors carry the first field message (the spec's wording) and every field's message;
 * 5xx details are logged with the request id and never sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
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
