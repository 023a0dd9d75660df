import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { CHAT_MESSAGE_MAX_LENGTH, chatMessages } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { isApiError } from '../../lib/api-error';
import { useChatParties, useStartChat, type ChatParty } from './api';

/**
 * The new-message box (spec 2 §2.5): one text to one or more connected companies (from
 * GET /party/getChatParties). With one recipient the conversation opens after sending.
 */
export function NewMessageDialog({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (channelUrl: string | null) => void;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const parties = useChatParties({ enabled: true });
  const startChat = useStartChat();
  const snackbar = useSnackbar();
  const [recipients, setRecipients] = useState<ChatParty[]>([]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    if (recipients.length === 0 || message.trim() === '') {
      setError(chatMessages.newMessageIncomplete);
      return;
    }
    setError(null);
    startChat.mutate(
      {
        // One thread per company: two parties of the same company post once.
        recipientCompanyIds: [...new Set(recipients.map((r) => r.connectedCompanyId))],
        message: message.trim(),
      },
      {
        onSuccess: ({ items }) => {
          snackbar.showSuccess('Message sent.');
          onSent(items.length === 1 ? (items[0]?.channelUrl ?? null) : null);
        },
        onError: (failure) =>
          // A 400, a recipient without messaging (409) or too many posts (429) name what is
          // wrong; anything else is the spec's generic failure.
          isApiError(failure, 400) || isApiError(failure, 409) || isApiError(failure, 429)
            ? setError(failure.message)
            : snackbar.showError(chatMessages.sendFailed),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>New message</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <Autocomplete
            multiple
            options={parties.data ?? []}
            loading={parties.isLoading}
            value={recipients}
            onChange={(_e, value) => setRecipients(value)}
            getOptionLabel={(p) => p.name}
            getOptionKey={(p) => p.id}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText="No connected companies"
            filterSelectedOptions
            renderInput={(params) => <TextField {...params} label="Recipients" autoFocus />}
          />
          <TextField
            label="Message"
            multiline
            minRows={4}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={send} loading={startChat.isPending}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
