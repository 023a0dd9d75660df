/** The chat panel's code (features/chat): one request however often it is asked for. */
export const loadChatPanel = () => import('../../features/chat/chat-panel');

/** Starts loading the panel's code ahead of a likely click (a failure shows when it is opened). */
export function prefetchChatPanel(): void {
  loadChatPanel().catch(() => undefined);
}
