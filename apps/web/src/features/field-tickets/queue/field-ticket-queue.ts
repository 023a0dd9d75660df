import { ApiError } from '../../../lib/api-error';
import type { CreateFieldTicketBody, SignoffBody, UpdateFieldTicketBody } from '../api';
import type { QueueStore, QueuedTicket } from './queue-store';

/** How the queue reaches the server; the app's is `api.ts`, tests pass fakes. */
export interface QueueTransport {
  create(body: CreateFieldTicketBody, companyId: number): Promise<{ documentId: number }>;
  /** Rewrites the server's draft (PATCH) with the phone's edited version. */
  update(documentId: number, body: UpdateFieldTicketBody, companyId: number): Promise<unknown>;
  signoff(documentId: number, body: SignoffBody, companyId: number): Promise<unknown>;
  /** A usable access token, renewed first when it expired while offline; false: sign in again. */
  ensureSession(): Promise<boolean>;
}

export interface QueueDeps {
  store: QueueStore;
  transport: QueueTransport;
  isOnline(): boolean;
  now?: () => number;
  /** Schedules the next automatic try; returns a cancel. */
  schedule?: (run: () => void, ms: number) => () => void;
}

/** Backoff after a failed try: 2 s, 4 s, 8 s … at most 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}

/** Sent tickets stay listed on the phone this long (the server's list has them too). */
const KEEP_SENT_MS = 7 * 24 * 3600_000;

const NETWORK_MESSAGE = 'No connection: the ticket is kept on this phone and sent when online.';
export const SIGN_IN_MESSAGE =
  'Your session has ended. Sign in again to send the tickets kept on this phone.';

export const editMessages = {
  sending: 'This ticket is being sent right now; it can no longer be edited on this phone.',
  reached: 'This ticket has already reached the server; it can no longer be edited here.',
  missing: 'This ticket is no longer on this phone.',
} as const;

/**
 * Whether one of the phone's tickets may still be edited here: only while the server has nothing
 * of it (not on its way, not created, not sent).
 */
export function editRefusal(item: QueuedTicket): string | null {
  if (item.state === 'sending') return editMessages.sending;
  if (item.documentId !== null || item.state === 'sent' || item.state === 'draft') {
    return editMessages.reached;
  }
  return null;
}

/** The PATCH body: the create's without its clientId. */
function updateBody(ticket: CreateFieldTicketBody): UpdateFieldTicketBody {
  const { clientId: _clientId, ...rest } = ticket;
  return rest;
}

/** A failure worth trying again by itself: no network, a server fault, a limit. */
function isRetryable(error: unknown) {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 408;
}

/**
 * The offline queue of field tickets (docs/field-tickets-offline.md). A ticket is saved to the
 * store first; `flush` then posts, in the order they were saved, each ticket's create and then
 * its signoff, with the clientIds made on the phone — the server answers a repeated clientId with
 * the ticket it already has, so a retry after a lost answer never makes a second one. One flush
 * runs at a time; a call during a flush runs another after it.
 */
