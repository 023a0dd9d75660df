import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid } from '@mui/x-data-grid';
import {
  invitationMessages,
  REJECT_REASON_MAX,
  Terminology,
  type Invitation,
} from '@flowline/shared';
import { ConfirmDialog } from '../../components/data-table/confirm-dialog';
import { ReadOnlyNotice } from '../../components/read-only/read-only-notice';
import { useSnackbar } from '../../components/snackbar';
import { useDateFormatter } from '../preferences';
import { useSession } from '../session/use-session';
import { useTerm } from '../terminology/api';
import {
  useDeleteInvitation,
  useInvitation,
  usePendingInvitations,
  useRejectInvitation,
} from './api';
import { matchesSearch } from './highlighted-text';
import { connectionName, invitationColumns } from './invitation-columns';

type Pending = { action: 'reject' | 'delete'; row: Invitation } | null;

/** Opened from a notification for an invitation that is no longer pending (spec 2 §2.7). */
function useActionedMessage(id: number | null): string | null {
  const { data, isError } = useInvitation(id);
  if (id === null) return null;
  if (isError) return invitationMessages.actionedOn;
  if (!data || data.status === 'pending') return null;
  const user = data.actionedByUserName ?? '';
  if (data.status === 'accepted') return invitationMessages.alreadyAccepted(user);
  if (data.status === 'rejected') return invitationMessages.alreadyRejected(user);
  return invitationMessages.actionedOn;
}

export function InvitationListPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isAdministrator } = useSession();
  const { formatDate } = useDateFormatter();
  const connectionTerm = useTerm(Terminology.Party);
  const snackbar = useSnackbar();
  const { data, isLoading } = usePendingInvitations();
  const reject = useRejectInvitation();
  const remove = useDeleteInvitation();
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const byNotification = Number(params.get('idByNotification')) || null;
  const [search, setSearch] = useState('');
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rows = useMemo(
    () =>
      (data ?? []).filter((row) =>
        matchesSearch(
          [
            connectionName(row),
            row.companyName,
            row.senderEmail,
            row.companyAddress,
            row.senderOrgUnitNameOfReceiverCompany,
          ],
          search,
        ),
      ),
    [data, search],
  );
  const actioned = useActionedMessage(byNotification);

  useEffect(() => {
    if (actioned) snackbar.showInfo(actioned);
  }, [actioned, snackbar]);

  const columns = useMemo(
    () =>
      invitationColumns({
        canAct: isAdministrator,
        compact,
        search,
        connectionTerm,
        formatDate,
        onAccept: (row) => void navigate(`/admin/invitation/${row.id}`),
        onReject: (row) => setPending({ action: 'reject', row }),
        onDelete: (row) => setPending({ action: 'delete', row }),
      }),
    [isAdministrator, compact, search, connectionTerm, formatDate, navigate],
  );

  const close = () => {
    setPending(null);
    setReason('');
  };
  const confirm = () => {
    if (!pending) return;
    const isReject = pending.action === 'reject';
    const handlers = {
      onSuccess: () => {
        snackbar.showSuccess(isReject ? invitationMessages.rejected : invitationMessages.deleted);
        close();
      },
      onError: (error: Error) => {
        snackbar.showError(error.message);
        close();
      },
    };
    if (isReject) reject.mutate({ id: pending.row.id, reason }, handlers);
    else remove.mutate(pending.row.id, handlers);
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Invitations
      </Typography>
      {!isAdministrator && <ReadOnlyNotice what="the invitations to your company" />}
      {actioned && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {actioned}
        </Alert>
      )}
      <TextField
        label="Search"
        type="search"
        size="small"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      />
      <DataGrid
        aria-label="Invitations"
        rows={rows}
        columns={columns}
        loading={isLoading}
        disableRowSelectionOnClick
        autoHeight
        getRowHeight={() => 'auto'}
        columnHeaderHeight={compact ? 40 : 56}
        hideFooter={rows.length <= 25}
        localeText={{
          noRowsLabel: search.trim() ? 'No invitations match the search' : 'No invitations',
        }}
        sx={{
          // Wrapped headers and cells instead of a table wider than the window (issue 11 item 6).
          '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2 },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 0.75 },
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'delete' ? 'Delete Invitation' : 'Reject Invitation'}
        message={
          pending?.action === 'delete'
            ? `Delete the expired invitation from ${pending.row.companyName}?`
            : `Reject the invitation from ${pending?.row.companyName ?? ''}?`
        }
        confirmLabel={pending?.action === 'delete' ? 'Delete' : 'Reject'}
        busy={reject.isPending || remove.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        {pending?.action === 'reject' && (
          <TextField
            label="Reason (optional)"
            helperText={`${pending.row.companyName} will see it`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: REJECT_REASON_MAX } }}
            sx={{ mt: 2 }}
          />
        )}
      </ConfirmDialog>
    </Box>
  );
}
