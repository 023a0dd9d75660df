import { vi } from 'vitest';
import type { AuthClient, AuthSnapshot } from '../app/auth/auth-client';

export type FakeAuthClient = AuthClient & {
  signIn: ReturnType<typeof vi.fn<AuthClient['signIn']>>;
  signOut: ReturnType<typeof vi.fn<AuthClient['signOut']>>;
  completeSignIn: ReturnType<typeof vi.fn<AuthClient['completeSignIn']>>;
  set(patch: Partial<AuthSnapshot>): void;
};

/** Stands in for the OIDC client: the identity provider is outside the app under test. */
export function createFakeAuthClient(initial: Partial<AuthSnapshot> = {}): FakeAuthClient {
  let snapshot: AuthSnapshot = {
    status: 'ready',
    isAuthenticated: true,
    signingOut: false,
    ...initial,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<AuthSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    listeners.forEach((l) => l());
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start: () => Promise.resolve(),
    signIn: vi.fn<AuthClient['signIn']>(() => Promise.resolve()),
    completeSignIn: vi.fn<AuthClient['completeSignIn']>(() => Promise.resolve('/')),
    signOut: vi.fn<AuthClient['signOut']>(() => {
      set({ signingOut: true });
      return Promise.resolve();
    }),
    getAccessToken: () => Promise.resolve(snapshot.isAuthenticated ? 'test-token' : null),
    renewAccessToken: () => Promise.resolve(null),
    onSessionExpired: () => undefined,
    set,
  };
}
