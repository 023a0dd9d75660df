import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { declineMessages, type DocumentDto } from '@flowline/shared';
import { errorMessage } from '../../../../lib/api-error';
import { useReturnDocument } from './api';
import {
  DeclineReasonFields,
  declineChoiceError,
  emptyDeclineChoice,
  type DeclineChoice,
} from './decline-reason-fields';

export interface ReturnUnsignedDialogProps {
  doc: DocumentDto;
  onCancel(): void;
  onReturned(returned: DocumentDto): void;
}

/**
 * Decline (return unsigned; issue 31 item 3): a required reason from the list, 'Other' with the
 * owner's words; the operator sees it in its list, on its document screen, in the history and
 * the mail. The server checks the same rules (the shared schema).
 */
export function ReturnUnsignedDialog({ doc, onCancel, onReturned }: ReturnUnsignedDialogProps) {
  const titleId = useId();
  const textId = useId();
  const [choice, setChoice] = useState<DeclineChoice>(emptyDeclineChoice);
  const [tried, setTried] = useState(false);
  const returnDocument = useReturnDocument(doc.id);
  const busy = returnDocument.isPending;

  const confirm = () => {
    setTried(true);
    const errors = declineChoiceError(choice);
    if (errors.code || errors.details || choice.code === null) return;
    returnDocument.mutate(
      { signed: false, declineReason: choice.code, reason: choice.details.trim() || null },
      { onSuccess: (returned) => onReturned(returned) },
    );
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{declineMessages.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {declineMessages.confirm}
        </DialogContentText>
        <DeclineReasonFields
          value={choice}
          onChange={setChoice}
          showErrors={tried}
          disabled={busy}
        />
        {returnDocument.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(returnDocument.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={confirm} disabled={busy}>
          {declineMessages.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
