import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MailOutlined from '@mui/icons-material/MailOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { invitationMessages, type Invitation } from '@flowline/shared';
import { AdminOnlyTooltip } from '../../components/read-only/read-only-notice';
import { HighlightedText } from './highlighted-text';
import { visuallyHidden } from '../../components/visually-hidden';

export interface InvitationActions {
  canAct: boolean;
  /** Phone layout: one column with the details stacked, actions beside it (spec 2 §2.1 mobile). */
  compact: boolean;
  /** The search text, highlighted in the name (spec 2 §2.7). */
  search: string;
  /** The company's word for a connection (terminology), in the name column's header. */
  connectionTerm: string;
  formatDate(value: string): string;
  onAccept(row: Invitation): void;
  onReject(row: Invitation): void;
  onDelete(row: Invitation): void;
}

/**
 * The connection the invitation is from, in the receiver's own words: its record for the inviting
 * company when it has one, else the inviting company's name. Never the sender's name for the
 * receiver (`senderPartyNameOfReceiverCompany`), which is the receiver itself (issue 27 item 16).
 */
export const connectionName = (row: Invitation) => row.receiverPartyName ?? row.companyName;

/** Long values (addresses, e-mails) wrap inside their cell instead of widening the table. */
const wrapping = { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.35 } as const;
const wrapCell = (value: string | null | undefined) => (
  <Box component="span" sx={wrapping}>
    {value ?? ''}
  </Box>
);

function ExpiredMarker({ row }: { row: Invitation }) {
  return (
    <Tooltip title={invitationMessages.expiredTooltip(row.companyName)}>
      <Chip label="EXPIRED" color="error" size="small" sx={{ fontSize: '0.7rem' }} />
    </Tooltip>
  );
}

function RowActions({ row, a }: { row: Invitation; a: InvitationActions }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: a.compact ? 'column' : 'row',
        gap: a.compact ? 0.5 : 1,
        alignItems: a.compact ? 'stretch' : 'center',
        height: '100%',
        justifyContent: 'center',
      }}
    >
      {row.expired ? (
        <AdminOnlyTooltip disabled={!a.canAct}>
          <Button size="small" color="error" disabled={!a.canAct} onClick={() => a.onDelete(row)}>
            Delete
          </Button>
        </AdminOnlyTooltip>
      ) : (
        <>
          <AdminOnlyTooltip disabled={!a.canAct}>
            <Button
              size="small"
              variant="contained"
              disabled={!a.canAct}
              onClick={() => a.onAccept(row)}
            >
              Accept
            </Button>
          </AdminOnlyTooltip>
          <AdminOnlyTooltip disabled={!a.canAct}>
            <Button size="small" disabled={!a.canAct} onClick={() => a.onReject(row)}>
              Reject
            </Button>
          </AdminOnlyTooltip>
        </>
      )}
    </Box>
  );
}

const actionsColumn = (a: InvitationActions): GridColDef<Invitation> => ({
  field: 'actions',
  headerName: 'Actions',
  renderHeader: () => (
    <Box component="span" sx={visuallyHidden}>
      Actions
    </Box>
  ),
  width: a.compact ? 96 : 156,
  sortable: false,
  disableColumnMenu: true,
  renderCell: ({ row }) => <RowActions row={row} a={a} />,
});

/** On a phone: the name with the marker, company, sender and received date stacked. */
function compactColumns(a: InvitationActions): GridColDef<Invitation>[] {
  return [
    {
      field: 'senderPartyNameOfReceiverCompany',
      headerName: `${a.connectionTerm} Name`,
      flex: 1,
      minWidth: 150,
      valueGetter: (_v, row) => connectionName(row),
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, ...wrapping }}>
          <Typography variant="body2" sx={{ fontWeight: 500, ...wrapping }}>
            <HighlightedText text={connectionName(row)} search={a.search} />
          </Typography>
          {row.expired && <ExpiredMarker row={row} />}
          {row.companyName !== connectionName(row) && (
            <Typography variant="caption" component="div" sx={wrapping}>
              From {row.companyName}
            </Typography>
          )}
          {row.senderEmail && (
            <Typography variant="caption" component="div" sx={wrapping}>
              {row.senderEmail}
            </Typography>
          )}
          <Typography variant="caption" component="div" color="text.secondary">
            Received Date: {a.formatDate(row.receivedDate)}
          </Typography>
        </Box>
      ),
    },
    actionsColumn(a),
  ];
}

/**
 * Spec 2 §2.7: icon or EXPIRED marker, names, sender details, received date, actions. Sized to fit
 * the content area of a 1280 px window with the navigation open (about 970 px) with the Company
 * column too: long values wrap, headers wrap, the actions column never shrinks.
 */
export function invitationColumns(a: InvitationActions): GridColDef<Invitation>[] {
  if (a.compact) return compactColumns(a);
  return [
    {
      field: 'expired',
      headerName: 'Status',
      renderHeader: () => (
        <Box component="span" sx={visuallyHidden}>
          Status
        </Box>
      ),
      width: 84,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) =>
        row.expired ? (
          <ExpiredMarker row={row} />
        ) : (
          <MailOutlined color="primary" aria-label="Invitation" />
        ),
    },
    {
      field: 'senderPartyNameOfReceiverCompany',
      headerName: `${a.connectionTerm} Name`,
      flex: 1.2,
      minWidth: 104,
      valueGetter: (_v, row) => connectionName(row),
      renderCell: ({ row }) => (
        <Box component="span" sx={wrapping}>
          <HighlightedText text={connectionName(row)} search={a.search} />
        </Box>
      ),
    },
    // Shown whatever the feature flags: the inviting company (issue 27 item 16).
    {
      field: 'companyName',
      headerName: 'Company',
      flex: 1,
      minWidth: 96,
      renderCell: ({ row }) => wrapCell(row.companyName),
    },
    {
      field: 'senderOrgUnitNameOfReceiverCompany',
      headerName: 'Invite To',
      flex: 0.8,
      minWidth: 84,
      renderCell: ({ row }) => wrapCell(row.senderOrgUnitNameOfReceiverCompany),
    },
    {
      field: 'companyAddress',
      headerName: 'Company Address',
      flex: 1.2,
      minWidth: 104,
      renderCell: ({ row }) => wrapCell(row.companyAddress),
    },
    {
      field: 'senderEmail',
      headerName: 'Sender Email',
      flex: 1.2,
      minWidth: 104,
      renderCell: ({ row }) => wrapCell(row.senderEmail),
    },
    {
      field: 'maskedTaxNumber',
      headerName: 'Sender Tax ID',
      width: 96,
      renderCell: ({ row }) => wrapCell(row.maskedTaxNumber),
    },
    {
      field: 'receivedDate',
      headerName: 'Received Date',
      width: 100,
      valueFormatter: (value: string) => a.formatDate(value),
    },
    actionsColumn(a),
  ];
}
