import { lazy, Suspense } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useAuth } from '../auth/auth-context';
import { RequireAuth } from '../auth/require-auth';
import { PublicLayout } from '../pages/public-layout';
import { loadSignedInShell } from './load-signed-in-shell';

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
        <SignedInShell />
      </Suspense>
    </RequireAuth>
  );
}
