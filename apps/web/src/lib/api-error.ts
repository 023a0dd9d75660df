import { zErrorBody } from '@flowline/shared';

/** An API call that failed, carrying the server's `{ error: { message, code } }` when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** The whole `error` object as sent, for calls that answer more than message and code. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    try {
      const json = JSON.parse(text) as { error?: Record<string, unknown> };
      const parsed = zErrorBody.safeParse(json);
      if (parsed.success) {
        const { message, code, fields } = parsed.data.error;
        // Located problems of a document refused as a whole (PIDX) are not form fields.
        return new ApiError(
          response.status,
          code,
          message,
          Array.isArray(fields) ? undefined : fields,
          json.error,
        );
      }
    } catch {
      // Not JSON (a proxy error page, an empty body): fall through to a generic message.
    }
    const status = [response.status, response.statusText].filter(Boolean).join(' ');
    return new ApiError(
      response.status,
      `http_${response.status}`,
      `The request failed (${status}).`,
    );
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The text to show a user for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong.';
}
