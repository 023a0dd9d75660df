import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import type { ChatMessage } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { downloadChatFile } from './api';

/** Messages of one sender less than this apart share one heading. */
const GROUP_WINDOW_MS = 5 * 60_000;

export function groupMessages(messages: ChatMessage[]): ChatMessage[][] {
  const groups: ChatMessage[][] = [];
  for (const message of messages) {
    const group = groups.at(-1);
    const previous = group?.at(-1);
    if (
      group &&
      previous &&
      previous.sender.userId === message.sender.userId &&
      previous.sender.companyId === message.sender.companyId &&
      new Date(message.createdAt).getTime() - new Date(previous.createdAt).getTime() <
        GROUP_WINDOW_MS
    ) {
      group.push(message);
    } else {
      groups.push([message]);
    }
  }
  return groups;
}

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The history: groups under the sender's name, company and time; own company's on the right. */
export function MessageGroups({
  messages,
  onFollowLink,
}: {
  messages: ChatMessage[];
  onFollowLink: () => void;
}) {
  const { formatDateTime } = useDateFormatter();
  const snackbar = useSnackbar();
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {groupMessages(messages).map((group) => {
        const first = group[0]!;
        const own = first.isOwnCompany;
        return (
          <Box
            component="li"
            key={first.id}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: own ? 'flex-end' : 'flex-start',
              mb: 1.5,
            }}
          >
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ textAlign: own ? 'right' : 'left', overflowWrap: 'anywhere' }}
            >
              <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {first.sender.displayName}
              </Box>
              {` · ${first.sender.companyName} · `}
              <time dateTime={first.createdAt}>{formatDateTime(first.createdAt)}</time>
            </Typography>
            {group.map((message) => (
              <Box
                key={message.id}
                data-testid="chat-message"
                data-own={own ? 'true' : 'false'}
                title={formatDateTime(message.createdAt)}
                sx={{
                  mt: 0.5,
                  px: 1.5,
                  py: 1,
                  maxWidth: '85%',
                  minWidth: 0,
                  borderRadius: 2,
                  bgcolor: own ? 'primary.main' : 'grey.100',
                  color: own ? 'primary.contrastText' : 'text.primary',
                  '& a': { color: 'inherit' },
                }}
              >
                {message.message && (
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {message.message}
                  </Typography>
                )}
                {message.document && (
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <DescriptionOutlined fontSize="small" aria-hidden />
                    <Link
                      component={RouterLink}
                      to={`/documents/${message.document.id}`}
                      onClick={onFollowLink}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {message.document.title}
                    </Link>
                  </Stack>
                )}
                {message.file && (
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <AttachFile fontSize="small" aria-hidden />
                    <Link
                      href={message.file.url}
                      download={message.file.name}
                      aria-label={`Download ${message.file.name}`}
                      onClick={(event) => {
                        event.preventDefault();
                        const { url, name } = message.file!;
                        downloadChatFile(url, name).catch((error: unknown) =>
                          snackbar.showError(errorMessage(error)),
                        );
                      }}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {message.file.name}
                    </Link>
                    <Typography component="span" variant="caption" sx={{ flexShrink: 0 }}>
                      ({fileSize(message.file.size)})
                    </Typography>
                  </Stack>
                )}
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
