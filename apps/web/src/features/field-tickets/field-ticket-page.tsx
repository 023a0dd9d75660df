import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-error';
import { useFieldTicket } from './api';
import { ticketStatusLabel } from './ticket-status';
import { TicketView } from './ticket-view';

/**
 * A field ticket from the server (/field-tickets/:documentId), for the vendor and the operator:
 * its lines, the signoff evidence, and the invoice that bills it. The document screen has its
 * PDF, history and the operator's Approve / Dispute.
 */
export function FieldTicketPage() {
  const id = Number(useParams().documentId);
  const ticket = useFieldTicket(Number.isInteger(id) && id > 0 ? id : null);
  if (ticket.isPending) return <CircularProgress aria-label="Loading the field ticket" />;
  if (ticket.isError) return <Alert severity="error">{errorMessage(ticket.error)}</Alert>;
  const t = ticket.data;
  const number = t.ticketNumber ?? t.fields?.docNumber ?? `#${t.documentId}`;
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <PageHeader
        title={`Field ticket ${number}`}
        actions={
          <Button component={RouterLink} to={`/documents/${t.documentId}`} variant="outlined">
            Open document
          </Button>
        }
      />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip size="small" variant="outlined" label={ticketStatusLabel(t.status)} />
        {t.billedBy && (
          <Typography>
            Billed by invoice{' '}
            <Link component={RouterLink} to={`/documents/${t.billedBy.invoiceDocumentId}`}>
              {t.billedBy.invoiceNumber ?? `#${t.billedBy.invoiceDocumentId}`}
            </Link>
          </Typography>
        )}
      </Stack>
      <TicketView
        fields={t.fields ?? {}}
        parties={[
          ['Operator', t.operator?.name ?? ''],
          ['Vendor', t.vendor?.name ?? ''],
        ]}
        lines={t.lines}
        signoff={t.signoff ?? null}
      />
    </Stack>
  );
}
