import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PartyType, canChangeData } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { TablePager } from '../../components/data-table/table-pager';
import { errorMessage } from '../../lib/api-error';
import { formatCentsForUser, formatMoneyForUser } from '../../lib/money';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useOnline } from '../../lib/use-online';
import { useAuth } from '../../app/auth/auth-context';
import { useSession } from '../session/use-session';
import { useCreateInvoiceFromTickets, useFieldTickets, type FieldTicketSummary } from './api';
import { flipRefusal, toggleFlip, type FlipRow } from './flip-selection';
import { useOperators } from './operators';
import { useKeepPriceBooks } from './price-book-offline';
import { QueueStateChip } from './queue-state-chip';
import { fieldTicketQueue, useFieldTicketQueue } from './queue/runtime';
import { bodyTotalCents } from './ticket-form';
import { ticketStatusFilters, ticketStatusLabel } from './ticket-status';
import { visuallyHidden } from '../../components/visually-hidden';

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The other company of a row: the operator on the Sent tab, the vendor on Received. */
const otherCompany = (t: FieldTicketSummary) => t.counterparty;

const flipRow = (t: FieldTicketSummary, billableView: boolean): FlipRow => ({
  documentId: t.documentId,
  operatorId: otherCompany(t).companyId,
  operatorName: otherCompany(t).name,
  // Approved and not billed: what the API's billable=true lists.
  billable: billableView || (t.status === 'approved' && t.billedBy === null),
});

/**
 * The tickets kept on this phone that the server does not have yet (or has as a draft): each
 * with where it is on its way, and the count in the heading's badge.
 */
