import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  Role,
  apiKeyMessages,
  assignableRoleIds,
  roleNames,
  zCreateApiKeyInput,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useCreateApiKey } from './api';

type FormValues = { name: string; role: number };

/** New API Key: a name and a role, then the key itself, shown this once with a copy button. */
export function CreateApiKeyDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const create = useCreateApiKey();
  const snackbar = useSnackbar();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { control, handleSubmit, reset } = useForm<FormValues, unknown, CreateApiKeyInput>({
    resolver: zodResolver(zCreateApiKeyInput) as never,
    defaultValues: { name: '', role: Role.Processor },
  });
  const close = () => {
    reset();
    setCreated(null);
    create.reset();
    onClose();
  };
  const submit = (values: CreateApiKeyInput) =>
    create.mutate(values, {
      onSuccess: (key) => {
        setCreated(key);
        snackbar.showSuccess(apiKeyMessages.created);
      },
    });

  return (
    <Dialog open={open} onClose={close} aria-labelledby="new-api-key-title" fullWidth maxWidth="sm">
      <DialogTitle id="new-api-key-title">New API Key</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {apiKeyMessages.shownOnce}
            </Alert>
            <TextField
              label={`Key of ${created.name}`}
              value={created.key}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-api-key' } }}
              onFocus={(e) => e.target.select()}
            />
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(created.key)
                  .then(() => snackbar.showSuccess('Copied'))
                  .catch(() => undefined)
              }
            >
              Copy
            </Button>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={handleSubmit(submit)}>
          <DialogContent>
            <Stack spacing={2}>
              {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
              <Controller
                name="name"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label="Name"
                    required
                    autoFocus
                    fullWidth
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? 'e.g. the accounting system it is for'}
                  />
                )}
              />
              <Controller
                name="role"
                control={control}
                render={({ field }) => (
                  <TextField {...field} select label="Role" fullWidth>
                    {assignableRoleIds.map((id) => (
                      <MenuItem key={id} value={id}>
                        {roleNames[id]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              Create
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
