import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  connectionStatusLabels,
  type Connection,
  type ConnectionListRow,
  type ConnectionStatus,
} from '@flowline/shared';
import { AdminOnlyTooltip } from '../../components/read-only/read-only-notice';
import { useSnackbar } from '../../components/snackbar';
import { useFeatureFlags } from '../feature-flags/api';
import { useSession } from '../session/use-session';
import { connectionQueryOptions } from './api';
import {
  ConnectConfirmDialog,
  DisconnectDialog,
  EmailInputDialog,
} from './connection-action-dialogs';
import {
  alreadyConnectedMessage,
  connectedMessage,
  useConnectConnection,
  useDisconnectConnection,
  useInviteConnection,
  useReconnectConnection,
  useResendInvite,
} from './network-actions-api';

type Action = 'connect' | 'invite' | 'resend' | 'resendRequest' | 'disconnect' | 'reconnect';

/** The action each status offers (spec 1 §4, spec 2 §4.2). */
const statusActions: Partial<Record<ConnectionStatus, { action: Action; label: string }>> = {
  connected: { action: 'disconnect', label: 'Disconnect' },
  onNetwork: { action: 'connect', label: 'Connect' },
  notOnNetwork: { action: 'invite', label: 'Invite' },
  inviteSent: { action: 'resend', label: 'Resend Invite' },
  inviteExpired: { action: 'resend', label: 'Resend Invite' },
  connectionRequestExpired: { action: 'resendRequest', label: 'Resend connection request' },
  // Issue 27 items 17, 18: a rejection can be answered by asking again; a company that left
  // from its side is still on the network and can be asked to reconnect.
  inviteRejected: { action: 'resend', label: 'Resend Invite' },
  connectionRequestRejected: { action: 'resendRequest', label: 'Resend connection request' },
  disconnected: { action: 'reconnect', label: 'Reconnect' },
  disconnectedByOther: { action: 'reconnect', label: 'Reconnect' },
};

const colors: Record<ConnectionStatus, 'success' | 'info' | 'warning' | 'default' | 'error'> = {
  connected: 'success',
  onNetwork: 'info',
  connecting: 'info',
  inviteSent: 'info',
  inviteExpired: 'warning',
  connectionRequestExpired: 'warning',
  inviteRejected: 'error',
  connectionRequestRejected: 'error',
  disconnected: 'error',
  disconnectedByOther: 'warning',
  notOnNetwork: 'default',
};

export const connectConnectionPath = (id: number) => `/admin/connectConnection/${id}`;
export { requestSentMessage } from './network-actions-api';

/** The actions that ask a company to connect: each first checks it is not linked already. */
const connecting: readonly Action[] = ['connect', 'resendRequest', 'reconnect'];

type Row = Pick<ConnectionListRow, 'id' | 'name' | 'partyStatus'> &
  Partial<
    Pick<
      ConnectionListRow,
      'suggestedCompanyName' | 'connectedCompanyName' | 'inviteRejectionReason'
    >
  > &
  Partial<Pick<Connection, 'inviteEmailAddress' | 'emails'>>;

/** The address an invitation goes to by default: the one invited before, else the first e-mail. */
export function invitedEmail(c: Partial<Pick<Connection, 'inviteEmailAddress' | 'emails'>>) {
  const first = c.emails?.map((e) => e.trim()).find(Boolean);
  return c.inviteEmailAddress?.trim() || first || '';
}

/**
 * Status badge, the rejecting company's reason when it gave one, and the status's action with its
 * dialog — disabled, with the reason why, for members who are not Administrators (issue 27 item 20).
 */
export function ConnectionStatusCell({ row }: { row: Row }) {
  const { isAdministrator } = useSession();
  const entry = statusActions[row.partyStatus];
  const reason = row.inviteRejectionReason?.trim();
  return (
    // Badge and action wrap inside a narrow cell instead of being cut off (issue 11).
    <Stack
      direction="row"
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, minWidth: 0 }}
    >
      <Chip
        size="small"
        color={colors[row.partyStatus]}
        label={connectionStatusLabels[row.partyStatus]}
        sx={{
          height: 'auto',
          maxWidth: '100%',
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        }}
      />
      {entry &&
        (isAdministrator ? (
          <ActionButton row={row} {...entry} />
        ) : (
          <AdminOnlyTooltip disabled>
            <Button size="small" disabled sx={{ whiteSpace: 'normal', lineHeight: 1.3 }}>
              {entry.label}
            </Button>
          </AdminOnlyTooltip>
        ))}
      {reason && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ flexBasis: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere' }}
        >
          Reason: {reason}
        </Typography>
      )}
    </Stack>
  );
}