function PhoneQueue() {
  const { user } = useSession();
  const auth = useAuth();
  const online = useOnline();
  const items = useFieldTicketQueue().filter((t) => t.userId === user.id && t.state !== 'sent');
  if (items.length === 0) return null;
  const waiting = items.filter((t) => t.state !== 'draft').length;
  const signIn = items.some((t) => t.state === 'signin');
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} role="region" aria-label="On this phone">
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}
      >
        <Badge
          badgeContent={waiting}
          color="secondary"
          max={999}
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <Typography variant="h2" sx={{ fontSize: '1.1rem', pr: 1 }}>
            On this phone
          </Typography>
        </Badge>
        <Typography color="text.secondary" role="status">
          {waiting === 1 ? '1 ticket waiting to send' : `${waiting} tickets waiting to send`}
          {!online && waiting > 0 ? ' — offline' : ''}
        </Typography>
      </Stack>
      {signIn && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void auth.signIn('/field-tickets')}>
              Sign in
            </Button>
          }
        >
          Your session has ended. Sign in again to send these tickets — they stay on this phone.
        </Alert>
      )}
      <Stack
        component="ul"
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label="Tickets on this phone"
      >
        {items.map((t) => (
          <Stack
            component="li"
            key={t.clientId}
            direction="row"
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
          >
            <Link component={RouterLink} to={`/field-tickets/queued/${t.clientId}`}>
              {t.ticket.fields.docNumber}
            </Link>
            <Typography sx={{ flex: 1, minWidth: 120 }}>
              {t.operatorName} · {formatCentsForUser(bodyTotalCents(t.ticket))}
            </Typography>
            <QueueStateChip state={t.state} />
            {t.state === 'error' && (
              <Button size="small" onClick={() => void fieldTicketQueue.retry(t.clientId)}>
                Retry
              </Button>
            )}
            {t.state === 'draft' && (
              <Button
                size="small"
                component={RouterLink}
                to={`/field-tickets/queued/${t.clientId}/signoff`}
              >
                Sign off
              </Button>
            )}
            {t.error && t.state === 'error' && (
              <Typography variant="body2" color="error" sx={{ width: '100%' }}>
                {t.error}
              </Typography>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Field tickets (issue 32 items 2–3; docs/field-tickets-offline.md): the vendor's tickets with the
 * ones still on the phone above them, filters, and the invoice flip — approved, unbilled tickets
 * of one operator selected and billed on one invoice draft.
 */
export function FieldTicketsPage() {
  const { company, user } = useSession();
  // Vendors' writers write and bill tickets (the API refuses other companies); operators receive.
  const mayWrite =
    canChangeData({ roles: user.roles, userType: user.userType }) &&
    company.partyTypeIds.includes(PartyType.Vendor);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [side, setSide] = useState<'sent' | 'received'>(() =>
    company.partyTypeIds.includes(PartyType.Vendor) ? 'sent' : 'received',
  );
  const [status, setStatus] = useState('');
  const [partyId, setPartyId] = useState<number | ''>('');
  const [billable, setBillable] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<FlipRow[]>([]);
  const operators = useOperators(company.id);
  // The crew opens the list at the yard: the price books are kept for the wellsite.
  useKeepPriceBooks(company.id, useOnline() && mayWrite);
  const tickets = useFieldTickets({
    side,
    status: billable ? undefined : status,
    partyId: partyId === '' ? undefined : partyId,
    billable: side === 'sent' && billable,
    q,
    page: page + 1,
    pageSize,
  });
  const flip = useCreateInvoiceFromTickets();
  const flipping = side === 'sent' && mayWrite;
  const reset = () => {
    setPage(0);
    setSelected([]);
  };

  const createInvoice = () =>
    flip.mutate(
      selected.map((s) => s.documentId),
      {
        onSuccess: ({ invoiceDocumentId }) => void navigate(`/documents/${invoiceDocumentId}`),
        onError: (error) => snackbar.showError(errorMessage(error)),
      },
    );

  return (
    <>
      <PageHeader
        title="Field tickets"
        actions={
          mayWrite ? (
            <Button variant="contained" component={RouterLink} to="/field-tickets/new">
              New field ticket
            </Button>
          ) : undefined
        }
      />
      <PhoneQueue />
      <Tabs
        value={side}
        onChange={(_e, value: 'sent' | 'received') => {
          setSide(value);
          setBillable(false);
          reset();
        }}
        aria-label="Field tickets"
        sx={{ mb: 2 }}
      >
        <Tab value="sent" label="Sent" />
        <Tab value="received" label="Received" />
      </Tabs>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
      >
        <TextField
          size="small"
          label="Search"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            reset();
          }}
          sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={billable ? '' : status}
          disabled={billable}
          onChange={(e) => {
            setStatus(e.target.value);
            reset();
          }}
          sx={{ minWidth: 140 }}
        >
          {ticketStatusFilters.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        {side === 'sent' && (
          <TextField
            select
            size="small"
            label="Operator"
            value={partyId}
            onChange={(e) => {
              setPartyId(e.target.value === '' ? '' : Number(e.target.value));
              reset();
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">All operators</MenuItem>
            {(operators.data ?? []).map((o) => (
              <MenuItem key={o.partyId} value={o.partyId}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {flipping && (
          <FormControlLabel
            control={
              <Switch
                checked={billable}
                onChange={(e) => {
                  setBillable(e.target.checked);
                  reset();
                }}
              />
            }
            label="Ready to invoice"
          />
        )}
      </Stack>
      {flipping && selected.length > 0 && (
        <Toolbar
          role="toolbar"
          aria-label="Selected tickets"
          variant="dense"
          sx={{ gap: 1, mb: 1, bgcolor: 'action.selected', borderRadius: 1, flexWrap: 'wrap' }}
        >
          <Typography sx={{ flex: 1 }}>
            {selected.length} selected · {selected[0]!.operatorName}
          </Typography>
          <Button variant="contained" onClick={createInvoice} disabled={flip.isPending}>
            Create invoice
          </Button>
        </Toolbar>
      )}
      {tickets.isError && <Alert severity="error">{errorMessage(tickets.error)}</Alert>}
      {tickets.isPending ? (
        <CircularProgress aria-label="Loading field tickets" />
      ) : tickets.data?.items.length === 0 ? (
        <Typography>
          {billable
            ? 'No approved tickets wait to be invoiced.'
            : side === 'sent'
              ? 'No field tickets sent yet.'
              : 'No field tickets received yet.'}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={side === 'sent' ? 'Tickets sent' : 'Tickets received'}>
            <TableHead>
              <TableRow>
                {flipping && (
                  <TableCell padding="checkbox">
                    <Box component="span" sx={visuallyHidden}>
                      Select
                    </Box>
                  </TableCell>
                )}
                <TableCell>Ticket</TableCell>
                <TableCell>{side === 'sent' ? 'Operator' : 'Vendor'}</TableCell>
                <TableCell sx={hideOnPhone}>Service date</TableCell>
                <TableCell sx={hideOnPhone}>Well / Lease</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tickets.data?.items.map((t) => {
                const row = flipRow(t, billable);
                const isSelected = selected.some((s) => s.documentId === t.documentId);
                const refusal = flipRefusal(selected, row);
                const number = t.ticketNumber;
                return (
                  <TableRow key={t.documentId} hover selected={isSelected}>
                    {flipping && (
                      <TableCell padding="checkbox">
                        <Tooltip title={refusal ?? ''}>
                          <span>
                            <Checkbox
                              checked={isSelected}
                              disabled={!isSelected && refusal !== null}
                              onChange={() => setSelected((s) => toggleFlip(s, row))}
                              slotProps={{ input: { 'aria-label': `Select ticket ${number}` } }}
                            />
                          </span>
                        </Tooltip>
                      </TableCell>
                    )}
                    <TableCell>
                      <Link component={RouterLink} to={`/field-tickets/${t.documentId}`}>
                        {number}
                      </Link>
                    </TableCell>
                    <TableCell>{otherCompany(t).name}</TableCell>
                    <TableCell sx={hideOnPhone}>{t.serviceDate}</TableCell>
                    <TableCell sx={hideOnPhone}>{t.wellName}</TableCell>
                    <TableCell>{t.billedBy ? 'Billed' : ticketStatusLabel(t.status)}</TableCell>
                    <TableCell align="right">{formatMoneyForUser(t.total)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <TablePager
            count={tickets.data?.total ?? 0}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        </TableContainer>
      )}
    </>
  );
}
