import type { FastifyInstance } from 'fastify';
import { ExpiringLru } from '../auth/lru';
import type { Database } from '../db/client';
import {
  formatLsn,
  parseLsn,
  requireReadsAfter,
  runWithReadConsistency,
} from '../db/read-replicas';

/** Sent after a user's write: the primary's WAL position once it committed. */
export const WRITE_LSN_HEADER = 'flowline-write-lsn';
/**
 * Sent back by the browser (apps/web/src/lib/api.ts) with later calls, so that read-your-writes
 * holds on whichever instance answers them. A client can only make its own reads go to the
 * primary with it; it sees nothing it could not see anyway.
 */
export const MIN_LSN_HEADER = 'flowline-min-lsn';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How long this instance remembers a user's last write (replicas catch up within seconds). */
const REMEMBER_MS = 5 * 60_000;

/**
 * Read-your-writes with read replicas (issue 33 item 1, docs/read-replicas.md): after a user's
 * write, that user's reads go to a replica only once it has replayed past the write's commit
 * position. Nothing is registered without replicas.
 */
export function registerReadYourWrites(app: FastifyInstance, database: Database): void {
  if (!database.replicas) return;
  const lastWrites = new ExpiringLru<number, bigint>(50_000);

  app.addHook('onRequest', (_req, _reply, done) => runWithReadConsistency(done));

  // After authentication: the caller is known.
  app.addHook('preHandler', async (req) => {
    if (!req.user) return;
    requireReadsAfter(lastWrites.get(req.user.id) ?? null);
    const sent = req.headers[MIN_LSN_HEADER];
    if (typeof sent === 'string') requireReadsAfter(parseLsn(sent));
  });

  app.addHook('onSend', async (req, reply) => {
    if (!req.user || READ_METHODS.has(req.method) || reply.statusCode >= 400) return;
    // The handler's transaction has committed: this position is at or past its commit.
    const lsn = await database.currentWalLsn().catch(() => null);
    if (lsn === null) return;
    lastWrites.set(req.user.id, lsn, Date.now() + REMEMBER_MS);
    reply.header(WRITE_LSN_HEADER, formatLsn(lsn));
  });
}
