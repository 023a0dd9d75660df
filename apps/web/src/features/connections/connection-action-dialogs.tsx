import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { endSentence, invitationMessages } from '@flowline/shared';

const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

interface BaseProps {
  open: boolean;
  busy: boolean;
  onClose(): void;
}

/** Invite / Resend Invite: the e-mail input dialog (spec 1 §4, spec 2 §5.7). */
export function EmailInputDialog({
  open,
  busy,
  title,
  confirmLabel,
  initialEmail = '',
  onClose,
  onSubmit,
}: BaseProps & {
  title: string;
  confirmLabel: string;
  /** The invited e-mail the field starts with (issue 11 item 19). */
  initialEmail?: string;
  onSubmit(email: string): void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const invalid = !looksLikeEmail(email.trim());
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="email-dialog-title" fullWidth>
      <DialogTitle id="email-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && invalid}
          helperText={touched && invalid ? invitationMessages.invalidEmail : ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            setTouched(true);
            if (!invalid) onSubmit(email.trim());
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export const dueDiligenceLabel =
  'I have done my due diligence and confirm that this is the right company';

/** Connect: the due-diligence acceptance before a connection request is sent. */
export function ConnectConfirmDialog({
  open,
  busy,
  companyName,
  onClose,
  onConfirm,
}: BaseProps & { companyName: string; onConfirm(): void }) {
  const [accepted, setAccepted] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="connect-dialog-title">
      <DialogTitle id="connect-dialog-title">Connect to {companyName}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A connection request will be sent to {endSentence(companyName)} Once they accept,
          documents can be exchanged with them on the network.
        </DialogContentText>
        <FormControlLabel
          control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />}
          label={dueDiligenceLabel}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || !accepted} onClick={onConfirm}>
          Connect
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Disconnect is permanent; optionally the other company loses its link too and is told. */
export function DisconnectDialog({
  open,
  busy,
  name,
  onClose,
  onConfirm,
}: BaseProps & { name: string; onConfirm(deleteRelationship: boolean): void }) {
  const [both, setBoth] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="disconnect-dialog-title">
      <DialogTitle id="disconnect-dialog-title">Disconnect {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Disconnecting is permanent: documents can no longer be exchanged with this connection.
        </DialogContentText>
        <FormControlLabel
          control={<Checkbox checked={both} onChange={(e) => setBoth(e.target.checked)} />}
          label="Also delete the relationship and notify the connection"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="error" disabled={busy} onClick={() => onConfirm(both)}>
          Disconnect
        </Button>
      </DialogActions>
    </Dialog>
  );
}
