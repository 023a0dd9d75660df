import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../app/auth/auth-context';
import { QueueStateChip } from './queue-state-chip';
import { editRefusal } from './queue/field-ticket-queue';
import { fieldTicketQueue, useFieldTicketQueue } from './queue/runtime';
import { TicketView } from './ticket-view';

/**
 * One of the phone's tickets (/field-tickets/queued/:clientId): what was written and signed,
 * where it is on its way ('Waiting to send', 'Sending…', 'Sent', or what went wrong with Retry),
 * and the server's ticket once it has it.
 */
export function QueuedTicketPage() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const item = useFieldTicketQueue().find((t) => t.clientId === clientId);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void fieldTicketQueue.load().finally(() => setLoaded(true));
  }, []);

  if (!item) {
    return loaded ? (
      <Alert severity="warning">
        This ticket is not on this phone. <RouterLink to="/field-tickets">Field tickets</RouterLink>
      </Alert>
    ) : (
      <Typography>Loading…</Typography>
    );
  }
  const { fields, lines } = item.ticket;
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <PageHeader title={`Field ticket ${fields.docNumber}`} />
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
        role="status"
        aria-label="Sending"
      >
        <QueueStateChip state={item.state} />
        {item.state === 'waiting' && (
          <Typography variant="body2" color="text.secondary">
            Kept on this phone; it goes out as soon as there is a network.
          </Typography>
        )}
      </Stack>
      {item.error && item.state !== 'sent' && (
        <Alert
          severity={item.state === 'waiting' ? 'info' : 'error'}
          action={
            item.state === 'signin' ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => void auth.signIn(`/field-tickets/queued/${clientId}`)}
              >
                Sign in
              </Button>
            ) : (
              <Button
                color="inherit"
                size="small"
                onClick={() => void fieldTicketQueue.retry(clientId)}
              >
                Retry
              </Button>
            )
          }
        >
          {item.error}
        </Alert>
      )}
      <TicketView
        fields={fields}
        parties={[['Operator', item.operatorName]]}
        lines={lines}
        signoff={item.signoff}
      />
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}
      >
        {editRefusal(item) === null && (
          <Button component={RouterLink} to={`/field-tickets/queued/${clientId}/edit`}>
            Edit
          </Button>
        )}
        {!item.signoff && (
          <Button
            variant="contained"
            component={RouterLink}
            to={`/field-tickets/queued/${clientId}/signoff`}
          >
            Sign off
          </Button>
        )}
        {item.documentId === null && (
          <Button
            color="error"
            onClick={() => {
              if (window.confirm('Discard this ticket? It has not been sent and will be lost.')) {
                void fieldTicketQueue.discard(clientId).then(() => navigate('/field-tickets'));
              }
            }}
          >
            Discard
          </Button>
        )}
        {item.documentId !== null && (
          <Button component={RouterLink} to={`/field-tickets/${item.documentId}`}>
            Open the sent ticket
          </Button>
        )}
        <Button component={RouterLink} to="/field-tickets">
          All field tickets
        </Button>
      </Stack>
    </Stack>
  );
}
