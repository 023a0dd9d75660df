import type { IDBPDatabase } from 'idb';
import type { CreateFieldTicketBody, SignoffBody } from '../api';

/**
 * Where a queued ticket is: saved on the phone and not yet sent ('waiting'), on its way
 * ('sending'), created on the server as a draft that waits for the operator's signature
 * ('draft'), signed and sent to the operator ('sent'), refused by the server ('error', Retry),
 * or waiting for the user to sign in again ('signin').
 */
export type QueueState = 'waiting' | 'sending' | 'draft' | 'sent' | 'error' | 'signin';

/** A field ticket written on the phone, kept in IndexedDB until the server has it. */
export interface QueuedTicket {
  /** The ticket's clientId (crypto.randomUUID): the key here and the server's dedupe key. */
  clientId: string;
  /** The vendor company it is written for (sent as Company-Id). */
  companyId: number;
  /** The user who wrote it: only their session sends it. */
  userId: number;
  /** When it was saved on the phone (ISO): the queue sends in this order. */
  savedAt: string;
  ticket: CreateFieldTicketBody;
  /** Shown while only the phone has the ticket. */
  operatorName: string;
  /** The captured signoff with its own clientId; null until the operator's representative signs. */
  signoff: SignoffBody | null;
  /** The server's document once the create was answered. */
  documentId: number | null;
  /** The signoff was answered: the ticket is with the operator. */
  signed: boolean;
  state: QueueState;
  /** The last failure shown to the user. */
  error: string | null;
  /** Failed tries since the last success (the backoff's exponent). */
  attempts: number;
  /** Epoch ms of the next automatic try after a failure. */
  nextAttemptAt: number | null;
  /**
   * A create of this ticket went on the wire and its answer never came: the server may hold that
   * version (absent in tickets kept by earlier versions of the app: false).
   */
  createTried?: boolean;
  /**
   * The ticket was edited on the phone after such a create: once the server's draft is known,
   * the edited version is sent over it (PATCH) before the signoff.
   */
  patchPending?: boolean;
}

/** The queue's storage: IndexedDB in the browser, a Map in tests. */
export interface QueueStore {
  all(): Promise<QueuedTicket[]>;
  put(ticket: QueuedTicket): Promise<void>;
  delete(clientId: string): Promise<void>;
}

export function memoryQueueStore(initial: QueuedTicket[] = []): QueueStore & {
  items: Map<string, QueuedTicket>;
} {
  const items = new Map(initial.map((t) => [t.clientId, structuredClone(t)]));
  return {
    items,
    all: () => Promise.resolve([...items.values()].map((t) => structuredClone(t))),
    put: (ticket) => {
      items.set(ticket.clientId, structuredClone(ticket));
      return Promise.resolve();
    },
    delete: (clientId) => {
      items.delete(clientId);
      return Promise.resolve();
    },
  };
}

const DB_NAME = 'flowline-field-tickets';
const STORE = 'queue';

/** The IndexedDB store (idb), opened on first use. */
export function indexedDbQueueStore(): QueueStore {
  let opening: Promise<IDBPDatabase> | null = null;
  const db = () =>
    (opening ??= import('idb').then(({ openDB }) =>
      openDB(DB_NAME, 1, {
        upgrade(database) {
          database.createObjectStore(STORE, { keyPath: 'clientId' });
        },
      }),
    ));
  return {
    all: async () => (await (await db()).getAll(STORE)) as QueuedTicket[],
    put: async (ticket) => {
      await (await db()).put(STORE, ticket);
    },
    delete: async (clientId) => {
      await (await db()).delete(STORE, clientId);
    },
  };
}
