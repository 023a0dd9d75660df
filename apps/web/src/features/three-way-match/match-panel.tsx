import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  formatMatchMoney,
  isInvoiceDocument,
  matchVerdictLabels,
  type DocumentDto,
  type InvoiceMatchDto,
  type MatchVerdict,
} from '@flowline/shared';
import { useDocumentMatch } from './api';
import { ResolveDialog, actionTexts } from './resolve-dialog';

const verdictColor: Record<MatchVerdict, ChipProps['color']> = {
  matched: 'success',
  priceDiffers: 'warning',
  noTicket: 'error',
  quantityOverTicket: 'error',
};

const statusText: Record<InvoiceMatchDto['status'], string> = {
  matched: 'Matched',
  open: 'Exceptions',
  accepted: 'Difference accepted',
  resolved: 'Exceptions (resolved)',
};

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * The operator's 'Three-way match' panel on an invoice (issue 32 item 4; docs/three-way-match.md):
 * each line's verdict with its tickets and the book's price, and the invoice's verdict. Shown only
 * for a received invoice that was matched (it billed tickets, or a price book applies).
 */
export function MatchPanel({ doc }: { doc: DocumentDto }) {
  const applies =
    doc.side === 'received' && isInvoiceDocument(doc.documentTypeTemplateId, doc.documentTypeId);
  const match = useDocumentMatch(doc.id, applies);
  const [accepting, setAccepting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (!applies || !match.data) return null;
  const m = match.data;
  // Accepting is for the members who work the invoice (the ones who may dispute or release it).
  const mayAccept =
    m.status === 'open' && (doc.workflowActions.dispute || doc.workflowActions.releaseHold);
  const invoiceNumber = doc.metadata.find((e) => e.metadata.key === 'docNumber')?.value ?? null;
  const versions = m.priceBookVersions.map((v) => `v${v.versionNumber}`).join(', ');
  return (
    <Accordion
      variant="outlined"
      disableGutters
      defaultExpanded={m.status === 'open'}
      sx={{ mb: 2 }}
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="three-way-match-details">
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography component="span" sx={{ fontWeight: 600 }}>
            Three-way match
          </Typography>
          <Chip
            size="small"
            label={statusText[m.status]}
            color={
              m.verdict === 'matched' ? 'success' : m.status === 'open' ? 'warning' : 'default'
            }
          />
          {m.touchless && (
            <Typography component="span" variant="body2" color="text.secondary">
              Approved automatically
            </Typography>
          )}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id="three-way-match-details">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {m.tickets.length
            ? `Tickets ${m.tickets.map((t) => t.ticketNumber).join(', ')}`
            : 'No field tickets'}
          {versions ? ` · price book ${versions}` : ''}
        </Typography>
        {m.reasons.length > 0 && (
          <Stack component="ul" spacing={0.5} sx={{ mt: 0, mb: 1, pl: 2 }}>
            {m.reasons.map((r) => (
              <Typography component="li" variant="body2" key={r}>
                {r}
              </Typography>
            ))}
          </Stack>
        )}
        {m.accepted && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            Accepted by {m.accepted.userName ?? 'a user'}: {m.accepted.comment}
          </Typography>
        )}
        {notice && (
          <Alert severity="success" sx={{ mb: 1 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {mayAccept && (
          <Button variant="outlined" size="small" sx={{ mb: 1 }} onClick={() => setAccepting(true)}>
            {actionTexts.accept.title}
          </Button>
        )}
        {accepting && (
          <ResolveDialog
            row={{ documentId: doc.id, invoiceNumber, reasons: m.reasons }}
            action="accept"
            onClose={() => setAccepting(false)}
            onDone={(text) => {
              setAccepting(false);
              setNotice(text);
            }}
          />
        )}
        <TableContainer>
          <Table size="small" aria-label="Three-way match by line">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Item</TableCell>
                <TableCell>Match</TableCell>
                <TableCell sx={hideOnPhone}>Tickets</TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  Billed
                </TableCell>
                <TableCell align="right">Book price</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {m.lines.map((l) => (
                <TableRow key={l.lineNumber}>
                  <TableCell>{l.lineNumber}</TableCell>
                  <TableCell>{l.itemCode ?? '—'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={matchVerdictLabels[l.verdict]}
                      color={verdictColor[l.verdict]}
                    />
                  </TableCell>
                  <TableCell sx={hideOnPhone}>{l.ticketNumbers.join(', ') || '—'}</TableCell>
                  <TableCell align="right" sx={hideOnPhone}>
                    {formatMatchMoney(l.unitPrice)}
                  </TableCell>
                  <TableCell align="right">
                    {l.expectedUnitPrice === null
                      ? '—'
                      : `${formatMatchMoney(l.expectedUnitPrice)}${
                          l.priceBookVersionNumber ? ` (v${l.priceBookVersionNumber})` : ''
                        }`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </AccordionDetails>
    </Accordion>
  );
}
