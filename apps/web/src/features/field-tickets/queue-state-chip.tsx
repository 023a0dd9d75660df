import Chip from '@mui/material/Chip';
import type { QueueState } from './queue/queue-store';

export const queueStateLabels: Record<QueueState, string> = {
  waiting: 'Waiting to send',
  sending: 'Sending…',
  draft: 'Saved — not signed yet',
  sent: 'Sent',
  error: 'Not sent',
  signin: 'Sign in to send',
};

const colors = {
  waiting: 'warning',
  sending: 'info',
  draft: 'default',
  sent: 'success',
  error: 'error',
  signin: 'error',
} as const;

/** Where one of the phone's tickets is on its way to the operator. */
export function QueueStateChip({ state }: { state: QueueState }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colors[state]}
      label={queueStateLabels[state]}
      sx={{ fontWeight: 600 }}
    />
  );
}
