import type { Database } from '../../db/client';

/** The database channel the notifications trigger (migration 0009) announces on. */
export const REALTIME_CHANNEL = 'flowline_realtime';

/** What the database announces; delivered to the sockets of that user in that company. */
export interface RealtimeEvent {
  type: 'notification';
  id: number;
  companyId: number;
  userId: number;
  notificationTypeId: number;
  title: string;
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
