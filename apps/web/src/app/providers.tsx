import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider, createSnackbarStore, type SnackbarStore } from '../components/snackbar';
import type { AuthClient } from './auth/auth-client';
import { AuthProvider } from './auth/auth-context';
import { createQueryClient } from './query-client';
import { theme } from './theme';

/** Everything above the router; tests use it with a fake auth client. */
export function AppProviders({
  authClient,
  snackbarStore,
  children,
}: {
  authClient: AuthClient;
  snackbarStore?: SnackbarStore;
  children: ReactNode;
}) {
  const [store] = useState(() => snackbarStore ?? createSnackbarStore());
  const [queryClient] = useState(() =>
    createQueryClient((message) => store.show(message, 'error')),
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider client={authClient}>{children}</AuthProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
