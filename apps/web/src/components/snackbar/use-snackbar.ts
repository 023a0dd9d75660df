import { useContext, useMemo } from 'react';
import { SnackbarContext } from './snackbar-context';
import type { SnackbarSeverity } from './snackbar-store';

export interface SnackbarApi {
  showSuccess(message: string): void;
  showInfo(message: string): void;
  showError(message: string): void;
  /** Stays on screen until closed. */
  showAlert(message: string, severity?: SnackbarSeverity): void;
}

export function useSnackbar(): SnackbarApi {
  const store = useContext(SnackbarContext);
  if (!store) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return useMemo(
    () => ({
      showSuccess: (m) => store.show(m, 'success'),
      showInfo: (m) => store.show(m, 'info'),
      showError: (m) => store.show(m, 'error'),
      showAlert: (m, severity = 'warning') => store.show(m, severity, true),
    }),
    [store],
  );
}
