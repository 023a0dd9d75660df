import { useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import { chatMessages, type ChatMessage } from '@flowline/shared';
import { useMaySendChat } from './use-may-send';
import { useSnackbar } from '../../components/snackbar';
import { useChatMessages, useChatThread, useMarkChatRead } from './api';
import { MessageGroups } from './message-groups';
import { ChatComposer } from './chat-composer';

/** Within this distance of the top, the 100 messages before the oldest one load. */
const LOAD_OLDER_THRESHOLD_PX = 80;
/** Within this distance of the bottom, new messages keep the view at the bottom. */
const STICK_TO_BOTTOM_PX = 48;

/**
 * The conversation (spec 2 §2.5): the newest 100 messages, older ones 100 at a time when scrolled
 * to the top (the view stays where it was), the composer, or the closed notice once the companies
 * are no longer connected. Opening it marks the thread read.
 */
export function ConversationDialog({
  channelUrl,
  onClose,
  onLeave,
}: {
  channelUrl: string;
  onClose: () => void;
  /** A document link was followed: close the chat altogether. */
  onLeave: () => void;
}) {
  const titleId = useId();
  const maySend = useMaySendChat();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const snackbar = useSnackbar();
  const thread = useChatThread(channelUrl);
  const history = useChatMessages(channelUrl);
  const markRead = useMarkChatRead();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  /** Distance from the bottom before older messages were requested; restored once they arrive. */
  const restoreFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  // Pages go back in time; each page is oldest first.
  const messages: ChatMessage[] = useMemo(
    () => [...(history.data?.pages ?? [])].reverse().flatMap((page) => page.items),
    [history.data],
  );
  const newestId = messages.at(-1)?.id ?? null;

  const openFailed =
    (thread.isError && thread.data === undefined) ||
    (history.isError && history.data === undefined);
  useEffect(() => {
    if (!openFailed) return;
    snackbar.showError(chatMessages.openFailed);
    onClose();
  }, [openFailed, snackbar, onClose]);

  // Reading the conversation: the thread's and the top bar's unread counts drop.
  const { mutate: markReadMutate } = markRead;
  useEffect(() => {
    if (newestId !== null) markReadMutate(channelUrl);
  }, [channelUrl, newestId, markReadMutate]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (restoreFromBottom.current !== null && !history.isFetchingNextPage) {
      el.scrollTop = el.scrollHeight - restoreFromBottom.current;
      restoreFromBottom.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages, history.isFetchingNextPage]);

  const loadOlder = () => {
    const el = scrollRef.current;
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    if (el) restoreFromBottom.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  };

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX) loadOlder();
  };

  const title = thread.data?.connectedCompanyName ?? 'Conversation';

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { height: phone ? '100%' : '85vh', overflowX: 'hidden' } } }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', pr: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <DialogTitle id={titleId} sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </DialogTitle>
        <IconButton aria-label="Close conversation" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Box
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-label={`Messages with ${title}`}
        aria-live="polite"
        aria-busy={history.isFetching}
        // Focusable so the history scrolls with the keyboard.
        tabIndex={0}
        data-testid="chat-history"
        sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', px: 2, py: 1, minHeight: 0 }}
      >
        {history.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            {history.isFetchingNextPage ? (
              <CircularProgress size={24} aria-label="Loading earlier messages" />
            ) : (
              <Button size="small" onClick={loadOlder}>
                Load earlier messages
              </Button>
            )}
          </Box>
        )}
        {history.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading messages" />
          </Box>
        ) : messages.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No messages yet.
          </Typography>
        ) : (
          <MessageGroups messages={messages} onFollowLink={onLeave} />
        )}
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1.5 }}>
        {thread.data?.isClosed ? (
          <Alert severity="info">{chatMessages.closed}</Alert>
        ) : !maySend ? (
          <Alert severity="info">Your role is read-only: you can read this conversation.</Alert>
        ) : (
          <ChatComposer
            channelUrl={channelUrl}
            disabled={!thread.data}
            onSent={() => {
              stickToBottom.current = true;
            }}
          />
        )}
      </Box>
    </Dialog>
  );
}
