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

  it('resumes from the last seq seen: the reconnect sends it and does not refetch everything', async () => {
    vi.useFakeTimers();
    const { onNotification, onReconnected } = start();
    const first = ScriptedSocket.instances[0]!;
    first.open();
    await vi.advanceTimersByTimeAsync(0);
    first.receive({ type: 'ready', seq: 40 });
    first.receive({
      type: 'notification',
      seq: 42,
      notification: { id: 1, title: 'A', notificationTypeId: 1 },
    });
    first.drop();
    await vi.advanceTimersByTimeAsync(1000);
    const second = ScriptedSocket.instances[1]!;
    second.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(second.sent[0]!)).toEqual({
      type: 'auth',
      token: 'token-1',
      companyId: 7,
      lastSeq: 42,
      // What it received since its start, so the server replays only late commits it has not seen.
      seen: [42],
      startSeq: 40,
    });
    // The replay, a duplicate of it (live and replayed at once), then ready.
    second.receive({
      type: 'notification',
      seq: 44,
      notification: { id: 2, title: 'B', notificationTypeId: 1 },
    });
    second.receive({
      type: 'notification',
      seq: 44,
      notification: { id: 2, title: 'B', notificationTypeId: 1 },
    });
    second.receive({ type: 'ready', seq: 44 });
    expect(onNotification.mock.calls.map(([n]) => (n as RealtimeNotification).title)).toEqual([
      'A',
      'B',
    ]);
    expect(onReconnected).not.toHaveBeenCalled();
    second.drop();
    await vi.advanceTimersByTimeAsync(1000);
    ScriptedSocket.instances[2]!.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(ScriptedSocket.instances[2]!.sent[0]!)).toMatchObject({
      lastSeq: 44,
      seen: [42, 44],
      startSeq: 40,
    });
  });

  it("refetches everything when the server answers 'resync'", async () => {
    const { onReconnected } = start();
    const socket = ScriptedSocket.instances[0]!;
    socket.open();
    await flush();
    socket.receive({ type: 'resync', seq: 900 });
    socket.receive({ type: 'ready', seq: 900 });
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it('waits an exponentially growing, jittered delay between attempts', async () => {
    vi.useFakeTimers();
    openRealtimeSocket({
      url: 'ws://localhost/api/notifications/subscribe',
      companyId: 7,
      getToken: async () => 'token-1',
      onNotification: vi.fn(),
      createSocket: (url) => new ScriptedSocket(url) as unknown as WebSocket,
      random: () => 0, // the shortest delay: half the back-off
    });
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const before = ScriptedSocket.instances.length;
      ScriptedSocket.instances.at(-1)!.drop();
      let waited = 0;
      while (ScriptedSocket.instances.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
  });

  it('passes connection and document changes on (issue 15)', async () => {
    const onChange = vi.fn();
    openRealtimeSocket({
      url: 'ws://localhost/api/notifications/subscribe',
      companyId: 7,
      getToken: async () => 'token-1',
      onNotification: vi.fn(),
      onChange,
      createSocket: (url) => new ScriptedSocket(url) as unknown as WebSocket,
    });
    const socket = ScriptedSocket.instances[0]!;
    socket.open();
    await flush();
    socket.receive({ type: 'connection', seq: 5, change: 'removed' });
    socket.receive({ type: 'document', seq: 6, documentId: 9, change: 'paid' });
    socket.receive({
      type: 'chatMessage',
      seq: 7,
      channelUrl: 'chat-1-2',
      messageId: 3,
      senderCompanyId: 2,
    });
    expect(onChange.mock.calls).toEqual([
      [{ type: 'connection', change: 'removed' }],
      [{ type: 'document', documentId: 9, change: 'paid' }],
      [{ type: 'chatMessage', channelUrl: 'chat-1-2' }],
    ]);
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
