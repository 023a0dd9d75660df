import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureApiAuth } from '../lib/api-client';
import { createOidcAuthClient } from './auth/oidc-auth-client';
import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders } from './providers';
import { routes } from './routes';

const authClient = createOidcAuthClient();
configureApiAuth(authClient);
const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders authClient={authClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
