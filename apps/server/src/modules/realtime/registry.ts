import type { RealtimeEvent, RealtimeHub } from '../../platform/realtime/hub';

/** A socket as the registry knows it: who it belongs to and how to hand it a message. */
export interface RealtimeSubscriber {
  companyId: number;
  userId: number;
  /** `message` is the serialised `{ type, seq, ...payload }`, shared by every recipient. */
  push(seq: number, message: string): void;
}

interface CompanySockets {
  all: Set<RealtimeSubscriber>;
  byUser: Map<number, Set<RealtimeSubscriber>>;
}

export interface RealtimeRegistry {
  /** Registers the socket; resolves once this instance LISTENs (later commits reach it). */
  add(subscriber: RealtimeSubscriber): Promise<void>;
  remove(subscriber: RealtimeSubscriber): void;
  size(): number;
}

/**
 * The sockets of this instance indexed by company and user, behind one hub subscription: an
 * event costs a map lookup plus one send per recipient, and is serialised once
 * (docs/realtime.md, 'Scale').
 */
export function createRealtimeRegistry(hub: RealtimeHub): RealtimeRegistry {
  const byCompany = new Map<number, CompanySockets>();
  let count = 0;
  let listening: Promise<unknown> | null = null;

  const deliver = (event: RealtimeEvent) => {
    const company = byCompany.get(event.companyId);
    if (!company) return;
    const recipients = event.userId === null ? company.all : company.byUser.get(event.userId);
    if (!recipients?.size) return;
    const message = JSON.stringify({ type: event.type, seq: event.seq, ...event.payload });
    for (const subscriber of recipients) subscriber.push(event.seq, message);
  };

  return {
    async add(subscriber) {
      let company = byCompany.get(subscriber.companyId);
      if (!company) {
        company = { all: new Set(), byUser: new Map() };
        byCompany.set(subscriber.companyId, company);
      }
      company.all.add(subscriber);
      let user = company.byUser.get(subscriber.userId);
      if (!user) company.byUser.set(subscriber.userId, (user = new Set()));
      user.add(subscriber);
      count++;
      listening ??= hub.subscribe(deliver).catch((error: unknown) => {
        listening = null;
        throw error;
      });
      await listening;
    },
    remove(subscriber) {
      const company = byCompany.get(subscriber.companyId);
      if (!company?.all.delete(subscriber)) return;
      count--;
      const user = company.byUser.get(subscriber.userId);
      user?.delete(subscriber);
      if (user?.size === 0) company.byUser.delete(subscriber.userId);
      if (company.all.size === 0) byCompany.delete(subscriber.companyId);
    },
    size: () => count,
  };
}
