/** Errors are thrown as AppError; one handler (http/error-handler.ts) turns them into the error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** By field key, or located problems of a document refused as a whole (PIDX). */
    readonly fields?: Record<string, string> | Array<{ path: string; message: string }>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (
  message: string,
  code = 'bad_request',
  fields?: Record<string, string>,
) => new AppError(400, code, message, fields);
export const unauthorized = (message = 'Authentication required', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this', code = 'forbidden') =>
  new AppError(403, code, message);
/** Also used for other companies' ids: a foreign object looks exactly like a missing one. */
export const notFound = (message = 'Not found', code = 'not_found') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

/** 429 rate_limited with Retry-After (seconds); the error handler sets the header. */
export class RateLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      `Too many requests. Please wait ${retryAfterSeconds} seconds and try again.`,
    );
  }
}
export const rateLimited = (retryAfterSeconds: number) => new RateLimitError(retryAfterSeconds);
