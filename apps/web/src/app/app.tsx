import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureApiAuth } from '../lib/api-client';
import { createOidcAuthClient } from './auth/oidc-auth-client';
import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders } from './providers';
import { PwaUpdate, registerServiceWorkerAfterLoad } from './pwa/pwa-update';
import { routes } from './routes';
import { prefetchShellWhenSignedIn } from './routes/load-signed-in-shell';
import { prefetchSession } from '../features/session/prefetch';

const authClient = createOidcAuthClient();
configureApiAuth(authClient);
const router = createBrowserRouter(routes);
registerServiceWorkerAfterLoad();
if (prefetchShellWhenSignedIn(window.sessionStorage, window.location.pathname)) {
  // The session start's one call goes out beside the shell's code once the stored sign-in is
  // confirmed (the auth client's start is shared with the provider's).
  void authClient
    .start()
    .then(() => {
      if (authClient.getSnapshot().isAuthenticated) prefetchSession();
    })
    .catch(() => undefined);
}

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders authClient={authClient}>
        <RouterProvider router={router} />
        <PwaUpdate />
      </AppProviders>
    </AppErrorBoundary>
  );
}
