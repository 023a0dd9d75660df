import { useCallback, useRef } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isAdministrator } from '@flowline/shared';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useAuth } from '../auth/auth-context';
import { RequireAuth } from '../auth/require-auth';
import { PublicLayout } from '../pages/public-layout';
import { loadSignedInShell, loadedSignedInShell } from './load-signed-in-shell';
import { useLoadedModule } from './use-loaded-module';

/** Routes that open without sign-in but use the shell when there is a session. */
const openInShell = ['/admin/logo'];

export function SignedInLayout() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const isOpen = openInShell.some((path) => matchPath({ path, caseSensitive: false }, pathname));

  if (isOpen && auth.status === 'loading') return <FullPageSpinner />;
  if (isOpen && !auth.isAuthenticated && !auth.signingOut) {
    return (
      <PublicLayout>
        <Outlet />
      </PublicLayout>
    );
  }
  return (
    <RequireAuth>
      <Shell />
    </RequireAuth>
  );
}

/**
 * The shell, rendered at once when its code is already here (prefetched at start), else a spinner
 * until it arrives — without `React.lazy`, which suspends on its first render even then and makes
 * React throttle the reveal after the fallback by 300 ms (issue 16 item 4).
 */
function Shell() {
  const queryClient = useQueryClient();
  const openingPath = useRef(useLocation().pathname).current;
  // The first render waits for the session start as well (its call went out beside the shell's
  // download, app.tsx): the frame and Home then render once with their data, in a transition,
  // instead of a spinner followed by a synchronous re-render of everything when the answer
  // arrives. A failed start is the session provider's to show.
  const load = useCallback(
    () =>
      loadSignedInShell().then(async (shell) => {
        const start = await queryClient
          .ensureQueryData(shell.sessionStartQueryOptions(queryClient, openingPath))
          .catch(() => undefined);
        // The welcome dialog opens with the shell, not a moment after it.
        if (start?.kind === 'ready' && start.user.showWelcomeMessage && isAdministrator(start.user))
          await shell.loadWelcomeDialog().catch(() => undefined);
        return shell;
      }),
    [queryClient, openingPath],
  );
  // Taken at once only with its session start answered too: the shell's code often arrives before
  // the first render, and rendering it then would show the session provider's spinner and mount
  // the whole frame and Home in the synchronous render that the query's answer triggers.
  const current = useCallback(() => {
    const shell = loadedSignedInShell();
    if (!shell) return null;
    const { queryKey } = shell.sessionStartQueryOptions(queryClient, openingPath);
    return queryClient.getQueryState(queryKey)?.status === 'success' ? shell : null;
  }, [queryClient, openingPath]);
  const module = useLoadedModule(current, load);
  return module ? <module.SignedInShell /> : <FullPageSpinner />;
}
