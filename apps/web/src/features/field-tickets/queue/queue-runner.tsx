import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../session/use-session';
import { fieldTicketKeys } from '../api';
import { fieldTicketQueue, startFieldTicketQueue } from './runtime';

/**
 * Mounted by the signed-in frame after its first paint: starts the offline queue for the user
 * (tickets left from an earlier visit go out now) and refreshes the field ticket lists whenever
 * one of the phone's tickets reaches the server.
 */
export function FieldTicketQueueRunner() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const reached = useRef<string>('');
  useEffect(() => {
    startFieldTicketQueue(user.id);
    return fieldTicketQueue.subscribe(() => {
      const now = fieldTicketQueue
        .getSnapshot()
        .filter((t) => t.documentId !== null)
        .map((t) => `${t.clientId}:${t.state}`)
        .join(',');
      if (now === reached.current) return;
      reached.current = now;
      void queryClient.invalidateQueries({ queryKey: fieldTicketKeys.all });
    });
  }, [user.id, queryClient]);
  return null;
}
