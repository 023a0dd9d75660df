import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureApiAuth } from '../lib/api-client';
import { createOidcAuthClient } from './auth/oidc-auth-client';
import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders } from './providers';
import { routes } from './routes';
import { prefetchShellWhenSignedIn } from './routes/load-signed-in-shell';

const authClient = createOidcAuthClient();
configureApiAuth(authClient);
const router = createBrowserRouter(routes);
prefetchShellWhenSignedIn(window.sessionStorage, window.location.pathname);

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders authClient={authClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
