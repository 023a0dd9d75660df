import { useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { updateStore } from './update-store';

/** 'A new version is available — Reload', while a new version of the app waits. */
export function UpdatePrompt() {
  const apply = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, () => null);
  return (
    <Snackbar
      open={apply !== null}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="A new version is available"
      action={
        <Button color="secondary" size="small" onClick={() => apply?.()}>
          Reload
        </Button>
      }
    />
  );
}
