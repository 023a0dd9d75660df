import type { WebSocket } from 'ws';
import { z } from 'zod';
import { loadTenant } from '../../auth/request-context';
import { AppError, forbidden } from '../../errors';
import { isChatToken, verifyChatToken } from '../chat/token';
import type { ApiModule } from '../types';
import { findUserById, resolveUserForIdentity } from '../users/repository';
import { createRealtimeRegistry, type RealtimeSubscriber } from './registry';
import { eventsSince, SEEN_LIMIT } from './repository';

/** How long a socket may stay open without a valid `auth` message. */
const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;

/** Close codes the client acts on (4000–4999 are the application's own). */
export const RealtimeClose = { unauthorized: 4401, forbidden: 4403, badMessage: 4400 } as const;

const zClientMessage = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(8192),
  companyId: z.number().int().positive(),
  /** The last `seq` the client received: the events after it are replayed first. */
  lastSeq: z.number().int().nonnegative().optional(),
  /**
   * The sequence ids the client received most recently (at most SEEN_LIMIT): events committed
   * after a later one are replayed unless listed here (docs/realtime.md, 'Late commits').
   */
  seen: z.array(z.number().int().positive()).max(SEEN_LIMIT).optional(),
  /** The `seq` the client's session started from (its first `ready`): nothing older is replayed. */
  startSeq: z.number().int().nonnegative().optional(),
});

/**
 * GET /api/notifications/subscribe (spec 2 §4.3): a WebSocket delivering the events of the
 * signed-in user in the selected company — their notifications and the company-wide events —
 * each as `{ type, seq, ...payload }` (docs/realtime.md). Browsers cannot set headers on a
 * WebSocket, so the socket authenticates with its first message — `{ type: 'auth', token,
 * companyId, lastSeq?, seen?, startSeq? }`, the same bearer token and Company-Id the REST calls send (or the chat
 * token of that company, docs/chat.md) — and again whenever the token is renewed. With `lastSeq` the events after it are sent first (or
 * `{ type: 'resync' }` when they cannot be), then `{ type: 'ready', seq }`, then live events;
 * nothing is lost or repeated at the seam. Until auth, and after the token expires, nothing is
 * delivered.
 */
export const realtimeRoutes: ApiModule = async (app, { db, realtime, verifyToken, metrics }) => {
  const registry = createRealtimeRegistry(realtime);
  metrics.gauge('flowline_websocket_connections', 'Signed-in WebSocket connections', (set) =>
    set(registry.size()),
  );

  /**
   * The access token, or the chat token of GET /company/{id}/sendBirdSessionToken (docs/chat.md),
   * which names its user and is good for its own company only.
   */
  const authenticate = async (token: string, companyId: number) => {
    if (isChatToken(token)) {
      const chat = await verifyChatToken(db, token);
      if (chat.companyId !== companyId) throw forbidden('The chat token is for another company');
      return { user: await findUserById(db, chat.userId), exp: chat.exp };
    }
    const identity = await verifyToken(token);
    return {
      user: await resolveUserForIdentity(db, identity),
      exp: identity.claims.exp ?? 0,
    };
  };

  app.get(
    '/notifications/subscribe',
    { websocket: true, config: { access: 'public' }, schema: { hide: true } },
    (socket: WebSocket) => {
      let subscriber: RealtimeSubscriber | null = null;
      let expiresAt = 0;
      let alive = true;
      let closed = false;
      const close = (code: number, reason: string) => {
        if (socket.readyState === socket.OPEN) socket.close(code, reason);
      };
      const authTimer = setTimeout(
        () => !subscriber && close(RealtimeClose.unauthorized, 'authentication required'),
        AUTH_TIMEOUT_MS,
      );
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        if (subscriber && Date.now() >= expiresAt) {
          return close(RealtimeClose.unauthorized, 'token expired');
        }
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      socket.on('pong', () => (alive = true));
      const send = (message: string) => {
        if (Date.now() < expiresAt && socket.readyState === socket.OPEN) socket.send(message);
      };

      /** Live first (buffered), then the missed events, then the buffer without repeats. */
      const start = async (
        companyId: number,
        userId: number,
        lastSeq: number | undefined,
        lateCommits: { seen?: number[]; startSeq?: number },
      ) => {
        let buffer: Array<[number, string]> | null = [];
        const next: RealtimeSubscriber = {
          companyId,
          userId,
          push: (seq, message) => (buffer ? buffer.push([seq, message]) : send(message)),
        };
        if (subscriber) registry.remove(subscriber);
        subscriber = next;
        await registry.add(next);
        const caughtUp = await eventsSince(db, companyId, userId, lastSeq, lateCommits);
        if (closed || subscriber !== next) return;
        const replayed = new Set<number>();
        let head = caughtUp.head;
        if (caughtUp.resync) send(JSON.stringify({ type: 'resync', seq: head }));
        else {
          for (const event of caughtUp.events) {
            replayed.add(event.seq);
            send(JSON.stringify({ type: event.type, seq: event.seq, ...event.payload }));
          }
        }
        for (const [seq, message] of buffer) {
          if (replayed.has(seq)) continue;
          head = Math.max(head, seq);
          send(message);
        }
        buffer = null;
        send(JSON.stringify({ type: 'ready', seq: head }));
      };

      socket.on('message', async (raw) => {
        const parsed = zClientMessage.safeParse(safeJson(String(raw)));
        if (!parsed.success) return close(RealtimeClose.badMessage, 'unexpected message');
        try {
          const { user, exp } = await authenticate(parsed.data.token, parsed.data.companyId);
          if (!user) return close(RealtimeClose.forbidden, 'user not registered');
          const tenant = await loadTenant(db, user, parsed.data.companyId);
          clearTimeout(authTimer);
          expiresAt = exp * 1000;
          if (subscriber?.companyId === tenant.companyId && subscriber.userId === tenant.userId) {
            // A renewed token on a live socket: nothing was missed.
            return socket.send(JSON.stringify({ type: 'ready' }));
          }
          const { lastSeq, seen, startSeq } = parsed.data;
          await start(tenant.companyId, tenant.userId, lastSeq, { seen, startSeq });
        } catch (error) {
          const status = error instanceof AppError ? error.status : 401;
          close(
            status === 403 ? RealtimeClose.forbidden : RealtimeClose.unauthorized,
            status === 403 ? 'not a member of the company' : 'invalid token',
          );
        }
      });
      socket.on('close', () => {
        closed = true;
        clearTimeout(authTimer);
        clearInterval(heartbeat);
        if (subscriber) registry.remove(subscriber);
      });
    },
  );
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
