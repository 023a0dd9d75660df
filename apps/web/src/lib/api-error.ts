import { zErrorBody } from '@flowline/shared';

/** An API call that failed, carrying the server's `{ error: { message, code } }` when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    try {
      const parsed = zErrorBody.safeParse(JSON.parse(text));
      if (parsed.success) {
        const { message, code, fields } = parsed.data.error;
        return new ApiError(response.status, code, message, fields);
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