function ActionButton({ row, action, label }: { row: Row; action: Action; label: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { networkMatchEnhancementFlag } = useFeatureFlags();
  const connect = useConnectConnection();
  const reconnect = useReconnectConnection();
  const invite = useInviteConnection();
  const resend = useResendInvite();
  const disconnect = useDisconnectConnection();
  const [checking, setChecking] = useState(false);
  const queryClient = useQueryClient();
  const [prefill, setPrefill] = useState('');
  const company = row.suggestedCompanyName ?? row.connectedCompanyName ?? row.name;
  const close = () => setOpen(false);
  const requested = () => {
    close();
    void connectedMessage(row.id, company).then((message) => snackbar.showSuccess(message));
  };
  const busy =
    checking || [connect, reconnect, invite, resend, disconnect].some((m) => m.isPending);

  // Issue 11 item 19: the form starts with the invited e-mail. A list row does not carry the
  // e-mails, so the connection is read first; without it the field starts empty.
  const emailToInvite = async () => {
    if (row.emails) return invitedEmail(row);
    setChecking(true);
    const connection = await queryClient
      .fetchQuery({ ...connectionQueryOptions(row.id), meta: { silent: true } })
      .catch(() => null)
      .finally(() => setChecking(false));
    return connection ? invitedEmail(connection) : '';
  };

  const start = async (e: MouseEvent) => {
    // The row itself opens the edit form.
    e.stopPropagation();
    if (connecting.includes(action)) {
      setChecking(true);
      const refused = await alreadyConnectedMessage(row.id)
        .catch(() => null)
        .finally(() => setChecking(false));
      if (refused) return snackbar.showError(refused);
    }
    if (action === 'connect' && networkMatchEnhancementFlag)
      return void navigate(connectConnectionPath(row.id), { state: { companyName: company } });
    if (action === 'resendRequest') return connect.mutate({ id: row.id }, { onSuccess: requested });
    if (action === 'invite' || action === 'resend') setPrefill(await emailToInvite());
    setOpen(true);
  };

  return (
    <span onClick={(e) => e.stopPropagation()} style={{ minWidth: 0 }}>
      <Button
        size="small"
        onClick={(e) => void start(e)}
        disabled={busy}
        sx={{ whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 }}
      >
        {label}
      </Button>
      {open && action === 'connect' && (
        <ConnectConfirmDialog
          open
          busy={busy}
          companyName={company}
          onClose={close}
          onConfirm={() => connect.mutate({ id: row.id }, { onSuccess: requested })}
        />
      )}
      {open && action === 'reconnect' && (
        <ConnectConfirmDialog
          open
          busy={busy}
          companyName={company}
          onClose={close}
          onConfirm={() => reconnect.mutate(row.id, { onSuccess: requested })}
        />
      )}
      {open && (action === 'invite' || action === 'resend') && (
        <EmailInputDialog
          open
          busy={busy}
          title={`${label}: ${row.name}`}
          confirmLabel={action === 'invite' ? 'Invite' : 'Resend'}
          initialEmail={prefill}
          onClose={close}
          onSubmit={(email) =>
            (action === 'invite' ? invite : resend).mutate(
              { id: row.id, email },
              { onSuccess: () => (close(), snackbar.showSuccess(`Invitation sent to ${email}`)) },
            )
          }
        />
      )}
      {open && action === 'disconnect' && (
        <DisconnectDialog
          open
          busy={busy}
          name={row.name}
          onClose={close}
          onConfirm={(deleteRelationship) =>
            disconnect.mutate(
              { id: row.id, deleteRelationship },
              { onSuccess: () => (close(), snackbar.showSuccess(`Disconnected from ${company}`)) },
            )
          }
        />
      )}
    </span>
  );
}
