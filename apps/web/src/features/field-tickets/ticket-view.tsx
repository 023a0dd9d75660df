import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { toCents } from '@flowline/shared';
import { formatCentsForUser, formatMoneyForUser } from '../../lib/money';

export interface TicketViewLine {
  itemCode?: string | null;
  description?: string | null;
  quantity?: string | number | null;
  uom?: string | null;
  unitPrice?: string | number | null;
  amount?: string | number | null;
}

export interface TicketViewSignoff {
  signerName: string;
  signerTitle?: string | null;
  signedAt: string;
  receivedAt?: string | null;
  position?: { latitude: number; longitude: number; accuracyMeters?: number | null } | null;
}

const fieldLabels: [string, string][] = [
  ['docServiceDate', 'Service date'],
  ['docStartTime', 'Start time'],
  ['docEndTime', 'End time'],
  ['docWellName', 'Well / Lease'],
  ['docAFE', 'AFE number'],
  ['docCostCenter', 'Cost center'],
  ['docJobDescription', 'Job description'],
  ['docCrew', 'Crew'],
  ['docFieldSupervisor', 'Field supervisor'],
];

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

const dateTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

/** A ticket's details, lines and signoff evidence: the same on the phone and from the server. */
export function TicketView({
  fields,
  parties,
  lines,
  signoff,
  after,
}: {
  fields: Record<string, unknown>;
  /** 'Operator' / 'Vendor' and their names. */
  parties: [string, string][];
  lines: TicketViewLine[];
  signoff: TicketViewSignoff | null;
  after?: ReactNode;
}) {
  const total = lines.reduce((sum, l) => sum + (toCents(l.amount?.toString() ?? null) ?? 0), 0);
  const rows = [
    ...parties,
    ...fieldLabels
      .map(([key, label]): [string, string] => [label, String(fields[key] ?? '')])
      .filter(([, value]) => value !== ''),
  ];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: 0.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
      </Paper>
      <Paper variant="outlined">
        <Table size="small" aria-label="Ticket lines">
          <TableHead>
            <TableRow>
              <TableCell>Description</TableCell>
              <TableCell align="right">Qty</TableCell>
              <TableCell align="right" sx={hideOnPhone}>
                Unit price
              </TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, i) => (
              <TableRow key={i}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {line.itemCode ? `${line.itemCode} ` : ''}
                  {line.description}
                </TableCell>
                <TableCell align="right">
                  {line.quantity} {line.uom ?? ''}
                </TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  {formatMoneyForUser(line.unitPrice ?? null)}
                </TableCell>
                <TableCell align="right">{formatMoneyForUser(line.amount ?? null)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={2} sx={{ fontWeight: 700, color: 'text.primary' }}>
                Ticket total
              </TableCell>
              <TableCell sx={hideOnPhone} />
              <TableCell align="right" sx={{ fontWeight: 700, color: 'text.primary' }}>
                {formatCentsForUser(total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Paper>
      <Paper variant="outlined" sx={{ p: 1.5 }} role="region" aria-label="Signoff">
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          Signoff
        </Typography>
        {signoff ? (
          <Stack spacing={0.5}>
            <Typography>
              Signed at the wellsite by {signoff.signerName}
              {signoff.signerTitle ? `, ${signoff.signerTitle}` : ''}
            </Typography>
            <Typography color="text.secondary">
              Signed on the phone at {dateTime(signoff.signedAt)}
              {signoff.receivedAt ? ` · received ${dateTime(signoff.receivedAt)}` : ''}
            </Typography>
            <Typography color="text.secondary">
              {signoff.position
                ? `Location: ${signoff.position.latitude.toFixed(5)}, ${signoff.position.longitude.toFixed(5)}${
                    signoff.position.accuracyMeters != null
                      ? ` (±${signoff.position.accuracyMeters} m)`
                      : ''
                  }`
                : 'Location not shared'}
            </Typography>
          </Stack>
        ) : (
          <Typography color="text.secondary">Not signed yet.</Typography>
        )}
      </Paper>
      {after}
    </Stack>
  );
}
