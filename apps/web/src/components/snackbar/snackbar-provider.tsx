import { useState, useSyncExternalStore, type ReactNode, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SNACKBAR_TIMEOUT_MS } from '@flowline/shared';
import { SnackbarContext } from './snackbar-context';
import type { SnackbarStore } from './snackbar-store';

export function SnackbarProvider({
  store,
  children,
}: {
  store: SnackbarStore;
  children: ReactNode;
}) {
  const queue = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const current = queue[0];
  // The message stays in the queue while its exit transition runs, so the next one waits.
  const [closingId, setClosingId] = useState<number | null>(null);

  const handleClose = (_event: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway' || !current) return;
    setClosingId(current.id);
  };

  return (
    <SnackbarContext.Provider value={store}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={closingId !== current.id}
          autoHideDuration={current.persist ? null : SNACKBAR_TIMEOUT_MS}
          onClose={handleClose}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          slotProps={{ transition: { onExited: () => store.dismiss(current.id) } }}
        >
          <Alert
            severity={current.severity}
            variant="filled"
            onClose={() => handleClose(null)}
            sx={{ width: '100%', alignItems: 'center' }}
          >
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </SnackbarContext.Provider>
  );
}
