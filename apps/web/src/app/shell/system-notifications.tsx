import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { SYSTEM_NOTIFICATION_GAP_MS } from '@flowline/shared';
import {
  useMarkNotificationRead,
  usePendingSystemNotifications,
} from '../../features/notifications/api';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';

/**
 * System notifications (spec 2 §4.3) stay on screen until dismissed, are then marked read, and
 * queue: the next one shows SYSTEM_NOTIFICATION_GAP_MS after the previous one closed.
 */
export function SystemNotifications() {
  // Asked for once the page has painted; they then stay on screen until dismissed.
  const { data: pending = [] } = usePendingSystemNotifications({ enabled: useAfterFirstPaint() });
  const markRead = useMarkNotificationRead();
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const [waiting, setWaiting] = useState(false);
  const current = waiting ? undefined : pending.find((n) => !dismissed.has(n.id));

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setWaiting(false), SYSTEM_NOTIFICATION_GAP_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  const dismiss = () => {
    if (!current) return;
    setDismissed((prev) => new Set(prev).add(current.id));
    setWaiting(true);
    markRead.mutate(current.id);
  };

  return (
    <Snackbar
      open={Boolean(current)}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      // Below the top bar, never over it (issue 27 item 28): its toolbar is 56 px on phones and
      // 64 px from sm up, plus the search's dense 48 px row below md (TopBarSpacer).
      sx={{ top: { xs: 56 + 48 + 8, sm: 64 + 48 + 8, md: 64 + 8 } }}
    >
      <Alert severity="info" variant="filled" onClose={dismiss} sx={{ maxWidth: 560 }}>
        {current && <AlertTitle>{current.title}</AlertTitle>}
        {current?.message}
      </Alert>
    </Snackbar>
  );
}
