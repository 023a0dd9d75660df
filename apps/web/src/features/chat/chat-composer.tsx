import { useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import LinkIcon from '@mui/icons-material/Link';
import Send from '@mui/icons-material/Send';
import { CHAT_MESSAGE_MAX_LENGTH, chatMessages, type TypeaheadSuggestion } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { isApiError } from '../../lib/api-error';
import { useSendChatMessage, useUploadChatFile } from './api';
import { DocumentPickerDialog } from './document-picker-dialog';

/** A 4xx names what is wrong with the message or file; anything else is the spec's failure. */
function failureText(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 404
    ? error.message
    : chatMessages.sendFailed;
}

/**
 * The composer: Enter sends, Shift+Enter starts a new line; a file is uploaded at once (with its
 * progress); a linked document goes with the next message.
 */
export function ChatComposer({
  channelUrl,
  disabled,
  onSent,
}: {
  channelUrl: string;
  disabled: boolean;
  onSent: () => void;
}) {
  const snackbar = useSnackbar();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [document, setDocument] = useState<TypeaheadSuggestion | null>(null);
  const [picking, setPicking] = useState(false);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const send = useSendChatMessage(channelUrl);
  const uploadFile = useUploadChatFile(channelUrl, (percent) =>
    setUpload((current) => (current ? { ...current, percent } : current)),
  );

  const submit = () => {
    if (send.isPending) return;
    const message = text.trim();
    if (!message && !document) {
      setError(chatMessages.empty);
      return;
    }
    setError(null);
    send.mutate(
      { message, ...(document ? { documentId: document.documentId } : {}) },
      {
        onSuccess: () => {
          setText('');
          setDocument(null);
          onSent();
        },
        onError: (failure) => snackbar.showError(failureText(failure)),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setUpload({ name: file.name, percent: 0 });
    uploadFile.mutate(file, {
      onSuccess: onSent,
      onError: (failure) => snackbar.showError(failureText(failure)),
      onSettled: () => setUpload(null),
    });
  };

  return (
    <Stack spacing={1}>
      {upload && (
        <Box>
          <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
            Uploading {upload.name}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={upload.percent}
            aria-label={`Uploading ${upload.name}`}
          />
        </Box>
      )}
      {document && (
        <Box>
          <Chip
            label={`Document: ${document.text}`}
            onDelete={() => setDocument(null)}
            sx={{ maxWidth: '100%' }}
          />
        </Box>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end' }}>
        <TextField
          label="Message"
          placeholder="Write a message"
          multiline
          maxRows={6}
          fullWidth
          size="small"
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          error={error !== null}
          helperText={error ?? 'Enter sends, Shift+Enter starts a new line.'}
          slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH } }}
        />
        <Stack direction="row" sx={{ pb: 3 }}>
          <Tooltip title="Attach a file">
            <span>
              <IconButton
                aria-label="Attach a file"
                disabled={disabled || upload !== null}
                onClick={() => fileInput.current?.click()}
              >
                <AttachFile />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Link a document">
            <span>
              <IconButton
                aria-label="Link a document"
                disabled={disabled}
                onClick={() => setPicking(true)}
              >
                <LinkIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Send">
            <span>
              <IconButton
                aria-label="Send"
                color="primary"
                disabled={disabled || send.isPending}
                onClick={submit}
              >
                <Send />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      </Stack>
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label="File to attach"
        data-testid="chat-file-input"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {picking && (
        <DocumentPickerDialog
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            setDocument(picked);
            setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}
