import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { DocumentTemplate, DocumentTypeId, type DocumentDto } from '@flowline/shared';
import { formatMoneyForUser } from '../../lib/money';
import { useInvoiceFieldTickets } from './api';

const invoiceTemplates: number[] = [DocumentTemplate.Invoice, DocumentTemplate.ArInvoice];

/**
 * On the document screen (issue 32 item 3): an invoice lists the field tickets it bills (links to
 * each), nothing when it bills none; a field ticket links to its ticket screen (lines, signoff
 * evidence, the invoice that bills it).
 */
export function DocumentFieldTicketsPanel({ doc }: { doc: DocumentDto }) {
  const isInvoice = invoiceTemplates.includes(doc.documentTypeTemplateId);
  const tickets = useInvoiceFieldTickets(doc.id, isInvoice);
  if (doc.documentTypeId === DocumentTypeId.FieldTicket) {
    return (
      <Alert severity="info" icon={false} sx={{ mb: 1 }}>
        <Link component={RouterLink} to={`/field-tickets/${doc.id}`}>
          Field ticket details: lines, signoff at the wellsite, billing
        </Link>
      </Alert>
    );
  }
  const items = tickets.data?.items ?? [];
  if (!isInvoice || items.length === 0) return null;
  return (
    <Alert severity="info" icon={false} sx={{ mb: 1 }} role="region" aria-label="Field tickets">
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
        <strong>Field tickets</strong>
        {items.map((t) => (
          <Link key={t.documentId} component={RouterLink} to={`/field-tickets/${t.documentId}`}>
            {t.ticketNumber} ({formatMoneyForUser(t.total)})
          </Link>
        ))}
      </Stack>
    </Alert>
  );
}
