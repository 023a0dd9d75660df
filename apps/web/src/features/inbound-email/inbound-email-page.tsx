import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { inboundEmailMessages as msg } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { useInboundEmail } from './api';

const wide = { display: { xs: 'none', md: 'table-cell' } } as const;

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/**
 * /admin/inbound-email (issue 30 item 3, docs/inbound-email.md): the company's address for
 * invoices by e-mail, what is accepted, and the recent deliveries with their documents.
 */
export function InboundEmailPage() {
  const inbound = useInboundEmail();
  const snackbar = useSnackbar();
  const { formatDateTime } = useDateFormatter();
  const data = inbound.data;

  const copy = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      snackbar.showSuccess('Address copied');
    } catch {
      snackbar.showError('Could not copy; select the address and copy it');
    }
  };

  return (
    <>
      <PageHeader title={msg.title} />
      {inbound.isError && <Alert severity="error">{errorMessage(inbound.error)}</Alert>}
      {inbound.isPending && <CircularProgress aria-label="Loading" />}
      {data && (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography color="text.secondary">
              Vendors can e-mail invoices to this address. Each PDF or image attachment arrives in
              your Inbox as a document, read like an upload, from the connection whose e-mail
              address sent it (otherwise from &lsquo;{msg.unknownSender}&rsquo;).
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
            >
              <Typography
                variant="h6"
                component="p"
                data-testid="inbound-address"
                sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}
              >
                {data.address}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                onClick={() => void copy(data.address)}
                aria-label={`Copy ${data.address}`}
              >
                Copy
              </Button>
            </Stack>
            {!data.enabled && (
              <Alert severity="warning" sx={{ mt: 1.5 }}>
                This server does not receive mail yet (INBOUND_SMTP_PORT is not set). Ask your
                Flowline operator to turn it on.
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              Accepted: {data.limits.allowedTypes.join(', ')} · at most {data.limits.maxAttachments}{' '}
              documents and {megabytes(data.limits.maxMessageBytes)} per message ·{' '}
              {data.limits.perSenderPerHour} messages an hour per sender. A message that breaks a
              limit is refused whole, and the sender is told why.
            </Typography>
          </Paper>

          <Typography variant="h6" component="h2">
            Recent deliveries
          </Typography>
          {data.deliveries.length === 0 ? (
            <Typography>No e-mail received yet.</Typography>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table aria-label="Recent deliveries" size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Received</TableCell>
                    <TableCell>From</TableCell>
                    <TableCell sx={wide}>Subject</TableCell>
                    <TableCell>Result</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.deliveries.map((d) => (
                    <TableRow key={d.id}>
                      <TableCell>{formatDateTime(d.receivedAt)}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>
                        <Typography variant="body2">{d.partyName ?? msg.unknownSender}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {d.sender}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ ...wide, wordBreak: 'break-word' }}>{d.subject}</TableCell>
                      <TableCell>
                        {d.status === 'accepted' ? (
                          <Box>
                            <Chip size="small" color="success" label="Accepted" />{' '}
                            {d.documentIds.map((id, i) => (
                              <Link
                                key={id}
                                component={RouterLink}
                                to={`/documents/${id}`}
                                sx={{ ml: 0.5 }}
                              >
                                {`Document ${i + 1}`}
                              </Link>
                            ))}
                          </Box>
                        ) : (
                          <Box>
                            <Chip size="small" color="error" label="Refused" />
                            <Typography variant="body2" color="text.secondary">
                              {d.reason}
                            </Typography>
                          </Box>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Stack>
      )}
    </>
  );
}
