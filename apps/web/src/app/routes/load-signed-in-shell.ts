import { STORED_USER_KEY_PREFIX } from '../auth/stored-user-key';
import { loadHomePage } from './lazy-home-page';
import type * as SignedInShellModule from './signed-in-shell';

/** The shell's chunk; imported once, early when a session is likely so it loads beside the page's. */
let loading: Promise<typeof SignedInShellModule> | null = null;
let loaded: typeof SignedInShellModule | null = null;

export function loadSignedInShell() {
  loading ??= import('./signed-in-shell').then((module) => (loaded = module));
  return loading;
}

/** The shell's module once it has arrived: rendered without suspending (signed-in-layout.tsx). */
export const loadedSignedInShell = () => loaded;

/**
 * oidc-client-ts keeps the signed-in user in sessionStorage (auth/stored-user-key.ts): when it is
 * there, start downloading the shell before the auth configuration round trip ends instead of
 * after it, and Home's chunk with it when the address is `/`. In a production build the page's
 * warm-start script (build/warm-start.ts) has usually asked for both already.
 */
export function prefetchShellWhenSignedIn(
  storage: Pick<Storage, 'length' | 'key'> | undefined,
  pathname: string,
): boolean {
  if (!storage) return false;
  for (let i = 0; i < storage.length; i += 1) {
    if (storage.key(i)?.startsWith(STORED_USER_KEY_PREFIX)) {
      void loadSignedInShell();
      // Home renders inside the shell (not through a route `lazy`): fetch it beside the shell.
      if (pathname === '/') void loadHomePage();
      return true;
    }
  }
  return false;
}
