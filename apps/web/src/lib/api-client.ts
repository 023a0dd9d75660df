import type { z } from 'zod';
import { COMPANY_ID_HEADER } from '@flowline/shared';
import { ApiError } from './api-error';
import { buildUrl, type QueryValue } from './api-url';
import { takeWarmResponse } from './warm-requests';

export { buildUrl, type QueryValue };

/** How the client obtains tokens; supplied by the app's auth layer (lib must not import app). */
export interface ApiAuth {
  getAccessToken(): Promise<string | null>;
  /** One silent renewal (refresh token); resolves to the new access token or null. */
  renewAccessToken(): Promise<string | null>;
  /** The session cannot be renewed: start a new sign-in. */
  onSessionExpired(): void;
}

let apiAuth: ApiAuth | null = null;
let selectedCompanyId: number | null = null;
/**
 * The server's position after this tab's last write (Flowline-Write-Lsn), sent back as
 * Flowline-Min-Lsn so that a read replica answers only once it has that write, on whichever
 * instance (docs/read-replicas.md).
 */
let lastWriteLsn: string | null = null;

export function configureApiAuth(auth: ApiAuth | null): void {
  apiAuth = auth;
}

/** The company sent as Company-Id on every tenant call; set by the session start and company switch. */
export function setApiCompanyId(companyId: number | null): void {
  selectedCompanyId = companyId;
}

export function getApiCompanyId(): number | null {
  return selectedCompanyId;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** `false`: a public call, no Authorization. `'optional'`: send a token only when signed in. */
  auth?: boolean | 'optional';
  /** `false`: send no Company-Id (company list, error loggers). */
  company?: boolean;
  /** Send this Company-Id instead of the selected company's. */
  companyId?: number;
  signal?: AbortSignal;
  /**
   * What a 401 that one renewal did not cure does: `'sign-in'` (default) starts a new sign-in;
   * `'report'` only throws the 401, for work that must not leave the page (the field tickets'
   * offline queue keeps its tickets and tells the user to sign in again).
   */
  sessionExpiry?: 'sign-in' | 'report';
}

export function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { schema: z.ZodType<T> },
): Promise<T>;
export function apiRequest(path: string, options?: ApiRequestOptions): Promise<void>;
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { schema?: z.ZodType<T> } = {},
): Promise<T | void> {
  const data = await requestJson(path, options);
  if (!options.schema) return;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected response from ${path}`, parsed.error);
    throw new ApiError(0, 'invalid_response', 'The server sent an unexpected response.');
  }
  return parsed.data;
}

/** A binary response (logo, file download) with the same auth, renewal and errors as apiRequest. */
export async function apiRequestBlob(path: string, options: ApiRequestOptions = {}): Promise<Blob> {
  const response = await sendAuthorized(path, options);
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response.blob();
}

/**
 * The Authorization and Company-Id headers of a tenant call, for transports fetch cannot serve
 * (uploads with progress go through XMLHttpRequest). `renew`: a fresh token first (after a 401).
 */
export async function apiAuthHeaders(renew = false): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const token = !apiAuth
    ? null
    : renew
      ? await apiAuth.renewAccessToken().catch(() => null)
      : await apiAuth.getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (selectedCompanyId !== null) headers[COMPANY_ID_HEADER] = String(selectedCompanyId);
  return headers;
}

/** Seconds since the epoch when a JWT access token expires, or null (opaque or unreadable). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

/**
 * Before work that was waiting (the field tickets' offline queue): a token that has expired or
 * expires within `marginS` is renewed first (the refresh token, as the auth client renews).
 * `false`: there is no session to send with — the user must sign in again.
 */
export async function ensureFreshAccessToken(marginS = 30): Promise<boolean> {
  if (!apiAuth) return true;
  const token = await apiAuth.getAccessToken().catch(() => null);
  const expiry = token ? tokenExpiry(token) : null;
  if (token && (expiry === null || expiry - Date.now() / 1000 > marginS)) return true;
  const renewed = await apiAuth.renewAccessToken().catch(() => null);
  return renewed !== null;
}

/** Reports a 401 that a renewed token did not cure (for transports other than apiRequest). */
export function apiSessionExpired(): void {
  apiAuth?.onSessionExpired();
}

async function sendAuthorized(path: string, options: ApiRequestOptions): Promise<Response> {
  const url = buildUrl(path, options.query);
  const wantsAuth = options.auth ?? true;
  const token = wantsAuth && apiAuth ? await apiAuth.getAccessToken() : null;
  let response = await send(url, options, token);

  if (response.status === 401 && wantsAuth === true && apiAuth) {
    const renewed = await apiAuth.renewAccessToken().catch(() => null);
    if (renewed) response = await send(url, options, renewed);
    if (response.status === 401 && options.sessionExpiry !== 'report') apiAuth.onSessionExpired();
  }
  return response;
}

async function requestJson(path: string, options: ApiRequestOptions): Promise<unknown> {
  const response = await sendAuthorized(path, options);
  if (!response.ok) throw await ApiError.fromResponse(response);

  const text = response.status === 204 ? '' : await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(
      response.status,
      'invalid_response',
      'The server sent an unexpected response.',
    );
  }
}

async function send(
  url: string,
  options: ApiRequestOptions,
  token: string | null,
): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const companyId = options.companyId ?? selectedCompanyId;
  if (options.company !== false && companyId !== null) {
    headers.set(COMPANY_ID_HEADER, String(companyId));
  }
  if (lastWriteLsn) headers.set('Flowline-Min-Lsn', lastWriteLsn);
  // The same call the warm-start script already sent (lib/warm-requests.ts): its answer, once. Not
  // after a write (the answer could predate it), nor for a call that may be cancelled.
  const sentCompany = options.company !== false ? companyId : null;
  const warm =
    (options.method ?? 'GET') === 'GET' && token && !lastWriteLsn && !options.signal
      ? takeWarmResponse(url, token, sentCompany)
      : null;
  if (warm) {
    const response = await warm.catch(() => null);
    if (response) return response;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
    const written = response.headers?.get('Flowline-Write-Lsn');
    if (written) lastWriteLsn = written;
    return response;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(
      0,
      'network_error',
      'Could not reach the server. Please check your connection.',
    );
  }
}