export class FieldTicketQueue {
  private items = new Map<string, QueuedTicket>();
  private listeners = new Set<() => void>();
  private snapshot: QueuedTicket[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private cancelRetry: (() => void) | null = null;
  private loaded: Promise<void> | null = null;
  /** Only this user's tickets are sent (another user's wait for them on a shared phone). */
  private userId: number | null = null;
  private readonly now: () => number;
  private readonly schedule: (run: () => void, ms: number) => () => void;

  constructor(private readonly deps: QueueDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.schedule =
      deps.schedule ??
      ((run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The queued tickets, oldest first (a stable array between changes). */
  getSnapshot = () => this.snapshot;

  /** Reads the store once; tickets caught mid-send by a closed page are waiting again. */
  load(): Promise<void> {
    this.loaded ??= this.deps.store.all().then(async (all) => {
      for (const item of all) {
        if (item.state === 'sent' && this.now() - Date.parse(item.savedAt) > KEEP_SENT_MS) {
          await this.deps.store.delete(item.clientId);
          continue;
        }
        if (item.state === 'sending') item.state = 'waiting';
        this.items.set(item.clientId, item);
      }
      this.emit();
    });
    return this.loaded;
  }

  /** The signed-in user whose tickets this session sends. */
  setUser(userId: number | null) {
    this.userId = userId;
  }

  get(clientId: string): QueuedTicket | undefined {
    return this.items.get(clientId);
  }

  /** Saves a new ticket (not yet signed) on the phone, then tries to send. */
  async save(
    input: Pick<QueuedTicket, 'clientId' | 'companyId' | 'userId' | 'ticket' | 'operatorName'>,
  ): Promise<QueuedTicket> {
    await this.load();
    // A clientId the phone already has is an edit (same rules).
    if (this.items.has(input.clientId)) return this.edit(input.clientId, input);
    const item: QueuedTicket = {
      ...input,
      savedAt: new Date(this.now()).toISOString(),
      signoff: null,
      documentId: null,
      signed: false,
      state: 'waiting',
      error: null,
      attempts: 0,
      nextAttemptAt: null,
    };
    await this.put(item);
    void this.flush();
    return item;
  }

  /**
   * The crew's edit of a ticket still waiting on the phone (issue 32: a line or a quantity
   * changed before the ticket is sent). The same clientId, so the server still makes one ticket.
   * The representative's signature is dropped — they signed the earlier version — and is
   * captured again. Refused once the ticket is on its way or reached the server (editRefusal).
   * If a create of the earlier version went out and its answer was lost, the server may hold
   * that version: the edited one is sent over it (PATCH) before the signoff.
   */
  async edit(
    clientId: string,
    input: Pick<QueuedTicket, 'ticket' | 'operatorName'>,
  ): Promise<QueuedTicket> {
    await this.load();
    const before = this.items.get(clientId);
    if (!before) throw new Error(editMessages.missing);
    const refusal = editRefusal(before);
    if (refusal) throw new Error(refusal);
    // Checked and written in one turn of the event loop: a flush cannot start this ticket between.
    const item: QueuedTicket = {
      ...before,
      ticket: { ...input.ticket, clientId },
      operatorName: input.operatorName,
      signoff: null,
      signed: false,
      state: 'waiting',
      error: null,
      attempts: 0,
      nextAttemptAt: null,
      patchPending: before.createTried === true || before.patchPending === true,
    };
    await this.put(item);
    void this.flush();
    return item;
  }

  /** Keeps the captured signoff with its ticket, then tries to send both. */
  async addSignoff(clientId: string, signoff: SignoffBody): Promise<void> {
    await this.load();
    const item = this.items.get(clientId);
    if (!item) throw new Error('This ticket is no longer on this phone.');
    if (item.signoff) return;
    await this.put({
      ...item,
      signoff,
      state: item.state === 'draft' ? 'waiting' : item.state,
      attempts: 0,
      nextAttemptAt: null,
    });
    void this.flush();
  }

  /** The user's Retry: tries the ticket again now. */
  async retry(clientId: string): Promise<void> {
    const item = this.items.get(clientId);
    if (item && item.state !== 'sent') {
      await this.put({ ...item, state: 'waiting', error: null, attempts: 0, nextAttemptAt: null });
    }
    return this.flush();
  }

  /** Drops a ticket only the phone has (never one the server has). */
  async discard(clientId: string): Promise<void> {
    const item = this.items.get(clientId);
    if (!item || item.documentId !== null) return;
    this.items.delete(clientId);
    await this.deps.store.delete(clientId);
    this.emit();
  }

  /**
   * The network is back, the app started or the user asked: every waiting ticket is tried now,
   * whatever its backoff.
   */
  async sendNow(): Promise<void> {
    await this.load();
    for (const item of this.mine()) {
      if (item.state === 'waiting' || item.state === 'signin') {
        await this.put({ ...item, state: 'waiting', nextAttemptAt: null });
      }
    }
    return this.flush();
  }

  /** How many tickets of the user are not yet with the operator. */
  pendingCount(): number {
    return this.mine().filter((t) => t.state !== 'sent' && t.state !== 'draft').length;
  }

  /** Sends what can be sent; resolves when this flush (and one asked for during it) is over. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.flushOnce();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private mine() {
    return this.snapshot.filter((t) => this.userId === null || t.userId === this.userId);
  }

  private due(item: QueuedTicket) {
    if (item.state === 'sent' || item.state === 'error') return false;
    if (item.state === 'draft' && !item.signoff) return false;
    return true;
  }

  private async flushOnce() {
    await this.load();
    this.cancelRetry?.();
    this.cancelRetry = null;
    const queue = this.mine().filter((t) => this.due(t));
    if (queue.length === 0) return;
    if (!this.deps.isOnline()) {
      for (const item of queue) if (item.state !== 'waiting') await this.setState(item, 'waiting');
      return;
    }
    if (!(await this.deps.transport.ensureSession().catch(() => false))) {
      for (const item of queue)
        await this.put({ ...item, state: 'signin', error: SIGN_IN_MESSAGE });
      return;
    }
    for (const queued of queue) {
      const item = this.items.get(queued.clientId);
      if (!item || !this.due(item)) continue;
      if (item.nextAttemptAt !== null && item.nextAttemptAt > this.now()) continue;
      const outcome = await this.send(item);
      if (outcome === 'stop') break;
    }
    this.armRetry();
  }

  /** One ticket: its create (once), then its signoff (once). */
  private async send(start: QueuedTicket): Promise<'next' | 'stop'> {
    // A signoff may be captured while the create is on its way: always build on the latest copy.
    const latest = () => this.items.get(start.clientId) ?? start;
    await this.put({ ...latest(), state: 'sending', error: null });
    try {
      if (latest().documentId === null) {
        await this.put({ ...latest(), createTried: true });
        const created = await this.deps.transport.create(latest().ticket, start.companyId);
        await this.put({ ...latest(), documentId: created.documentId });
      }
      const edited = latest();
      if (edited.patchPending && edited.documentId !== null) {
        // The server's draft may be a version the phone no longer has: the edited one replaces it.
        await this.deps.transport.update(
          edited.documentId,
          updateBody(edited.ticket),
          edited.companyId,
        );
        await this.put({ ...latest(), patchPending: false });
      }
      const item = latest();
      if (item.signoff && !item.signed && item.documentId !== null) {
        await this.deps.transport.signoff(item.documentId, item.signoff, item.companyId);
        await this.put({ ...latest(), signed: true });
      }
      const done = latest();
      await this.put({
        ...done,
        state: done.signed ? 'sent' : 'draft',
        error: null,
        attempts: 0,
        nextAttemptAt: null,
      });
      // A signoff that came in during the create goes in this flush's next round.
      if (!done.signed && done.signoff) this.again = true;
      return 'next';
    } catch (error) {
      const item = latest();
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError && error.status === 401) {
        for (const other of this.mine().filter((t) => this.due(t))) {
          await this.put({ ...other, state: 'signin', error: SIGN_IN_MESSAGE });
        }
        return 'stop';
      }
      if (isRetryable(error)) {
        const attempts = item.attempts + 1;
        const offline = error instanceof ApiError && error.status === 0;
        await this.put({
          ...item,
          state: 'waiting',
          error: offline ? NETWORK_MESSAGE : message,
          attempts,
          nextAttemptAt: this.now() + retryDelayMs(attempts),
        });
        // Without a network the next tickets would fail the same way.
        return offline ? 'stop' : 'next';
      }
      // Refused (4xx): the user must look at it (and may edit it); the other tickets go on. A
      // refused create made nothing on the server.
      await this.put({
        ...item,
        state: 'error',
        error: message,
        nextAttemptAt: null,
        createTried: item.documentId === null ? false : item.createTried,
      });
      return 'next';
    }
  }

  /** The next automatic try: at the earliest backoff of the tickets still waiting. */
  private armRetry() {
    const waits = this.mine()
      .filter((t) => t.state === 'waiting' && t.nextAttemptAt !== null)
      .map((t) => t.nextAttemptAt!);
    if (waits.length === 0) return;
    const delay = Math.max(0, Math.min(...waits) - this.now());
    this.cancelRetry = this.schedule(() => {
      this.cancelRetry = null;
      void this.flush();
    }, delay);
  }

  private async setState(item: QueuedTicket, state: QueuedTicket['state']) {
    await this.put({ ...item, state });
  }

  private async put(item: QueuedTicket) {
    this.items.set(item.clientId, item);
    await this.deps.store.put(item);
    this.emit();
  }

  private emit() {
    this.snapshot = [...this.items.values()].sort((a, b) => a.savedAt.localeCompare(b.savedAt));
    this.listeners.forEach((l) => l());
  }

  /** Stops the automatic retry (tests, sign-out). */
  stop() {
    this.cancelRetry?.();
    this.cancelRetry = null;
  }
}
