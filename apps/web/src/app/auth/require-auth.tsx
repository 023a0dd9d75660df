import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useAuth } from './auth-context';

/** Where an unauthenticated visit to `path` goes: the landing page, which signs in and returns. */
export function landingRedirectFor(path: string): string {
  // The bare root shows the landing page itself rather than starting a sign-in straight away.
  return path === '/' ? '/landingpage' : `/landingpage?redirectTo=${encodeURIComponent(path)}`;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { pathname, search, hash } = useLocation();

  if (auth.status === 'loading') return <FullPageSpinner />;
  if (auth.signingOut) return <FullPageSpinner label="Signing out…" />;
  if (auth.status === 'error') return <Navigate to="/errorLoading" replace />;
  if (!auth.isAuthenticated)
    return <Navigate to={landingRedirectFor(`${pathname}${search}${hash}`)} replace />;
  return children;
}
