import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { realtimeEvents } from '../../db/schema/index';

/** The database channel every `realtime_events` row is announced on (migration 0027). */
export const REALTIME_CHANNEL = 'flowline_realtime';

/**
 * One event of the socket (docs/realtime.md): a `realtime_events` row. `seq` is its id; the
 * socket sends `{ type, seq, ...payload }` to the sockets of `userId` in `companyId`, or to every
 * socket of the company when `userId` is null.
 */
export interface RealtimeEvent {
  seq: number;
  companyId: number;
  userId: number | null;
  type: string;
  payload: Record<string, unknown>;
}

/** How a connection between two companies changed (both companies hear it). */
export type ConnectionChange = 'requested' | 'connected' | 'rejected' | 'removed';
/** A step of a document's route that changes lists and the document screen. */
export type DocumentChange = 'sent' | 'approved' | 'rejected' | 'paid';

/**
 * A change every member of the companies sees (announced by a service or a job with
 * `announceToCompanies`); each company gets its own row, so its own sequence position.
 */
export type CompanyEvent =
  | { type: 'documentExtraction'; companyIds: number[]; documentId: number; status: string }
  | { type: 'connection'; companyIds: number[]; change: ConnectionChange }
  | { type: 'document'; companyIds: number[]; documentId: number; change: DocumentChange }
  | {
      type: 'chatMessage';
      companyIds: number[];
      channelUrl: string;
      messageId: number;
      senderCompanyId: number;
    };

/**
 * Announces a company-wide event: one `realtime_events` row per company, in the caller's
 * transaction when `db` is one (delivered after its commit, never for a rollback).
 */
export async function announceToCompanies(db: Db, event: CompanyEvent): Promise<void> {
  const { type, companyIds, ...payload } = event;
  const unique = [...new Set(companyIds)];
  if (unique.length === 0) return;
  await db
    .insert(realtimeEvents)
    .values(unique.map((companyId) => ({ companyId, userId: null, type, payload })));
}

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface RealtimeHub {
  /**
   * Calls the listener for every event until the returned function is called; resolves once
   * this instance LISTENs (an event committed after that is delivered).
   */
  subscribe(listener: RealtimeListener): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * Fans database announcements out to this instance's subscribers. The database is the bus
 * (LISTEN/NOTIFY on PostgreSQL and on PGlite alike), so several API instances behind a load
 * balancer each deliver what any of them — or a job worker — wrote. The LISTEN connection opens
 * with the first subscriber, not at start-up. The socket route subscribes once per instance and
 * indexes its sockets itself (modules/realtime/registry.ts).
 */
export function createRealtimeHub(database: Database): RealtimeHub {
  const listeners = new Set<RealtimeListener>();
  let unlisten: Promise<() => Promise<void>> | null = null;

  const emit = (event: RealtimeEvent) => {
    for (const listener of listeners) listener(event);
  };
  const dispatch = (payload: string) => {
    let event: Partial<RealtimeEvent>;
    try {
      event = JSON.parse(payload) as Partial<RealtimeEvent>;
    } catch {
      return;
    }
    if (typeof event.seq !== 'number') return;
    if (event.type !== undefined) return emit(event as RealtimeEvent);
    // Too large for NOTIFY: the row itself is read.
    void readEvent(database.db, event.seq)
      .then((row) => row && emit(row))
      .catch(() => undefined);
  };

  return {
    async subscribe(listener) {
      listeners.add(listener);
      unlisten ??= database.listen(REALTIME_CHANNEL, dispatch).catch((error: unknown) => {
        unlisten = null;
        throw error;
      });
      await unlisten;
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      const stop = await unlisten?.catch(() => null);
      unlisten = null;
      await stop?.();
    },
  };
}

async function readEvent(db: Db, seq: number): Promise<RealtimeEvent | null> {
  const [row] = await db.select().from(realtimeEvents).where(eq(realtimeEvents.id, seq));
  if (!row) return null;
  return {
    seq: row.id,
    companyId: row.companyId,
    userId: row.userId,
    type: row.type,
    payload: row.payload,
  };
}
