import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { AppError } from '../errors';

/**
 * Idempotent writes (issue 33 item 3, docs/idempotency.md). A company-scoped write (POST, PUT,
 * PATCH, DELETE under /api) sent with `Idempotency-Key` is recorded before its handler runs; a
 * retry with the same key gets the first answer again (`Idempotent-Replayed: true`) and nothing
 * is done twice. The same key with another request → 422; a retry while the first is still being
 * handled waits for its answer. Keys are per company and user and kept 24 hours. A 5xx answer is
 * not kept (the retry runs again), nor one that is a stream or over 1 MB.
 */

const HEADER = 'idempotency-key';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_TTL_HOURS = 24;
const MAX_STORED_BODY = 1024 * 1024;
/** How long a retry waits for the first request's answer before it is told to try later. */
const WAIT_FOR_FIRST_MS = 30_000;
/** A first request silent this long died with its instance: a retry may run it again. */
const ABANDONED_AFTER_MS = 5 * 60_000;

export const idempotencyMessages = {
  badKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  reused: 'This Idempotency-Key was already used for another request.',
  inProgress:
    'A request with this Idempotency-Key is still being handled. Please try again in a moment.',
} as const;

interface Claim {
  companyId: number;
  userId: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

/** The request as the key promises it: method, route, path parameters and body. */
function fingerprintOf(req: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(`${req.method} ${req.url}\n`);
  if (String(req.headers['content-type'] ?? '').startsWith('multipart/')) {
    // The file streams to the handler and cannot be read here: its length and type stand for it.
    hash.update(`multipart ${req.headers['content-length'] ?? '?'}`);
  } else if (req.body !== undefined) {
    hash.update(typeof req.body === 'string' ? req.body : JSON.stringify(req.body));
  }
  return hash.digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotencyClaim', null);

  // preHandler: after authentication (the tenant is known) and after the body is validated.
  app.addHook('preHandler', async (req, reply) => {
    const raw = req.headers[HEADER];
    if (raw === undefined || !WRITE_METHODS.has(req.method) || !req.tenant) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (!KEY_PATTERN.test(key))
      throw new AppError(400, 'idempotency_key_invalid', idempotencyMessages.badKey);
    const claim = { companyId: req.tenant.companyId, userId: req.tenant.userId, key };
    const fingerprint = fingerprintOf(req);
    const route = req.routeOptions.url ?? req.url;
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const mine = and(
        eq(idempotencyKeys.companyId, claim.companyId),
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.key, claim.key),
      );
      // An expired key, or a first request abandoned by a dead instance, is free again.
      await db.delete(idempotencyKeys).where(
        and(
          mine,
          sql`(${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
              OR (${idempotencyKeys.status} IS NULL
                  AND ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})))`,
        ),
      );
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ ...claim, fingerprint, method: req.method, route })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) {
        req.idempotencyClaim = claim;
        return;
      }
      const [first] = await db.select().from(idempotencyKeys).where(mine);
      if (!first) continue; // removed meanwhile (a 5xx): claim it now
      if (first.fingerprint !== fingerprint)
        throw new AppError(422, 'idempotency_key_reused', idempotencyMessages.reused);
      if (first.status !== null) return replay(reply, first);
      if (Date.now() > deadline) {
        reply.header('retry-after', '5');
        throw new AppError(409, 'idempotency_in_progress', idempotencyMessages.inProgress);
      }
      await sleep(100);
    }
  });

  // Keeps the answer for the retries (in the request's tenant scope, like the handler's writes).
  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = null;
    const where = and(
      eq(idempotencyKeys.companyId, claim.companyId),
      eq(idempotencyKeys.userId, claim.userId),
      eq(idempotencyKeys.key, claim.key),
    );
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload : null;
    const keep = reply.statusCode < 500 && body !== null && body.length <= MAX_STORED_BODY;
    if (!keep) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({
        status: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: body.toString(),
        completedAt: sql`now()`,
      })
      .where(where);
    return payload;
  });

  // A request that failed before answering (an error thrown past the handler) frees its key.
  app.addHook('onResponse', async (req) => {
    const claim = req.idempotencyClaim;
    if (!claim) return;
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.companyId, claim.companyId),
          eq(idempotencyKeys.userId, claim.userId),
          eq(idempotencyKeys.key, claim.key),
        ),
      );
  });
}

function replay(
  reply: FastifyReply,
  first: { status: number | null; contentType: string | null; body: string | null },
) {
  reply.header('idempotent-replayed', 'true');
  if (first.contentType) reply.header('content-type', first.contentType);
  return reply.status(first.status!).send(first.body ?? '');
}

/** Removes answers older than the time they are kept (run by the hourly maintenance job). */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(
      lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
    )
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
