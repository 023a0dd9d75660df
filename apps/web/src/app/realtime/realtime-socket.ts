/** A notification announced over the WebSocket (the page refetches the details). */
export interface RealtimeNotification {
  id: number;
  title: string;
  notificationTypeId: number;
}

/** A document's reading changed state (issue 14): the document screen refetches. */
export interface RealtimeDocumentExtraction {
  documentId: number;
  status: string;
}

export interface RealtimeSocketOptions {
  /** ws:// or wss:// URL of /api/notifications/subscribe. */
  url: string;
  getToken(): Promise<string | null>;
  companyId: number;
  onNotification(notification: RealtimeNotification): void;
  onDocumentExtraction?(event: RealtimeDocumentExtraction): void;
  /** After a reconnect: events may have been missed, so refetch what they would have refreshed. */
  onReconnected?(): void;
  createSocket?(url: string): WebSocket;
}

const INITIAL_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** Close codes of the server that mean 'stop': the user is not (or no longer) allowed. */
const FORBIDDEN = 4403;

/**
 * Keeps one authenticated WebSocket open: authenticates with the first message (browsers cannot
 * send headers on a WebSocket) and reconnects with exponential back-off after a drop. The server
 * closes the socket when the token expires; the reconnect then authenticates with the renewed one.
 */
export function openRealtimeSocket(options: RealtimeSocketOptions): { close(): void } {
  let socket: WebSocket | null = null;
  let closed = false;
  let retryMs = INITIAL_RETRY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connectedBefore = false;
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));

  const authenticate = async (ws: WebSocket) => {
    const token = await options.getToken();
    if (!token || ws.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify({ type: 'auth', token, companyId: options.companyId }));
  };

  const connect = () => {
    if (closed) return;
    const ws = create(options.url);
    socket = ws;
    ws.onopen = () => void authenticate(ws);
    ws.onmessage = (event: MessageEvent) => {
      let message: {
        type?: string;
        notification?: RealtimeNotification;
        documentId?: unknown;
        status?: unknown;
      };
      try {
        message = JSON.parse(String(event.data)) as typeof message;
      } catch {
        return;
      }
      if (message.type === 'ready') {
        retryMs = INITIAL_RETRY_MS;
        if (connectedBefore) options.onReconnected?.();
        connectedBefore = true;
      } else if (message.type === 'notification' && message.notification) {
        options.onNotification(message.notification);
      } else if (message.type === 'documentExtraction' && typeof message.documentId === 'number') {
        options.onDocumentExtraction?.({
          documentId: message.documentId,
          status: String(message.status),
        });
      }
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket === ws) socket = null;
      if (closed || event.code === FORBIDDEN) return;
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
  };

  connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close(1000, 'signed out');
    },
  };
}

/** The socket URL on the page's own origin (the SPA and the API share it). */
export function realtimeUrl(location: Location = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/api/notifications/subscribe`;
}
