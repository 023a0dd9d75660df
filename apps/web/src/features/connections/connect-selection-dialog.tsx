import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { ConnectionListRow } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { connectionQueryOptions } from './api';
import { dueDiligenceLabel } from './connection-action-dialogs';
import { useInviteConnection } from './network-actions-api';

export const noEmailText = 'No e-mail address: add one to the connection first';
export const invitationsSentMessage = (count: number) =>
  count === 1 ? 'Invitation sent to 1 connection' : `Invitations sent to ${count} connections`;

/**
 * Connect for the rows selected in possible-connections mode (issue 11): the selectable rows are
 * not on the network (spec 2 §4.2), so connecting them means inviting each one at the first e-mail
 * address of its record, after the due-diligence acceptance.
 */
export function ConnectSelectionDialog({
  rows,
  onClose,
  onDone,
}: {
  rows: ConnectionListRow[];
  onClose(): void;
  onDone(): void;
}) {
  const [accepted, setAccepted] = useState(false);
  const [sending, setSending] = useState(false);
  const snackbar = useSnackbar();
  const invite = useInviteConnection();
  const details = useQueries({ queries: rows.map((r) => connectionQueryOptions(r.id)) });
  const loading = details.some((d) => d.isPending);
  const targets = rows.map((row, i) => ({ row, email: details[i]?.data?.emails[0] ?? null }));
  const ready = targets.filter((t): t is { row: ConnectionListRow; email: string } => !!t.email);

  const send = async () => {
    setSending(true);
    let sent = 0;
    for (const { row, email } of ready) {
      try {
        await invite.mutateAsync({ id: row.id, email });
        sent += 1;
      } catch (error) {
        snackbar.showError(`${row.name}: ${errorMessage(error)}`);
      }
    }
    setSending(false);
    if (sent > 0) snackbar.showSuccess(invitationsSentMessage(sent));
    onDone();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="connect-selection-title" fullWidth>
      <DialogTitle id="connect-selection-title">Connect {rows.length} selected</DialogTitle>
      <DialogContent>
        <DialogContentText>
          An invitation to connect on Flowline is e-mailed to each selected connection.
        </DialogContentText>
        <List dense>
          {targets.map(({ row, email }) => (
            <ListItem key={row.id} disableGutters>
              <ListItemText primary={row.name} secondary={loading ? '…' : (email ?? noEmailText)} />
            </ListItem>
          ))}
        </List>
        <FormControlLabel
          control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />}
          label={dueDiligenceLabel}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!accepted || loading || sending || ready.length === 0}
          onClick={() => void send()}
        >
          Connect
        </Button>
      </DialogActions>
    </Dialog>
  );
}
