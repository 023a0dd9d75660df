import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { MatchExceptionRow } from '@flowline/shared';
import { errorMessage } from '../../lib/api-error';
import { useResolveException, type ExceptionAction } from './api';

/**
 * Resolving a match exception (issue 32 item 4; docs/three-way-match.md): accept the difference,
 * dispute or reject, each with a required comment — from the Match exceptions list and from the
 * invoice's Three-way match panel.
 */

export const actionTexts: Record<
  ExceptionAction,
  { button: string; title: string; field: string; done: string; help: string }
> = {
  accept: {
    button: 'Accept',
    title: 'Accept the difference',
    field: 'Comment',
    done: 'Difference accepted; the invoice continues in its approval chain.',
    help: 'Say why the difference is acceptable. The comment is kept in the invoice history.',
  },
  dispute: {
    button: 'Dispute',
    title: 'Dispute the invoice',
    field: 'Comment for the vendor',
    done: 'Invoice disputed; the vendor sees your comment.',
    help: 'The vendor sees this comment and may answer or resubmit.',
  },
  reject: {
    button: 'Reject',
    title: 'Reject the invoice',
    field: 'Reason',
    done: 'Invoice rejected.',
    help: 'The vendor sees the reason.',
  },
};

/** The invoice an exception is resolved on: a row of the list, or the document's match panel. */
export type ExceptionTarget = Pick<MatchExceptionRow, 'documentId' | 'invoiceNumber' | 'reasons'>;

/** Accept / dispute / reject with the required comment (full screen on a phone). */
export function ResolveDialog({
  row,
  action,
  onClose,
  onDone,
}: {
  row: ExceptionTarget;
  action: ExceptionAction;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const resolve = useResolveException();
  const texts = actionTexts[action];
  const missing = text.trim() === '';
  const submit = () => {
    setTouched(true);
    if (missing) return;
    resolve.mutate(
      { documentId: row.documentId, action, text: text.trim() },
      { onSuccess: () => onDone(texts.done) },
    );
  };
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>
        {texts.title} {row.invoiceNumber ?? `#${row.documentId}`}
      </DialogTitle>
      <DialogContent>
        <Stack component="ul" spacing={0.5} sx={{ mt: 0, pl: 2 }}>
          {row.reasons.map((r) => (
            <Typography component="li" variant="body2" key={r}>
              {r}
            </Typography>
          ))}
        </Stack>
        {resolve.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(resolve.error)}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          required
          label={texts.field}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && missing}
          helperText={touched && missing ? `${texts.field} is required` : texts.help}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={action === 'reject' ? 'error' : 'primary'}
          onClick={submit}
          disabled={resolve.isPending}
        >
          {texts.button}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
