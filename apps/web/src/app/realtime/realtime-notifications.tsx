import { useRealtimeNotifications } from './use-realtime-notifications';

/**
 * The realtime socket as a component, so that its code — the socket and the query keys of every
 * screen it refreshes — loads after the first paint instead of with the shell (issue 16 item 4).
 */
export function RealtimeNotifications() {
  useRealtimeNotifications();
  return null;
}
