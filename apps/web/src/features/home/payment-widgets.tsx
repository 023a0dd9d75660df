import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DiscountSummary, ExpectedCash } from '@flowline/shared';
import { formatMoneyForUser as money } from '../../lib/money';
import { useDateFormatter } from '../preferences';
import { useDiscountSummary, useExpectedCash } from './api';
import { QueryWidget } from './dashboard-widgets';

const invoices = (n: number) => `${n} invoice${n === 1 ? '' : 's'}`;

/** A bar as wide as its share of the largest amount (decorative: the table says the numbers). */
function Bar({ value, max, color }: { value: number; max: number; color: string }) {
  const width = max > 0 ? Math.max((value / max) * 100, value > 0 ? 2 : 0) : 0;
  return (
    <Box
      aria-hidden
      sx={{ mt: 0.5, height: 10, borderRadius: 1, bgcolor: 'action.hover', minWidth: 60 }}
    >
      <Box sx={{ height: '100%', width: `${width}%`, borderRadius: 1, bgcolor: color }} />
    </Box>
  );
}

/**
 * The vendor's expected cash (issue 29 item 7): what its open invoices still bring in — net of
 * the payments recorded — overdue, by the week they are due, and later.
 */
export function ExpectedCashView({ data }: { data: ExpectedCash }) {
  const { formatDate } = useDateFormatter();
  const rows = [
    { key: 'overdue', label: 'Overdue', ...data.overdue, overdue: true },
    ...data.weeks.map((w, i) => ({
      key: w.weekStart,
      label: i === 0 ? 'This week' : `Week of ${formatDate(w.weekStart)}`,
      amount: w.amount,
      count: w.count,
      overdue: false,
    })),
    { key: 'later', label: 'Later', ...data.later, overdue: false },
  ];
  const max = Math.max(...rows.map((r) => r.amount));
  if (data.total.count === 0)
    return <Typography color="text.secondary">You have no open invoices</Typography>;
  return (
    <Box>
      <Typography sx={{ mb: 1 }} data-testid="expected-cash-total">
        {money(data.total.amount)} open in {invoices(data.total.count)}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Expected cash by week">
          <TableHead>
            <TableRow>
              <TableCell>Due</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell component="th" scope="row">
                  {r.label}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', width: '55%' }}>
                  {money(r.amount)}
                  {r.count > 0 && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {` (${r.count})`}
                    </Typography>
                  )}
                  <Bar
                    value={r.amount}
                    max={max}
                    color={r.overdue ? 'error.main' : 'primary.main'}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/**
 * The receiver's early-pay discounts (issue 29 item 7): captured in payment runs, missed (the
 * window passed without taking it) and still available, over the last 12 months.
 */
export function DiscountSummaryView({ data }: { data: DiscountSummary }) {
  const { formatDate } = useDateFormatter();
  const figures = [
    { label: 'Captured', ...data.captured, color: 'success.main' },
    { label: 'Missed', ...data.missed, color: 'error.main' },
    { label: 'Available now', ...data.available, color: 'primary.main' },
  ];
  const max = Math.max(...figures.map((f) => f.amount));
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Since {formatDate(data.since)}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {figures.map((f) => (
          <Box component="li" key={f.label}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography component="span">{f.label}</Typography>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {money(f.amount)}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({invoices(f.count)})
                </Typography>
              </Typography>
            </Box>
            <Bar value={f.amount} max={max} color={f.color} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Rendered by Home's LaterWidget, which names the card while its code loads. */
export function ExpectedCashWidget({ title }: { title: string }) {
  return (
    <QueryWidget title={title} query={useExpectedCash()}>
      {(data) => data && <ExpectedCashView data={data} />}
    </QueryWidget>
  );
}

/** Rendered by Home's LaterWidget, which names the card while its code loads. */
export function DiscountsWidget({ title }: { title: string }) {
  return (
    <QueryWidget title={title} query={useDiscountSummary()} minHeight={160}>
      {(data) => data && <DiscountSummaryView data={data} />}
    </QueryWidget>
  );
}
