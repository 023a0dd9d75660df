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

/** A company-wide change another screen may show (issue 15): lists and documents refetch. */
export type RealtimeChange =
  | { type: 'connection'; change: string }
  | { type: 'document'; documentId: number; change: string }
  | { type: 'chatMessage'; channelUrl: string };

export interface RealtimeSocketOptions {
  /** ws:// or wss:// URL of /api/notifications/subscribe. */
  url: string;
  getToken(): Promise<string | null>;
  companyId: number;
  onNotification(notification: RealtimeNotification): void;
  onDocumentExtraction?(event: RealtimeDocumentExtraction): void;
  onChange?(event: RealtimeChange): void;
  /**
   * Events may have been missed and cannot be replayed (first connection lost before any
   * sequence was known, or the server answered 'resync'): refetch everything shown.
   */
  onReconnected?(): void;
  createSocket?(url: string): WebSocket;
  /** Math.random in production; tests pin the jitter. */
  random?(): number;
}

const INITIAL_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** Close codes of the server that mean 'stop': the user is not (or no longer) allowed. */
const FORBIDDEN = 4403;
/**
 * Sequence ids remembered to drop an event delivered twice (live and replayed), and sent on a
 * reconnect so the server replays only late commits the client has not seen (at most 256).
 */
const SEEN_LIMIT = 256;

/**
 * Keeps one authenticated WebSocket open: authenticates with the first message (browsers cannot
 * send headers on a WebSocket) and reconnects with exponential back-off and jitter after a drop
 * (2,000 clients of a restarted server do not all return in the same second). The server closes
 * the socket when the token expires; the reconnect then authenticates with the renewed one.
 * Every event carries a sequence id (docs/realtime.md): the reconnect sends the last one seen and
 * the server replays what was missed before going live.
 */
export function openRealtimeSocket(options: RealtimeSocketOptions): { close(): void } {
  let socket: WebSocket | null = null;
  let closed = false;
  let retryMs = INITIAL_RETRY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connectedBefore = false;
  let lastSeq: number | null = null;
  /** Where this session's knowledge starts (the first `ready`, or the last `resync`). */
  let startSeq: number | null = null;
  let replaying = false;
  const seen = new Set<number>();
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const random = options.random ?? Math.random;

  /** True the first time a sequence id is seen. */
  const fresh = (seq: unknown): boolean => {
    if (typeof seq !== 'number') return true;
    if (seen.has(seq)) return false;
    seen.add(seq);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as number);
    lastSeq = Math.max(lastSeq ?? 0, seq);
    return true;
  };

  const authenticate = async (ws: WebSocket) => {
    const token = await options.getToken();
    if (!token || ws.readyState !== WebSocket.OPEN) return;
    replaying = lastSeq !== null;
    const resume =
      lastSeq === null
        ? {}
        : { lastSeq, seen: [...seen], ...(startSeq === null ? {} : { startSeq }) };
    ws.send(JSON.stringify({ type: 'auth', token, companyId: options.companyId, ...resume }));
  };

  const connect = () => {
    if (closed) return;
    const ws = create(options.url);
    socket = ws;
    ws.onopen = () => void authenticate(ws);
    ws.onmessage = (event: MessageEvent) => {
      let message: {
        type?: string;
        seq?: unknown;
        notification?: RealtimeNotification;
        documentId?: unknown;
        status?: unknown;
        change?: unknown;
        channelUrl?: unknown;
      };
      try {
        message = JSON.parse(String(event.data)) as typeof message;
      } catch {
        return;
      }
      if (message.type === 'ready' || message.type === 'resync') {
        if (typeof message.seq === 'number') {
          lastSeq = Math.max(lastSeq ?? 0, message.seq);
          if (message.type === 'resync' || startSeq === null) startSeq = message.seq;
        }
        if (message.type === 'resync') return options.onReconnected?.();
        retryMs = INITIAL_RETRY_MS;
        // Without a sequence to resume from, what happened meanwhile is unknown.
        if (connectedBefore && !replaying) options.onReconnected?.();
        connectedBefore = true;
        replaying = false;
        return;
      }
      if (!fresh(message.seq)) return;
      if (message.type === 'connection') {
        options.onChange?.({ type: 'connection', change: String(message.change) });
      } else if (message.type === 'document' && typeof message.documentId === 'number') {
        options.onChange?.({
          type: 'document',
          documentId: message.documentId,
          change: String(message.change),
        });
      } else if (message.type === 'chatMessage' && typeof message.channelUrl === 'string') {
        options.onChange?.({ type: 'chatMessage', channelUrl: message.channelUrl });
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
      // 'Equal jitter': between half and all of the current back-off.
      retryTimer = setTimeout(connect, retryMs / 2 + (random() * retryMs) / 2);
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
