import type { z } from 'zod';
import { apiAuthHeaders, apiSessionExpired, buildUrl } from './api-client';
import { ApiError } from './api-error';

export interface UploadOptions<T> {
  schema: z.ZodType<T>;
  /** Called with 0–100 as the request body goes out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface RawResponse {
  status: number;
  statusText: string;
  body: string;
}

/**
 * Sends a multipart form with upload progress. fetch cannot report upload progress, so this goes
 * through XMLHttpRequest with the same Authorization/Company-Id headers, renewal on 401 and
 * `{ error }` bodies as apiRequest (failures throw ApiError).
 */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  { schema, onProgress, signal }: UploadOptions<T>,
): Promise<T> {
  const url = buildUrl(path, undefined);
  let response = await send(url, form, await apiAuthHeaders(), onProgress, signal);
  if (response.status === 401) {
    const renewed = await apiAuthHeaders(true);
    if (renewed.Authorization) response = await send(url, form, renewed, onProgress, signal);
    if (response.status === 401) apiSessionExpired();
  }
  if (response.status < 200 || response.status >= 300) {
    throw await ApiError.fromResponse(
      new Response(response.body, { status: response.status, statusText: response.statusText }),
    );
  }
  let data: unknown;
  try {
    data = response.body ? (JSON.parse(response.body) as unknown) : undefined;
  } catch {
    data = undefined;
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected response from ${path}`, parsed.error);
    throw new ApiError(0, 'invalid_response', 'The server sent an unexpected response.');
  }
  return parsed.data;
}

function send(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: ((percent: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText });
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          'network_error',
          'Could not reach the server. Please check your connection.',
        ),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    onProgress?.(0);
    xhr.send(form);
  });
}
