import type { WebSocket } from 'ws';
import { z } from 'zod';
import { loadTenant, type TenantContext } from '../../auth/request-context';
import type { RealtimeEvent } from '../../platform/realtime/hub';
import { AppError } from '../../errors';
import type { ApiModule } from '../types';
import { resolveUserForIdentity } from '../users/repository';

/** How long a socket may stay open without a valid `auth` message. */
const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;

/** Close codes the client acts on (4000–4999 are the application's own). */
export const RealtimeClose = { unauthorized: 4401, forbidden: 4403, badMessage: 4400 } as const;

const zClientMessage = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(8192),
  companyId: z.number().int().positive(),
});

/**
 * GET /api/notifications/subscribe (spec 2 §4.3): a WebSocket delivering the notifications of
 * the signed-in user in the selected company, and the company-wide events of that company
 * (`{ type: 'documentExtraction', documentId, status }` while a document is read). Browsers
 * cannot set headers on a WebSocket, so the socket authenticates with its first message —
 * `{ type: 'auth', token, companyId }`, the same bearer token and Company-Id the REST calls
 * send — and again whenever the token is renewed. Until then, and after the token expires,
 * nothing is delivered.
 */
export const realtimeRoutes: ApiModule = async (app, { db, realtime, verifyToken }) => {
  app.get(
    '/notifications/subscribe',
    { websocket: true, config: { access: 'public' }, schema: { hide: true } },
    (socket: WebSocket) => {
      let tenant: TenantContext | null = null;
      let expiresAt = 0;
      let alive = true;
      const close = (code: number, reason: string) => {
        if (socket.readyState === socket.OPEN) socket.close(code, reason);
      };
      const authTimer = setTimeout(
        () => !tenant && close(RealtimeClose.unauthorized, 'authentication required'),
        AUTH_TIMEOUT_MS,
      );
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        if (tenant && Date.now() >= expiresAt) {
          return close(RealtimeClose.unauthorized, 'token expired');
        }
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      socket.on('pong', () => (alive = true));

      const deliver = (event: RealtimeEvent) => {
        if (!tenant || Date.now() >= expiresAt) return;
        if (event.type !== 'notification') {
          if (!event.companyIds.includes(tenant.companyId)) return;
          const { companyIds: _companies, ...message } = event;
          socket.send(JSON.stringify(message));
          return;
        }
        if (event.companyId !== tenant.companyId || event.userId !== tenant.userId) return;
        socket.send(
          JSON.stringify({
            type: 'notification',
            notification: {
              id: event.id,
              title: event.title,
              notificationTypeId: event.notificationTypeId,
            },
          }),
        );
      };
      const unsubscribe = realtime.subscribe(deliver);

      socket.on('message', async (raw) => {
        const parsed = zClientMessage.safeParse(safeJson(String(raw)));
        if (!parsed.success) return close(RealtimeClose.badMessage, 'unexpected message');
        try {
          const identity = await verifyToken(parsed.data.token);
          const user = await resolveUserForIdentity(db, identity);
          if (!user) return close(RealtimeClose.forbidden, 'user not registered');
          tenant = await loadTenant(db, user, parsed.data.companyId);
          expiresAt = (identity.claims.exp ?? 0) * 1000;
          clearTimeout(authTimer);
          await unsubscribe; // delivery is live before the client hears 'ready'
          socket.send(JSON.stringify({ type: 'ready' }));
        } catch (error) {
          const status = error instanceof AppError ? error.status : 401;
          close(
            status === 403 ? RealtimeClose.forbidden : RealtimeClose.unauthorized,
            status === 403 ? 'not a member of the company' : 'invalid token',
          );
        }
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        clearInterval(heartbeat);
        void unsubscribe.then((stop) => stop()).catch(() => undefined);
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
