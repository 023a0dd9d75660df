import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { connectionStatusLabels, type ConnectionStatus } from '@flowline/shared';

/** The action each status offers (spec 2 §4.2); the network actions come with the network work. */
const statusActions: Partial<Record<ConnectionStatus, string>> = {
  connected: 'Disconnect',
  onNetwork: 'Connect',
  notOnNetwork: 'Invite',
  inviteSent: 'Resend Invite',
  inviteExpired: 'Resend Invite',
  connectionRequestExpired: 'Resend connection request',
};

const colors: Record<ConnectionStatus, 'success' | 'info' | 'warning' | 'default' | 'error'> = {
  connected: 'success',
  onNetwork: 'info',
  connecting: 'info',
  inviteSent: 'info',
  inviteExpired: 'warning',
  connectionRequestExpired: 'warning',
  disconnected: 'error',
  notOnNetwork: 'default',
};

/** Status badge and its (not yet available) action button. */
export function ConnectionStatusCell({ status }: { status: ConnectionStatus }) {
  const action = statusActions[status];
  return (
    <Stack direction="row" spacing={1} sx={{ height: '100%', alignItems: 'center' }}>
      <Chip size="small" color={colors[status]} label={connectionStatusLabels[status]} />
      {action && (
        <Tooltip title="Available soon">
          {/* A disabled button gets no pointer events: the span carries the tooltip. */}
          <span>
            <Button size="small" disabled>
              {action}
            </Button>
          </span>
        </Tooltip>
      )}
    </Stack>
  );
}
