import type { ClientException } from '@flowline/shared';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

export type ClientErrorKind = 'client' | 'authentication';

const loggerPaths: Record<ClientErrorKind, string> = {
  client: '/api/clientexceptionlogger/exception',
  authentication: '/api/authenticationexceptionlogger/exception',
};

/** The same error is sent at most once per window; a burst is capped so a render loop cannot flood the server. */
const SAME_ERROR_WINDOW_MS = 30_000;
const MAX_REPORTS_PER_MINUTE = 10;

const lastSentAt = new Map<string, number>();
let recent: number[] = [];

export function toClientException(error: unknown): ClientException {
  const err = error instanceof Error ? error : null;
  const cause = err?.cause;
  return {
    message: truncate(err?.message || String(error) || 'Unknown error', 4000),
    stackTrace: err?.stack ? truncate(err.stack, 20000) : null,
    type: err?.name ?? typeof error,
    cause:
      cause === undefined
        ? null
        : truncate(cause instanceof Error ? cause.message : String(cause), 4000),
    url: truncate(window.location.href, 2000),
  };
}

/** Fire-and-forget: reporting must never throw or report its own failures. */
export function reportClientError(error: unknown, kind: ClientErrorKind = 'client'): void {
  const body = toClientException(error);
  const now = Date.now();
  const key = `${kind}:${body.message}`;
  const last = lastSentAt.get(key);
  if (last !== undefined && now - last < SAME_ERROR_WINDOW_MS) return;
  recent = recent.filter((t) => now - t < 60_000);
  if (recent.length >= MAX_REPORTS_PER_MINUTE) return;
  lastSentAt.set(key, now);
  recent.push(now);
  // Sent without Company-Id (spec 2 §7); the authentication logger must work before sign-in.
  void apiRequest(loggerPaths[kind], {
    method: 'POST',
    body,
    company: false,
    auth: 'optional',
  }).catch(() => undefined);
}

/** Window-level listeners for errors that escape React; returns the uninstaller. */
export function installGlobalErrorReporting(): () => void {
  const onError = (event: ErrorEvent) => reportClientError(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => {
    // API failures are already known to the server and shown to the user.
    if (event.reason instanceof ApiError && event.reason.status > 0) return;
    reportClientError(event.reason);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Test hook: forget the throttle state. */
export function resetClientErrorThrottle(): void {
  lastSentAt.clear();
  recent = [];
}

function truncate(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}
