import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { apiKeyMessages, roleNames, type ApiKey, type RoleId } from '@flowline/shared';
import { ConfirmDialog } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { useApiKeys, useRevokeApiKey } from './api';
import { CreateApiKeyDialog } from './create-api-key-dialog';

/**
 * /admin/apikeys: the company's keys for its accounting system (docs/api-keys.md). A company has
 * a handful of keys, so the list is one table without paging.
 */
export function ApiKeyListPage() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const snackbar = useSnackbar();
  const { formatDateTime } = useDateFormatter();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <>
      <PageHeader
        title="API Keys"
        actions={
          <Button variant="contained" onClick={() => setCreating(true)}>
            New API Key
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Keys let your accounting system use the Flowline API for this company, with the role you
        choose. Send one as <code>X-Api-Key</code> or as a Bearer token.
      </Typography>
      {keys.isError && <Alert severity="error">{errorMessage(keys.error)}</Alert>}
      {keys.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : keys.data && keys.data.length === 0 ? (
        <Typography>There are no API keys yet.</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="API Keys" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Role</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Key</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Created</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Last used</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  Failed attempts
                </TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.data?.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{key.name}</TableCell>
                  <TableCell>{roleNames[key.role as RoleId] ?? ''}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    <code>{key.keyPrefix}…</code>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {formatDateTime(key.createdAt)}
                    {key.createdBy ? ` by ${key.createdBy}` : ''}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {key.failedAttempts === 0
                      ? 'None'
                      : `${key.failedAttempts}${key.lastFailedAt ? `, last ${formatDateTime(key.lastFailedAt)}` : ''}`}
                  </TableCell>
                  <TableCell>
                    {key.revokedAt ? (
                      <Chip size="small" label="Revoked" />
                    ) : (
                      <Chip size="small" color="success" variant="outlined" label="Active" />
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {!key.revokedAt && (
                      <Button color="error" size="small" onClick={() => setRevoking(key)}>
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API Key"
        message={`Revoke ${revoking?.name ?? ''}? The system using it loses access at once.`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => snackbar.showSuccess(apiKeyMessages.revoked),
            onError: (error) => snackbar.showError(errorMessage(error)),
            onSettled: () => setRevoking(null),
          })
        }
      />
    </>
  );
}
