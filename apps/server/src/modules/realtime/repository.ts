import { and, asc, eq, gt, gte, isNull, lte, max, min, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { realtimeEvents } from '../../db/schema/index';
import type { RealtimeEvent } from '../../platform/realtime/hub';

/** At most this many missed events are replayed; beyond, the client is told to resync. */
export const CATCH_UP_LIMIT = 500;
/**
 * How much earlier than the client's last event a transaction may have started and still be
 * replayed: ids are taken at insert, rows appear at commit, so an event can commit after a later
 * one the client already received (docs/realtime.md, 'Late commits').
 */
export const LATE_COMMIT_WINDOW_MS = 30_000;
/** The most recent sequence ids a client reports as received (`seen`); the web client keeps as many. */
export const SEEN_LIMIT = 256;

export type CatchUp =
  { resync: false; events: RealtimeEvent[]; head: number } | { resync: true; head: number };

const visibleTo = (companyId: number, userId: number) =>
  and(
    eq(realtimeEvents.companyId, companyId),
    or(isNull(realtimeEvents.userId), eq(realtimeEvents.userId, userId)),
  );

/**
 * The events of the user in the company after `lastSeq` (oldest first), or 'resync' when they
 * cannot all be replayed: more than CATCH_UP_LIMIT, rows after `lastSeq` already pruned, or a
 * `lastSeq` this database never issued. `head` is the newest sequence the user may see.
 *
 * Also replayed, when the client says where its session started (`startSeq`): events after
 * `startSeq` up to `lastSeq`, not in `seen`, whose transaction started at most
 * LATE_COMMIT_WINDOW_MS before the `lastSeq` event's — the ones that committed after it.
 */
export async function eventsSince(
  db: Db,
  companyId: number,
  userId: number,
  lastSeq: number | undefined,
  late: { seen?: readonly number[]; startSeq?: number } = {},
): Promise<CatchUp> {
  const [[bounds], [own]] = await Promise.all([
    db.select({ oldest: min(realtimeEvents.id) }).from(realtimeEvents),
    db
      .select({ head: max(realtimeEvents.id) })
      .from(realtimeEvents)
      .where(visibleTo(companyId, userId)),
  ]);
  const head = Number(own?.head ?? 0);
  if (lastSeq === undefined) return { resync: false, events: [], head };
  const oldest = bounds?.oldest == null ? null : Number(bounds.oldest);
  if (lastSeq > head) {
    // Newer than anything of this user (their rows pruned, or another database): a resync if
    // this database never issued that sequence.
    const [global] = await db.select({ head: max(realtimeEvents.id) }).from(realtimeEvents);
    if (lastSeq > Number(global?.head ?? 0)) return { resync: true, head };
  }
  if (oldest !== null && lastSeq + 1 < oldest) return { resync: true, head };
  if (oldest === null && lastSeq > 0) return { resync: true, head };
  const lateCommits = await lateCommitsFilter(db, lastSeq, late);
  const rows = await db
    .select()
    .from(realtimeEvents)
    .where(
      and(
        visibleTo(companyId, userId),
        lateCommits
          ? or(gt(realtimeEvents.id, lastSeq), lateCommits)
          : gt(realtimeEvents.id, lastSeq),
      ),
    )
    .orderBy(asc(realtimeEvents.id))
    .limit(CATCH_UP_LIMIT + 1);
  if (rows.length > CATCH_UP_LIMIT) return { resync: true, head };
  return {
    resync: false,
    head: Math.max(head, lastSeq),
    events: rows.map((row) => ({
      seq: row.id,
      companyId: row.companyId,
      userId: row.userId,
      type: row.type,
      payload: row.payload,
    })),
  };
}

/** The rows up to `lastSeq` that may have committed after it, not yet seen by the client. */
async function lateCommitsFilter(
  db: Db,
  lastSeq: number,
  { seen = [], startSeq }: { seen?: readonly number[]; startSeq?: number },
) {
  if (startSeq === undefined || startSeq >= lastSeq) return undefined;
  const [last] = await db
    .select({ createdAt: realtimeEvents.createdAt })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.id, lastSeq));
  if (!last) return undefined;
  return and(
    gt(realtimeEvents.id, startSeq),
    lte(realtimeEvents.id, lastSeq),
    gte(realtimeEvents.createdAt, new Date(last.createdAt.getTime() - LATE_COMMIT_WINDOW_MS)),
    seen.length ? notInArray(realtimeEvents.id, [...seen]) : undefined,
  );
}
