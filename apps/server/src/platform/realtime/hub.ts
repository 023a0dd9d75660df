import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';

/** The database channel the notifications trigger (migration 0009) announces on. */
export const REALTIME_CHANNEL = 'flowline_realtime';

/** A notification row (the trigger); delivered to the sockets of that user in that company. */
export interface NotificationEvent {
  type: 'notification';
  id: number;
  companyId: number;
  userId: number;
  notificationTypeId: number;
  title: string;
}

/**
 * A change every member of the companies sees (announced by a service or a job with
 * `announceToCompanies`); delivered to every socket of those companies without `companyIds`.
 */
export interface CompanyEvent {
  type: 'documentExtraction';
  companyIds: number[];
  documentId: number;
  status: string;
}

/** What the database announces. */
export type RealtimeEvent = NotificationEvent | CompanyEvent;

/** Announces a company-wide event on the realtime channel (delivered after the commit). */
export async function announceToCompanies(db: Db, event: CompanyEvent): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface RealtimeHub {
  /** Calls the listener for every event until the returned function is called. */
  subscribe(listener: RealtimeListener): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * Fans database announcements out to this instance's subscribers. The database is the bus
 * (LISTEN/NOTIFY on PostgreSQL and on PGlite alike), so several API instances behind a load
 * balancer each deliver what any of them — or a job worker — wrote. The LISTEN connection opens
 * with the first subscriber, not at start-up.
 */
export function createRealtimeHub(database: Database): RealtimeHub {
  const listeners = new Set<RealtimeListener>();
  let unlisten: Promise<() => Promise<void>> | null = null;

  const dispatch = (payload: string) => {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(payload) as RealtimeEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
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
