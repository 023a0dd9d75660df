import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | unknown | Promise<Response | unknown>;

export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, message: string, code = 'error'): Response {
  return json({ error: { message, code } }, status);
}

/**
 * Replaces `fetch`, the app's only network boundary. Keys are "METHOD /path" (no query);
 * a handler returns a Response or a value sent as JSON; unknown routes answer 404 like the server.
 */
export function installFakeApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      search: url.search,
      headers: new Headers(init?.headers),
      body: rawBody ? (JSON.parse(rawBody) as unknown) : undefined,
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return apiError(404, `No route for ${method} ${url.pathname}`, 'route_not_found');
    const result = await handler(request);
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('WebSocket', SilentWebSocket);
  return {
    requests,
    find: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
  };
}

/** The real-time socket of the shell: it stays 'connecting' and never delivers anything. */
class SilentWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly readyState = 0;
  onopen: unknown = null;
  onmessage: unknown = null;
  onclose: unknown = null;
  constructor(readonly url: string) {
    super();
  }
  send(): void {}
  close(): void {}
}
