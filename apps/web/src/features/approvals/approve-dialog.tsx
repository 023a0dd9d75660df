import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/** Approve with an optional comment, kept in the approval chain and the receiver's history. */
export function ApproveDialog({
  open,
  busy,
  awaiting,
  onApprove,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  /** 'Awaiting approval by … (step 2 of 3)': which step this approval is. */
  awaiting: string | null;
  onApprove(comment: string | null): void;
  onClose(): void;
}) {
  const [comment, setComment] = useState('');
  const close = () => {
    setComment('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="approve-title" fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onApprove(comment.trim() || null);
        }}
      >
        <DialogTitle id="approve-title">Approve document</DialogTitle>
        <DialogContent>
          {awaiting && <DialogContentText sx={{ mb: 2 }}>{awaiting}</DialogContentText>}
          <TextField
            label="Comment (optional)"
            fullWidth
            multiline
            minRows={2}
            autoFocus
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={busy}>
            Approve
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
