import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRealtimeSocket, type RealtimeNotification } from './realtime-socket';

/** A socket the test drives: open, deliver messages, close with a code. */
class ScriptedSocket {
  static instances: ScriptedSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    ScriptedSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('openRealtimeSocket', () => {
  beforeEach(() => {
    ScriptedSocket.instances = [];
    vi.stubGlobal('WebSocket', { OPEN: 1 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const start = (onNotification = vi.fn(), onReconnected = vi.fn()) => {
    const handle = openRealtimeSocket({
      url: 'ws://localhost/api/notifications/subscribe',
      companyId: 7,
      getToken: async () => 'token-1',
      onNotification,
      onReconnected,
      createSocket: (url) => new ScriptedSocket(url) as unknown as WebSocket,
    });
    return { handle, onNotification, onReconnected };
  };

  it('authenticates with the token and company, then passes notifications on', async () => {
    const { onNotification } = start();
    const socket = ScriptedSocket.instances[0]!;
    socket.open();
    await flush();
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'auth', token: 'token-1', companyId: 7 });
    socket.receive({ type: 'ready' });
    const notification: RealtimeNotification = { id: 3, title: 'Hi', notificationTypeId: 1 };
    socket.receive({ type: 'notification', notification });
    expect(onNotification).toHaveBeenCalledWith(notification);
  });

  it("passes a document's reading events on (issue 14)", async () => {
    const onDocumentExtraction = vi.fn();
    openRealtimeSocket({
      url: 'ws://localhost/api/notifications/subscribe',
      companyId: 7,
      getToken: async () => 'token-1',
      onNotification: vi.fn(),
      onDocumentExtraction,
      createSocket: (url) => new ScriptedSocket(url) as unknown as WebSocket,
    });
    const socket = ScriptedSocket.instances[0]!;
    socket.open();
    await flush();
    socket.receive({ type: 'ready' });
    socket.receive({ type: 'documentExtraction', documentId: 501, status: 'done' });
    socket.receive({ type: 'documentExtraction', documentId: 'x', status: 'done' });
    expect(onDocumentExtraction).toHaveBeenCalledTimes(1);
    expect(onDocumentExtraction).toHaveBeenCalledWith({ documentId: 501, status: 'done' });
  });

  it('reconnects with back-off after a drop and reports the reconnect', async () => {
    vi.useFakeTimers();
    const { onReconnected } = start();
    const first = ScriptedSocket.instances[0]!;
    first.open();
    first.receive({ type: 'ready' });
    first.drop();
    expect(ScriptedSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    const second = ScriptedSocket.instances[1]!;
    second.open();
    second.receive({ type: 'ready' });
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it('stops for good when the server refuses the company (4403) or on close()', async () => {
    vi.useFakeTimers();
    const { handle } = start();
    ScriptedSocket.instances[0]!.drop(4403);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ScriptedSocket.instances).toHaveLength(1);

    const other = start();
    other.handle.close();
    ScriptedSocket.instances[1]!.drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ScriptedSocket.instances).toHaveLength(2);
    handle.close();
  });
});
