import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { CHAT_SEARCH_MIN_LENGTH, chatMessages } from '@flowline/shared';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSnackbar } from '../../components/snackbar';
import { effectiveChatSearch, useChatThreads, useDeleteChatThreads } from './api';
import { ChatThreadList } from './chat-thread-list';
import { NewMessageDialog } from './new-message-dialog';
import { ConversationDialog } from './conversation-dialog';
import { useMaySendChat } from './use-may-send';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Spec 2 §2.5, behind the messaging flag: the thread list with search, the new-message box, the
 * conversation dialog and the manage mode that deletes threads (for this user only).
 */
export function ChatPanel({
  open,
  onClose,
  initialChannel = null,
}: {
  open: boolean;
  onClose: () => void;
  /** A conversation to open on mount (the link of a chat notification mail). */
  initialChannel?: string | null;
}) {
  const titleId = useId();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(effectiveChatSearch(search), SEARCH_DEBOUNCE_MS);
  const threads = useChatThreads(query, { enabled: open });
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [composing, setComposing] = useState(false);
  const [openChannel, setOpenChannel] = useState<string | null>(initialChannel);
  const deleteThreads = useDeleteChatThreads();
  const maySend = useMaySendChat();
  const snackbar = useSnackbar();

  const trimmed = search.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < CHAT_SEARCH_MIN_LENGTH;
  const items = threads.data?.items ?? [];

  const leaveManage = () => {
    setManaging(false);
    setSelected([]);
  };

  const confirmDelete = () => {
    deleteThreads.mutate(selected, {
      onSuccess: () => {
        snackbar.showSuccess(
          selected.length === 1
            ? 'Conversation deleted.'
            : `${selected.length} conversations deleted.`,
        );
        setSelected([]);
      },
      onSettled: () => setConfirmingDelete(false),
    });
  };

  return (
    <>
      <Drawer
        anchor="right"
        open={open}
        onClose={onClose}
        // Above the fixed app bar (drawer + 1), which would otherwise hide the panel's title.
        sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}
        slotProps={{
          paper: {
            sx: { width: { xs: '100%', sm: 380 }, maxWidth: '100%', overflowX: 'hidden' },
            'aria-labelledby': titleId,
            role: 'dialog',
          },
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2, pb: 1 }}
        >
          <Typography id={titleId} variant="h2">
            Messages
          </Typography>
          <IconButton aria-label="Close messages" onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ px: 2, pb: 1, flexWrap: 'wrap', rowGap: 1 }}>
          {managing ? (
            <>
              <Button
                color="error"
                variant="contained"
                disabled={selected.length === 0}
                onClick={() => setConfirmingDelete(true)}
              >
                Delete
              </Button>
              <Button variant="outlined" onClick={leaveManage}>
                Done
              </Button>
            </>
          ) : (
            <>
              {maySend && (
                <Button
                  variant="contained"
                  startIcon={<EditOutlined />}
                  onClick={() => setComposing(true)}
                >
                  New message
                </Button>
              )}
              <Button
                variant="outlined"
                onClick={() => setManaging(true)}
                disabled={items.length === 0}
              >
                Manage
              </Button>
            </>
          )}
        </Stack>
        <Box sx={{ px: 2, pb: 1 }} role="search">
          <TextField
            fullWidth
            size="small"
            label="Search conversations"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            helperText={tooShort ? chatMessages.searchTooShort : ' '}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        {threads.isFetching && <LinearProgress aria-label="Loading conversations" />}
        <Box sx={{ flexGrow: 1, overflowY: 'auto', minHeight: 0 }}>
          {threads.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              The conversations could not be loaded.
            </Alert>
          ) : threads.isSuccess && items.length === 0 ? (
            <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
              {query
                ? 'No conversations match your search.'
                : 'No conversations yet. Start one with New message.'}
            </Typography>
          ) : (
            <ChatThreadList
              threads={items}
              managing={managing}
              selected={selected}
              onToggle={(channelUrl) =>
                setSelected((current) =>
                  current.includes(channelUrl)
                    ? current.filter((c) => c !== channelUrl)
                    : [...current, channelUrl],
                )
              }
              onOpen={setOpenChannel}
            />
          )}
        </Box>
      </Drawer>
      <Dialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        aria-labelledby={`${titleId}-delete`}
      >
        <DialogTitle id={`${titleId}-delete`}>Delete conversations</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {selected.length === 1
              ? 'Delete the selected conversation?'
              : `Delete the ${selected.length} selected conversations?`}{' '}
            They disappear from your list only; a new message brings a conversation back.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingDelete(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={confirmDelete}
            loading={deleteThreads.isPending}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
      {composing && (
        <NewMessageDialog
          onClose={() => setComposing(false)}
          onSent={(channelUrl) => {
            setComposing(false);
            if (channelUrl) setOpenChannel(channelUrl);
          }}
        />
      )}
      {openChannel && (
        <ConversationDialog
          channelUrl={openChannel}
          onClose={() => setOpenChannel(null)}
          onLeave={() => {
            setOpenChannel(null);
            onClose();
          }}
        />
      )}
    </>
  );
}
