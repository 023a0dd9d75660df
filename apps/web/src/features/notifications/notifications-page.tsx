import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { documentMessages, type Notification } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useSnackbar } from '../../components/snackbar';
import { useDateFormatter } from '../preferences';
import {
  documentToOpen,
  NotificationAction,
  useMarkNotificationRead,
  useNotificationPage,
} from './api';

/** The notifications page (spec 1 §2): five per page, each card opens what it is about. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useNotificationPage(page);
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  const { showError } = useSnackbar();
  const { formatDateTime } = useDateFormatter();

  const open = async (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    const id = Number(notification.actionData);
    if (notification.actionId === NotificationAction.openDocument && id) {
      const target = await documentToOpen(id).catch(() => null);
      if (target) navigate(`/documents/${target}`);
      else showError(documentMessages.noLongerAvailable);
    } else if (notification.actionId === NotificationAction.openInvitation && id) {
      navigate(`/admin/invitations?idByNotification=${id}`);
    } else if (notification.actionId === NotificationAction.openMembershipInvitation) {
      navigate('/membership-invitations');
    } else if (notification.actionId === NotificationAction.openPaymentRun && id) {
      navigate(`/payment-runs/${id}`);
    } else if (notification.actionId === NotificationAction.openChat && notification.actionData) {
      navigate(`/chat?channel=${encodeURIComponent(notification.actionData)}`);
    }
  };

  if (isPending || !data) return <FullPageSpinner />;
  const pageCount = Math.max(1, Math.ceil(data.totalRecords / data.pageSize));
  return (
    <Box>
      <PageHeader title="Notifications" />
      {data.items.length === 0 ? (
        <Typography color="text.secondary">There are currently no notifications</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.items.map((n) => (
            <Card component="li" key={n.id} variant="outlined">
              <CardActionArea
                onClick={() => void open(n)}
                disabled={!n.actionId && n.isRead}
                // No aria-label: the name is the card's visible text (title, status, message,
                // time), so speech input can say what is shown (issue 27 item 30,
                // label-content-name-mismatch).
              >
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                    <Typography
                      variant="subtitle1"
                      component="h2"
                      sx={{ fontWeight: n.isRead ? 400 : 700, flexGrow: 1 }}
                    >
                      {n.title}
                    </Typography>
                    <Chip
                      size="small"
                      label={n.isRead ? 'Read' : 'Not Read'}
                      color={n.isRead ? 'default' : 'primary'}
                      variant={n.isRead ? 'outlined' : 'filled'}
                    />
                  </Stack>
                  <Typography variant="body2">{n.message}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(n.updateDate)}
                  </Typography>
                </CardContent>
              </CardActionArea>
              {!n.isRead && (
                <Box sx={{ px: 2, pb: 1 }}>
                  <Button size="small" onClick={() => markRead.mutate(n.id)}>
                    Mark as read
                  </Button>
                </Box>
              )}
            </Card>
          ))}
        </Stack>
      )}
      {pageCount > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={pageCount}
          page={page}
          onChange={(_, next) => setPage(next)}
          aria-label="Notification pages"
        />
      )}
    </Box>
  );
}
