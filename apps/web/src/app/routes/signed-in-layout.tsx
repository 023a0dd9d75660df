import { lazy, Suspense, useState } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useAuth } from '../auth/auth-context';
import { RequireAuth } from '../auth/require-auth';
import { PublicLayout } from '../pages/public-layout';
import { loadSignedInShell, loadedSignedInShell } from './load-signed-in-shell';

const SignedInShell = lazy(async () => ({ default: (await loadSignedInShell()).SignedInShell }));

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
      <Suspense fallback={<FullPageSpinner />}>
        <Shell />
      </Suspense>
    </RequireAuth>
  );
}

/**
 * The shell, rendered at once when its code is already here (prefetched at start): a `React.lazy`
 * suspends on its first render even then, showing the spinner and throttling the reveal by 300 ms.
 * Chosen once per mount: switching component types later would remount the whole frame.
 */
function Shell() {
  const [Frame] = useState(() => loadedSignedInShell()?.SignedInShell ?? SignedInShell);
  return <Frame />;
}
