import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const sentInvitationText =
  'You Sent an invitation. You need to wait for the company to accept or reject the invitation.';

/** Spec 2 §2.10: shown after onboarding, and at startup while onboarding is pending. Blocking: no onClose, so neither Escape nor the backdrop closes it. */
export function SentInvitationDialog({ open, onOk }: { open: boolean; onOk(): void }) {
  return (
    <Dialog open={open} aria-labelledby="sent-invitation-title">
      <DialogTitle id="sent-invitation-title">Sent Invitation</DialogTitle>
      <DialogContent>
        <DialogContentText>{sentInvitationText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onOk}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
