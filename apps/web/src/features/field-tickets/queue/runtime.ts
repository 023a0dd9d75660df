import { useSyncExternalStore } from 'react';
import { ensureFreshAccessToken } from '../../../lib/api-client';
import { createFieldTicket, signOffFieldTicket, updateFieldTicket } from '../api';
import { FieldTicketQueue } from './field-ticket-queue';
import { indexedDbQueueStore, memoryQueueStore } from './queue-store';

/** The app's one queue: IndexedDB, the API client, the browser's online state. */
export const fieldTicketQueue = new FieldTicketQueue({
  // Without IndexedDB (a private window of some browsers, jsdom) the queue lives as long as the tab.
  store: typeof indexedDB === 'undefined' ? memoryQueueStore() : indexedDbQueueStore(),
  transport: {
    create: (body, companyId) => createFieldTicket(body, { companyId }),
    update: (documentId, body, companyId) => updateFieldTicket(documentId, body, { companyId }),
    signoff: (documentId, body, companyId) => signOffFieldTicket(documentId, body, { companyId }),
    ensureSession: () => ensureFreshAccessToken(),
  },
  isOnline: () => navigator.onLine !== false,
});

let listening = false;

/**
 * Starts sending for the signed-in user: now (the app start), whenever the browser comes back
 * online, and on the queue's own backoff after a failure.
 */
export function startFieldTicketQueue(userId: number) {
  fieldTicketQueue.setUser(userId);
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => void fieldTicketQueue.sendNow());
  }
  void fieldTicketQueue.sendNow().catch(() => undefined);
}

/** The queued tickets, re-rendering on every change. */
export function useFieldTicketQueue() {
  return useSyncExternalStore(fieldTicketQueue.subscribe, fieldTicketQueue.getSnapshot);
}
