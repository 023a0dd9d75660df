import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { LIST_VIEW_NAME_MAX, type ListView, type ListViewInput } from '@flowline/shared';
import { errorMessage } from '../../../lib/api-error';
import { useSaveListView } from './list-views-api';

/**
 * 'Save view' (issue 30 item 6): the list's columns, filters and sort under a name, for the
 * user alone or shared with the company. With `existing`, the view is changed instead.
 */
export function SaveViewDialog({
  state,
  existing,
  onSaved,
  onClose,
}: {
  /** What the view holds (everything but the name and sharing). */
  state: Omit<ListViewInput, 'name' | 'shared'>;
  existing?: ListView;
  onSaved(view: ListView): void;
  onClose(): void;
}) {
  const [name, setName] = useState(existing?.name ?? '');
  const [shared, setShared] = useState(existing?.shared ?? false);
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useSaveListView();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError('Name the view');
      return;
    }
    setNameError(null);
    save.mutate(
      { id: existing?.id ?? null, input: { ...state, name: name.trim(), shared } },
      { onSuccess: onSaved },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{existing ? 'Update view' : 'Save view'}</DialogTitle>
        <DialogContent>
          {save.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(save.error)}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="View name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!nameError}
            helperText={nameError}
            slotProps={{ htmlInput: { maxLength: LIST_VIEW_NAME_MAX } }}
          />
          <FormControlLabel
            control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} />}
            label="Share with the company"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
