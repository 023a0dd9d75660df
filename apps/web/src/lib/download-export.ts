import { ApiError } from './api-error';
import { apiAuthHeaders, apiSessionExpired, buildUrl, type QueryValue } from './api-client';

/**
 * Downloads a streamed export (issue 30 item 5) with the bearer token and Company-Id, reporting
 * the bytes received as they arrive, then saves it with the browser's download.
 */
export async function downloadExport(
  path: string,
  query: Record<string, QueryValue>,
  opts: { onProgress?: (bytes: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const url = buildUrl(path, query);
  let response = await fetch(url, { headers: await apiAuthHeaders(), signal: opts.signal });
  if (response.status === 401) {
    response = await fetch(url, { headers: await apiAuthHeaders(true), signal: opts.signal });
    if (response.status === 401) apiSessionExpired();
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      opts.onProgress?.(received);
    }
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const blob = reader ? new Blob(chunks as BlobPart[], { type }) : await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export';
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}

/** '1.2 MB', '340 KB', '512 B'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
