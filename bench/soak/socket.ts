// The notifications socket a signed-in SPA keeps open (docs/realtime.md): authenticated by its
// first message, re-authenticated with each renewed token, reconnected if it ever closes (which
// the soak counts: with renewal in time it never should).
import { WebSocket } from 'ws';

export interface SocketCounts {
  messages: number;
  unexpectedCloses: string[];
}

export class NotificationSocket {
  private ws: WebSocket | null = null;
  private stopped = false;

  constructor(
    private readonly base: string,
    private readonly auth: () => { token: string; companyId: number },
    private readonly counts: SocketCounts,
  ) {}

  open() {
    const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/api/notifications/subscribe`);
    this.ws = ws;
    ws.on('open', () => this.authenticate());
    ws.on('message', () => this.counts.messages++);
    ws.on('error', () => {}); // 'close' follows and is what counts
    ws.on('close', (code, reason) => {
      if (this.stopped) return;
      this.counts.unexpectedCloses.push(`${code} ${String(reason)}`);
      setTimeout(() => !this.stopped && this.open(), 1000);
    });
  }

  /** Sends the current token (after a renewal, on the live socket). */
  authenticate() {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    const { token, companyId } = this.auth();
    this.ws.send(JSON.stringify({ type: 'auth', token, companyId }));
  }

  close() {
    this.stopped = true;
    this.ws?.close();
  }
}
