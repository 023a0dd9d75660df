import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChatMessage, ChatThread } from '@flowline/shared';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { relativeDate } from './relative-date';

/** What the list shows of a thread's last message. */
export function messagePreview(message: ChatMessage | null): string {
  if (!message) return 'No messages yet';
  const text =
    message.message.trim() ||
    (message.document ? `Document: ${message.document.title}` : '') ||
    (message.file ? `File: ${message.file.name}` : '');
  return `${message.sender.displayName}: ${text}`;
}

/** Up/Down, Home/End move between the rows (Tab still reaches each of them). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const rows = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('[data-chat-row="true"]'),
  );
  const index = rows.findIndex((row) => row.contains(document.activeElement));
  if (index === -1) return;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? rows.length - 1
        : Math.min(rows.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)));
  event.preventDefault();
  const target = rows[next];
  (target?.querySelector<HTMLElement>('input') ?? target)?.focus();
}

export function ChatThreadList({
  threads,
  managing,
  selected,
  onToggle,
  onOpen,
}: {
  threads: ChatThread[];
  managing: boolean;
  selected: string[];
  onToggle: (channelUrl: string) => void;
  onOpen: (channelUrl: string) => void;
}) {
  const { formatDate } = useDateFormatter();
  return (
    <List aria-label="Conversations" onKeyDown={moveFocus} sx={{ py: 0 }}>
      {threads.map((thread) => {
        const labelId = `chat-thread-${thread.channelUrl}`;
        const summary = (
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
              <Typography
                id={labelId}
                noWrap
                sx={{ fontWeight: thread.unreadCount > 0 ? 700 : 500, flexGrow: 1, minWidth: 0 }}
              >
                {thread.connectedCompanyName}
              </Typography>
              <Typography
                component="span"
                variant="caption"
                color="text.secondary"
                sx={{ flexShrink: 0 }}
              >
                {relativeDate(thread.lastMessageDate, formatDate)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Typography
                variant="body2"
                color="text.secondary"
                noWrap
                sx={{ flexGrow: 1, minWidth: 0 }}
              >
                {messagePreview(thread.lastMessage)}
              </Typography>
              {thread.isClosed && <Chip size="small" label="Closed" variant="outlined" />}
              {thread.unreadCount > 0 && (
                <Chip
                  size="small"
                  color="error"
                  label={thread.unreadCount > 99 ? '99+' : thread.unreadCount}
                  aria-label={`${thread.unreadCount} unread`}
                  title={`${thread.unreadCount} unread`}
                />
              )}
            </Stack>
          </Box>
        );
        if (managing) {
          return (
            <ListItem key={thread.channelUrl} data-chat-row="true" divider sx={{ pl: 1 }}>
              <ListItemIcon sx={{ minWidth: 0, mr: 1 }}>
                <Checkbox
                  edge="start"
                  checked={selected.includes(thread.channelUrl)}
                  onChange={() => onToggle(thread.channelUrl)}
                  slotProps={{ input: { 'aria-labelledby': labelId } }}
                />
              </ListItemIcon>
              {summary}
            </ListItem>
          );
        }
        return (
          <ListItem key={thread.channelUrl} disablePadding divider>
            <ListItemButton
              data-chat-row="true"
              onClick={() => onOpen(thread.channelUrl)}
              sx={{ minWidth: 0 }}
            >
              {summary}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
