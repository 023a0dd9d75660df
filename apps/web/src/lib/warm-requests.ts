/**
 * The API calls the page's warm-start script (build/warm-start.ts) sent before the app's code had
 * arrived: on a signed-in load, GET /api/session and, on `/`, Home's data, beside the entry's
 * download instead of after it (issue 33 item 6). api-client's `send` takes such an answer once,
 * in place of its own fetch, when the same call goes out with the same token and Company-Id.
 */
export interface WarmRequest {
  /** As the app asks for it: `/api/…` with its query (api-url.ts `buildUrl`). */
  url: string;
  token: string;
  companyId: number | null;
  /** `Date.now()` when it was sent. */
  at: number;
  response: Promise<Response>;
}

/** Where the warm-start script leaves its requests (a property of `window`). */
export const WARM_REQUESTS_GLOBAL = '__flowlineWarmRequests';

/** An answer older than this is not used: the app asks again. */
export const WARM_REQUEST_MAX_AGE_MS = 30_000;

type WarmWindow = Window & { [WARM_REQUESTS_GLOBAL]?: WarmRequest[] };

/**
 * The warm-start script's answer to this GET, once (it is removed as it is taken); null when the
 * script sent no such call, for another token or company, or too long ago.
 */
export function takeWarmResponse(
  url: string,
  token: string | null,
  companyId: number | null,
): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const requests = (window as WarmWindow)[WARM_REQUESTS_GLOBAL];
  if (!Array.isArray(requests) || requests.length === 0) return null;
  const now = Date.now();
  const index = requests.findIndex(
    (r) =>
      r.url === url &&
      r.token === token &&
      r.companyId === companyId &&
      now - r.at < WARM_REQUEST_MAX_AGE_MS,
  );
  if (index < 0) return null;
  const [request] = requests.splice(index, 1);
  return request!.response;
}
