import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { workflowMessages } from '@flowline/shared';

/**
 * Put on hold (optional comment, internal) and Dispute (required comment, shown to the sender)
 * — issue 29 item 2. The server validates the same rule (zHoldDocumentInput /
 * zDisputeDocumentInput); the dialog only refuses an empty required comment up front.
 */
export function CommentDialog({
  open,
  busy,
  title,
  text,
  submitLabel,
  required,
  onSubmit,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  title: string;
  text: string;
  submitLabel: string;
  required: boolean;
  onSubmit(comment: string | null): void;
  onClose(): void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const titleId = `${submitLabel.replace(/\s+/g, '-').toLowerCase()}-title`;
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const value = comment.trim();
          if (required && !value) {
            setError(workflowMessages.commentRequired);
            return;
          }
          onSubmit(value || null);
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          <TextField
            label={required ? 'Comment' : 'Comment (optional)'}
            required={required}
            fullWidth
            multiline
            minRows={3}
            autoFocus
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? undefined}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
