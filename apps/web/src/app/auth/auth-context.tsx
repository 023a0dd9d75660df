import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthClient, AuthSnapshot } from './auth-client';

export interface AuthContextValue extends AuthSnapshot {
  signIn(returnTo: string): Promise<void>;
  completeSignIn(): Promise<string>;
  /** Clears the cached tenant data and ends the session; the stored selected company is kept. */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ client, children }: { client: AuthClient; children: ReactNode }) {
  const snapshot = useAuthSnapshot(client);
  const queryClient = useQueryClient();

  useEffect(() => {
    // A failure is shown by the pages reading `status` (they open ErrorLoading).
    client.start().catch(() => undefined);
  }, [client]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...snapshot,
      signIn: (returnTo) => client.signIn(returnTo),
      completeSignIn: () => client.completeSignIn(),
      signOut: async () => {
        const done = client.signOut();
        queryClient.clear();
        clearSessionFlags();
        await done;
      },
    }),
    [snapshot, client, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * The client's snapshot as state updated in a transition, not `useSyncExternalStore`: the start's
 * answer re-renders the whole app below, and a store update would do it in one synchronous task;
 * a transition renders it in slices that leave the main thread free (issue 16 item 4).
 */
function useAuthSnapshot(client: AuthClient): AuthSnapshot {
  const [snapshot, setSnapshot] = useState(client.getSnapshot);
  useEffect(() => {
    const sync = () => startTransition(() => setSnapshot(client.getSnapshot()));
    const unsubscribe = client.subscribe(sync);
    // A change between the first render and the subscription.
    sync();
    return unsubscribe;
  }, [client]);
  return snapshot;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Per-session UI flags (e.g. the welcome dialog shown) live in sessionStorage under this prefix. */
export const SESSION_FLAG_PREFIX = 'flowline.session.';

function clearSessionFlags() {
  try {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key.startsWith(SESSION_FLAG_PREFIX)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
