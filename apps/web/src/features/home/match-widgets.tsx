import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  matchReasonLabels,
  type OperatorMatchDashboard,
  type VendorTicketDashboard,
} from '@flowline/shared';
import { useOperatorMatchDashboard, useVendorTicketDashboard } from '../three-way-match/api';
import { QueryWidget } from './dashboard-widgets';

/** Touchless invoicing on Home (issue 32 item 5; docs/three-way-match.md). */

const percent = (rate: number) => `${Math.round(rate * 1000) / 10} %`;
const hours = (h: number | null) =>
  h === null ? '—' : h < 48 ? `${h} h` : `${Math.round((h / 24) * 10) / 10} days`;
const days = (d: number | null) => (d === null ? '—' : `${d} days`);

export function TouchlessView({ data }: { data: OperatorMatchDashboard }) {
  const rows = data.touchlessByVendorMonth;
  if (rows.length === 0 && data.cycleTime.approved === 0) {
    return (
      <Typography color="text.secondary">No invoices received in the last 6 months</Typography>
    );
  }
  const received = rows.reduce((s, r) => s + r.received, 0);
  const touchless = rows.reduce((s, r) => s + r.touchless, 0);
  return (
    <Box>
      <Typography sx={{ mb: 1 }} data-testid="touchless-rate">
        {percent(received ? touchless / received : 0)} approved touchless ({touchless} of {received}{' '}
        invoices)
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Received → approved: median {hours(data.cycleTime.medianHours)}, 90th percentile{' '}
        {hours(data.cycleTime.p90Hours)} ({data.cycleTime.approved} approved)
      </Typography>
      {data.exceptionsByReason.length > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Open exceptions:{' '}
          {data.exceptionsByReason
            .map((r) => `${matchReasonLabels[r.reason]} ${r.open}`)
            .join(' · ')}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Touchless rate by vendor and month">
          <TableHead>
            <TableRow>
              <TableCell>Month</TableCell>
              <TableCell>Vendor</TableCell>
              <TableCell align="right">Touchless</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, 8).map((r) => (
              <TableRow key={`${r.month}-${r.vendorCompanyId}`}>
                <TableCell>{r.month}</TableCell>
                <TableCell>{r.vendorName}</TableCell>
                <TableCell align="right">
                  {percent(r.rate)} of {r.received}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** Rendered by Home's LaterWidget, which names the card while its code loads. */
export function TouchlessWidget({ title }: { title: string }) {
  return (
    <QueryWidget title={title} query={useOperatorMatchDashboard()} minHeight={160}>
      {(data) => data && <TouchlessView data={data} />}
    </QueryWidget>
  );
}

export function FieldTicketsView({ data }: { data: VendorTicketDashboard }) {
  if (data.byMonth.length === 0) {
    return (
      <Typography color="text.secondary">No field tickets signed in the last 6 months</Typography>
    );
  }
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Ticket → invoice: median {days(data.ticketToInvoiceDays.median)}, 90th percentile{' '}
        {days(data.ticketToInvoiceDays.p90)}. Invoice → payment: median{' '}
        {days(data.invoiceToPaymentDays.median)}, 90th percentile{' '}
        {days(data.invoiceToPaymentDays.p90)}.
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {data.unbilledApproved} approved {data.unbilledApproved === 1 ? 'ticket' : 'tickets'} not
        yet invoiced
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Field tickets signed and invoiced by month">
          <TableHead>
            <TableRow>
              <TableCell>Month</TableCell>
              <TableCell align="right">Signed</TableCell>
              <TableCell align="right">Invoiced</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.byMonth.map((r) => (
              <TableRow key={r.month}>
                <TableCell>{r.month}</TableCell>
                <TableCell align="right">{r.signed}</TableCell>
                <TableCell align="right">{r.invoiced}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** Rendered by Home's LaterWidget, which names the card while its code loads. */
export function FieldTicketsWidget({ title }: { title: string }) {
  return (
    <QueryWidget title={title} query={useVendorTicketDashboard()} minHeight={160}>
      {(data) => data && <FieldTicketsView data={data} />}
    </QueryWidget>
  );
}
